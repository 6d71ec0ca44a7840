/**
 * What an authorization or a single order is checked against before anything is priced or written: the fields
 * that do not apply to its elections (a plan with a waiver), the location on file (a waiver's ZIP code and county,
 * a plan quoted at the county of the member's ZIP) and the plan's premium for the family on file. Each refusal is a
 * 400 on its field with the text of the employer's cart document (schemas/forms/acknowledgements.schema.json: the
 * cart sends the authorization, so an employer's override changes these too) or the enrollment's own
 * (enrollment-messages.ts).
 */
import type { HealthPlan } from '#contracts/entities.ts';
import type { DbOrTx } from '#db/database.ts';
import type { DependentRow } from '#db/repositories/member/dependent.repository.ts';
import type * as employers from '#db/repositories/employer/employer.repository.ts';
import * as locations from '#db/repositories/reference/location.repository.ts';
import type * as members from '#db/repositories/member/member.repository.ts';
import { chooseLocation } from '#domain/places/locations.ts';
import type { Cents } from '#domain/values/money.ts';
import { AppError, badRequest, type Said } from '../../errors.ts';
import type { PlanPremiumSource } from './enrollment-prices.ts';
import { MESSAGES } from './enrollment-messages.ts';
import { LOCATION_MESSAGE } from './plan-quotes.ts';

/** The check failed: a 400 naming the field, nothing written. */
export const refuse = (message: Said, field: string) => badRequest(message, { [field]: [message] });

/** The cart document's message keys these checks answer with. */
const CHECK_MESSAGE_KEYS = ['plan-zip', 'plan-county', 'waiver-plan', 'waiver-rate', 'cost-without-service', 'waiver-zip', 'waiver-county'] as const;
export type CheckMessages = Record<(typeof CHECK_MESSAGE_KEYS)[number], string>;

/**
 * The texts these checks answer with, from the employer's resolved acknowledgements (cart) document. Resolve the
 * document BEFORE a transaction opens: the content service reads overrides through app.db (see dateMessages).
 */
export function checkMessages(document: { messages?: Record<string, string> }): CheckMessages {
  const messages = document.messages ?? {};
  return Object.fromEntries(
    CHECK_MESSAGE_KEYS.map((key) => {
      const text = messages[key];
      if (!text) throw new Error(`The acknowledgements document has no message '${key}'.`);
      return [key, text];
    }),
  ) as CheckMessages;
}

type MemberRow = members.MemberRow;
type EmployerRow = NonNullable<Awaited<ReturnType<typeof employers.findById>>>;
/** The member, employer and dependents as an authorization read them, under the member's lock. */
export type LockedFamily = { member: MemberRow; employer: EmployerRow; dependents: DependentRow[] };

/**
 * The first field of an authorization that names something its elections do not have (a plan or a rate with a
 * waiver, a service cost without a service), with its message: such a field is refused, never silently ignored.
 */
export function notApplyingField(
  messages: CheckMessages,
  body: { healthoption: string; planid?: string; rate?: number; servicecost?: number; productoptionid?: string },
): { field: string; message: string } | null {
  const waiving = body.healthoption === 'waive';
  if (waiving && body.planid) return { field: '/planid', message: messages['waiver-plan'] };
  if (waiving && body.rate !== undefined) return { field: '/rate', message: messages['waiver-rate'] };
  if (body.servicecost !== undefined && !body.productoptionid) return { field: '/servicecost', message: messages['cost-without-service'] };
  return null;
}

/** The county (FIPS) of the member's ZIP code that is the county on file, else the ZIP's largest. */
async function countyOnFile(db: DbOrTx, member: MemberRow, field: string): Promise<string> {
  const onFile = member.postalcode ? chooseLocation(await locations.countiesForZip(db, member.postalcode), member.county) : null;
  if (!onFile) throw refuse(LOCATION_MESSAGE, field);
  return onFile.countycode;
}

/**
 * A waiver names no location of its own: a ZIP code or county it sends must be the member's on file (the cart
 * sends the profile's), else it is refused, so nothing recorded with a waiver says another place.
 */
export async function checkWaiverLocation(db: DbOrTx, messages: CheckMessages, member: MemberRow, sent: { postalcode: string; countycode: string }): Promise<void> {
  if (sent.postalcode && sent.postalcode !== member.postalcode) throw refuse(messages['waiver-zip'], '/postalcode');
  if (sent.countycode && sent.countycode !== (await countyOnFile(db, member, '/postalcode'))) throw refuse(messages['waiver-county'], '/countycode');
}

/** The plan's premium for the member's stored family (contract 2); unknown plans and a differing sent rate refused. */
export async function pricedPlan(
  db: DbOrTx,
  messages: CheckMessages,
  source: PlanPremiumSource,
  now: Date,
  family: LockedFamily,
  plan: { planid: string; postalcode?: string | null; countycode?: string | null },
  effectiveDate: string,
  sentCents: Cents | undefined,
  fields: { plan: string; postalcode: string; countycode: string; rate: string },
): Promise<{ plan: HealthPlan; premiumCents: Cents }> {
  const { member } = family;
  const postalcode = plan.postalcode || member.postalcode;
  if (!postalcode || postalcode !== member.postalcode) throw refuse(messages['plan-zip'], fields.postalcode);
  // Priced at the ZIP's county on file, whatever the request names: a ZIP across two counties has two prices.
  const countycode = await countyOnFile(db, member, fields.postalcode);
  if (plan.countycode && plan.countycode !== countycode) throw refuse(messages['plan-county'], fields.countycode);
  let priced: Awaited<ReturnType<PlanPremiumSource>>;
  try {
    priced = await source(db, family, plan.planid, { postalcode, countycode, effectiveDate }, now);
  } catch (error) {
    // The quote's own refusals (a location or date it cannot quote, no date of birth) name its body's fields.
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED') {
      const field = error.fieldErrors && Object.keys(error.fieldErrors).some((key) => key.endsWith('countycode')) ? fields.countycode : fields.plan;
      throw refuse(error.said, field);
    }
    throw error;
  }
  if (!priced) throw refuse(MESSAGES.planNotFound, fields.plan);
  if (!Number.isSafeInteger(priced.premiumCents) || priced.premiumCents < 0) throw new RangeError('The plan source answered an invalid premium.');
  if (sentCents !== undefined && sentCents !== priced.premiumCents) throw refuse(MESSAGES.premiumDiffers(priced.premiumCents, sentCents), fields.rate);
  return priced;
}
