/**
 * What an authorization or a single order is checked against before anything is written: the fields that do not
 * apply to its elections (a plan with a waiver), the location on file (a waiver's ZIP code and county, a plan
 * quoted at the county of the member's ZIP), and every amount against the server's own: the plan's premium for the
 * family on file, the effective date among those offered, the service's price, the HSA amount within the IRS limit
 * and the employer's contribution. Each refusal is a 400 on its field with the text of the employer's cart document
 * (schemas/forms/acknowledgements.schema.json: the cart sends the authorization, so an employer's override changes
 * these too), its contributions document's, or the enrollment's own (enrollment-messages.ts).
 */
import type { HealthPlan } from '#contracts/entities.ts';
import type { Language } from '#contracts/language.ts';
import type { DbOrTx } from '#db/database.ts';
import type { DependentRow } from '#db/repositories/member/dependent.repository.ts';
import type * as employers from '#db/repositories/employer/employer.repository.ts';
import * as products from '#db/repositories/employer/product.repository.ts';
import * as locations from '#db/repositories/reference/location.repository.ts';
import type * as members from '#db/repositories/member/member.repository.ts';
import type { AdditionalServiceChoice } from '#domain/enrollment/orders.ts';
import { chooseLocation } from '#domain/places/locations.ts';
import type { Cents } from '#domain/values/money.ts';
import { catalogueText, formatMoney } from '../../content/catalogue-messages.ts';
import { AppError, badRequest, type Said } from '../../errors.ts';
import type { ContentService } from '../../ports.ts';
import { contributionFactsOf, contributionOfFacts, contributionsMessages, offeredDatesOf } from './contributions.ts';
import type { PlanPremiumSource } from './enrollment-prices.ts';
import { hsaLimitOf } from './hsa-limits.ts';
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

/** The contributions document's texts for a refused effective date (resolved before the transaction opens). */
export type DateMessages = { notOffered: string; noneOffered: string };

/**
 * The texts a refused effective date answers with: the employer's contributions document's, the same step 2
 * shows. Resolve them BEFORE the transaction: the content service reads overrides through app.db, which would
 * wait for the transaction's own connection on PGlite.
 */
export async function dateMessages(content: Pick<ContentService, 'resolve'>, accountId: string, language: Language): Promise<DateMessages> {
  const [notOffered, noneOffered] = await contributionsMessages(content, accountId, language, ['effective-date-not-offered', 'no-effective-dates']);
  return { notOffered, noneOffered };
}

/** The effective date: one of the dates the employer offers on `today` (contract 3); absent, the first offered. */
export function offeredDate(messages: DateMessages, employer: EmployerRow, today: string, sent: string | null | undefined, field: string): string {
  const offered = offeredDatesOf(employer, today);
  if (offered.length === 0) throw refuse(messages.noneOffered, field);
  if (sent === undefined || sent === null || sent === '') return offered[0]!;
  if (!offered.includes(sent)) throw refuse(messages.notOffered, field);
  return sent;
}

/** The additional service's price option from the employer's catalogue; a sent cost that differs is refused. */
export async function pricedService(
  db: DbOrTx,
  accountid: string,
  ids: { productid?: string | null; productfeeid?: string | null },
  sentCents: Cents | undefined,
  fields: { option: string; cost: string },
): Promise<AdditionalServiceChoice> {
  const found = !ids.productfeeid
    ? undefined
    : ids.productid === undefined
      ? await products.findActiveOptionById(db, accountid, ids.productfeeid)
      : ids.productid
        ? await products.findActiveOption(db, accountid, ids.productid, ids.productfeeid)
        : undefined;
  if (!found) throw refuse(MESSAGES.serviceUnknown, fields.option);
  if (sentCents !== undefined && sentCents !== found.option.cost_cents) throw refuse(MESSAGES.serviceDiffers(found.option.cost_cents, sentCents), fields.cost);
  return {
    product: { id: found.product.id, productname: found.product.productname, vendorname: found.product.vendorname, taxstatus: found.product.taxstatus },
    option: { id: found.option.id, option: found.option.option, costCents: found.option.cost_cents },
  };
}

/**
 * The HSA monthly amount within the member's IRS limit for the months left (services/enrollment/hsa-limits.ts, the computation
 * GET /api/Hsa/Limit shows), refused with the Flexible Spending screen's own text.
 */
export function checkHsa(
  member: MemberRow,
  employer: EmployerRow,
  family: readonly DependentRow[],
  effectiveDate: string,
  monthlyCents: Cents,
  field: string,
): void {
  const limit = hsaLimitOf(member, employer, family, effectiveDate);
  if (monthlyCents * limit.monthsLeft <= limit.annualCents) return;
  const message = catalogueText('hsa-over-limit', (language) => ({
    amount: formatMoney(monthlyCents, language),
    months: limit.monthsLeft,
    total: formatMoney(monthlyCents * limit.monthsLeft, language),
    limit: formatMoney(limit.annualCents, language),
    max: formatMoney(limit.maxMonthlyCents, language),
  }));
  throw refuse(message, field);
}

/**
 * The employer's monthly contribution for the member's family on file when buying; none for a waiver. An ICHRA
 * reimburses only while the person is enrolled in individual health coverage, verified (26 CFR 54.9802-4(c)(1) and (c)(5)): a person who waives has none, so
 * the employer pays nothing to them, whatever self-only amount GET /api/EmployerContribution/GetWaivedContribution
 * answers (docs/decisions/035-a-waiver-receives-no-contribution.md).
 */
export async function contributionFor(trx: DbOrTx, member: MemberRow, family: readonly DependentRow[], effectiveDate: string, buying: boolean): Promise<Cents> {
  if (!buying) return 0;
  return contributionOfFacts(await contributionFactsOf(trx, member, family), effectiveDate);
}
