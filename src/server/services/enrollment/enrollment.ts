/**
 * The server's authority on an enrollment's money (spec §4 Placing an order, Authorization; §9 Order values and
 * Money). Every amount comes from what the server stores: the premium from the plan id and the member's family on
 * file (contract 2), the contribution from the employer's schedule (contract 3), the HSA amount within the IRS
 * limit, the service price from the catalogue, the effective date from the dates the member is offered. An amount
 * the browser sends that differs is refused with a message naming both amounts; nothing is written.
 *
 * One member's enrollments run one at a time: each writing transaction first locks the member's row
 * (SELECT ... FOR UPDATE). A member has at most one current enrollment per plan year: a new main order supersedes
 * the earlier enrollment's orders (kept as history, supersededon set), and partial unique indexes make a second
 * current main order (migrations/0005-enrollment.ts), HSA order or additional-services order (0019) impossible.
 */
import { randomUUID } from 'node:crypto';
import type { HealthPlan, Order } from '#contracts/entities.ts';
import type { AuthorizeAnswer } from '#contracts/requests.ts';
import { isHsaEligible } from '#domain/enrollment/hsa.ts';
import { dollarsToCents, enrollmentTotals, type Cents } from '#domain/values/money.ts';
import {
  authorizationOrders,
  memberAccountDefaults,
  offersAdditionalServices,
  orderNumberOf,
  type AdditionalServiceChoice,
  type ChosenPlan,
  type OrderDraft,
  type OrderValues,
} from '#domain/enrollment/orders.ts';
import type { DbOrTx } from '#db/database.ts';
import * as dependents from '#db/repositories/member/dependent.repository.ts';
import type { DependentRow } from '#db/repositories/member/dependent.repository.ts';
import * as enrollments from '#db/repositories/enrollment/enrollment.repository.ts';
import * as idempotencyKeys from '#db/repositories/enrollment/idempotency-key.repository.ts';
import * as logFacts from '#db/repositories/member/log-fact.repository.ts';
import * as memberAccounts from '#db/repositories/enrollment/member-account.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import * as orders from '#db/repositories/enrollment/order.repository.ts';
import * as products from '#db/repositories/employer/product.repository.ts';
import { AppError, unauthorized } from '../../errors.ts';
import type { AuthenticatedMember } from '../../ports.ts';
import type { PlanPremiumSource } from './enrollment-prices.ts';
import type { Language } from '#contracts/language.ts';
import type { ContentService } from '../../ports.ts';
import { contributionFactsOf, contributionOfFacts, contributionsMessages, offeredDatesOf } from './contributions.ts';
import { hsaLimitOf } from './hsa-limits.ts';
import { catalogueText, formatMoney } from '../../content/catalogue-messages.ts';
import { requireAcknowledgment, requireCompleteProfile, type DocumentsInForce } from './enrollment-invariants.ts';
import { checkWaiverLocation, pricedPlan, refuse, type CheckMessages, type LockedFamily } from './enrollment-checks.ts';
import { MESSAGES } from './enrollment-messages.ts';

/** Dollars from the wire as exact cents, or a 400 on the field. */
export function centsOf(dollars: number, field: string): Cents {
  try {
    const cents = dollarsToCents(dollars);
    if (cents < 0) throw new RangeError('negative');
    return cents;
  } catch {
    throw refuse(MESSAGES.amount, field);
  }
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

type MemberRow = members.MemberRow;
type EmployerRow = LockedFamily['employer'];

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

/** The plan as the main order records it; the offered effective date is the policy's. */
export function chosenPlan(plan: HealthPlan, effectiveDate: string): ChosenPlan {
  return {
    planid: plan.planid,
    planname: plan.planname,
    issuername: plan.issuername,
    metallevel: plan.metallevel,
    ishsaeligible: plan.ishsaeligible,
    urlforbenefitsummarycoverage: plan.urlforbenefitsummarycoverage,
    planeffectivedate: effectiveDate,
  };
}

/**
 * Locks the caller's member row for the transaction and reads the employer and the dependents, once: the premium,
 * the HSA limit and the contribution all rest on them. 401 when the member or the employer is gone.
 */
export async function lockCaller(
  trx: DbOrTx,
  caller: AuthenticatedMember,
): Promise<LockedFamily> {
  const locked = await members.lockWithEmployer(trx, caller.memberId);
  if (!locked || locked.member.accountid !== caller.accountId) throw unauthorized();
  return { ...locked, dependents: await dependents.listByMember(trx, caller.memberId) };
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

type OrderExtras = { enrollmentid: string | null; planyear: number; businessyear: number; email: string; member: MemberRow };

/**
 * The stored order: the draft's values with its own order number (orderNumberOf) and, for what was bought (not a
 * waiver), the member as the policyholder.
 */
export function orderRow(values: OrderValues, extras: OrderExtras) {
  const { amountspentCents, ...columns } = values;
  const id = randomUUID();
  const { member } = extras;
  return {
    ...columns,
    id,
    ordernumber: orderNumberOf(id),
    memberid: member.id,
    amountspent_cents: amountspentCents,
    externalvendorid: null,
    policyholdersname: values.category === 'waive' ? null : `${member.firstname} ${member.lastname}`.trim(),
    policynumber: null,
    businessyear: extras.businessyear,
    planyear: extras.planyear,
    enrollmentid: extras.enrollmentid,
    createdby: extras.email,
    modifiedby: extras.email,
    modifiedreason: null,
  };
}

/** The member account a main order writes, with the totals of spec §9. */
export async function writeMemberAccount(
  trx: DbOrTx,
  input: { member: MemberRow; enrollmentid: string; waivecoverage: 0 | 1; waiverReason: string | null; familystatus: string | null; contributionCents: Cents; premiumCents: Cents; serviceCents: Cents; hsaCents: Cents },
) {
  const totals = enrollmentTotals({
    premiumCents: input.premiumCents,
    serviceCents: input.serviceCents,
    hsaCents: input.hsaCents,
    contributionCents: input.contributionCents,
  });
  const defaults = memberAccountDefaults();
  return memberAccounts.insert(trx, {
    id: randomUUID(),
    memberid: input.member.id,
    memberaccounttype: defaults.memberaccounttype,
    status: defaults.status,
    familystatus: input.familystatus,
    currentbalance_cents: totals.currentBalanceCents,
    currenthealthinsurancepremium_cents: input.premiumCents,
    currentemployercontribution_cents: input.contributionCents,
    currentemployeeclass: input.member.contributionclass,
    currentpayrolldeduction_cents: totals.premiumDeductionCents,
    currenthsadeduction_cents: totals.hsaDeductionCents,
    waivecoverage: input.waivecoverage,
    waivecoveragereason: input.waiverReason,
    spousemedicareeligible: defaults.spousemedicareeligible,
    enrollmentid: input.enrollmentid,
  });
}

/** The member's plan as the enrollment leaves it: the plan bought, or none when waiving. */
export function memberPlan(planid: string | null, planyear: number, email: string): members.MemberChanges {
  return { currentplanid: planid, currentplanyear: planyear, modifiedby: email, modifiedon: new Date() };
}

function submittedRequest(caller: AuthenticatedMember, effectiveDate: string, enrollmentid: string): logFacts.NewLogFact {
  return {
    id: randomUUID(),
    title: 'SUBMITTED REQUEST',
    accountid: caller.accountId,
    memberid: caller.memberId,
    action: 'SUBMITTED REQUEST',
    effectivedate: effectiveDate,
    data: { description: `Elections authorized (enrollment ${enrollmentid})`, User: caller.email },
  };
}

/**
 * What the enrollment was made under: the documents' versions in force and, for a purchase, the acknowledgment
 * (its time the app's clock) with the ICHRA documents listed then.
 */
export function enrollmentRecord(
  context: Pick<AuthorizeContext, 'caller' | 'inForce' | 'ichraDocuments' | 'now'>,
  enrollment: { id: string; planyear: number; buying: boolean },
): enrollments.NewEnrollment {
  return {
    id: enrollment.id,
    memberid: context.caller.memberId,
    accountid: context.caller.accountId,
    planyear: enrollment.planyear,
    healthoption: enrollment.buying ? 'buy' : 'waive',
    ichraAcknowledgment: enrollment.buying ? { at: context.now, documents: context.ichraDocuments } : null,
    documentversions: context.inForce.versions,
  };
}

/** The checked, priced choices of an authorization (validated input, amounts from the server). */
export type AuthorizeChoices = {
  effectivedate: string;
  healthoption: 'buy' | 'waive';
  plan: { planid: string; postalcode: string; countycode: string; rateCents?: Cents } | null;
  /** The ZIP code and county the request names ('' for none). */
  location: { postalcode: string; countycode: string };
  waiver: { reason: string; reasonOther: string | null; stored: string } | null;
  hsaCents: Cents;
  service: { productoptionid: string; costCents?: Cents } | null;
  contributionCents?: Cents;
  /** `ichraacknowledged` as sent: a purchase needs it true. */
  ichraacknowledged: boolean | undefined;
};

export type AuthorizeContext = {
  trx: DbOrTx;
  caller: AuthenticatedMember;
  planPremiums: PlanPremiumSource;
  /** The contributions document's date texts (dateMessages, resolved before the transaction). */
  dateMessages: DateMessages;
  /** The cart document's texts of the checks on the plan and the location (checkMessages, resolved before the transaction). */
  checkMessages: CheckMessages;
  /** The employer's documents in force (enrollment-invariants.ts, resolved before the transaction). */
  inForce: DocumentsInForce;
  /** The names of the employer's ICHRA documents listed to the member now (recorded with a purchase). */
  ichraDocuments: string[];
  /** The app's clock (app.now); today is its UTC date. */
  now: Date;
  today: string;
  key: string;
  requestHash: string;
};

/**
 * One authorization, all or nothing, inside the caller's transaction: the idempotency key answered before (same
 * body: the first answer; another body: 422), then the choices priced and checked, the earlier enrollment of the
 * plan year superseded, the HSA order, the additional-services order, the member's plan, the main order and the
 * member account written, SUBMITTED REQUEST logged and the answer stored under the key.
 */
export async function authorize(context: AuthorizeContext, choices: AuthorizeChoices): Promise<{ answer: AuthorizeAnswer; replayed: boolean }> {
  const { trx, caller } = context;
  const locked = await lockCaller(trx, caller);
  const { member, employer, dependents: family } = locked;

  const stored = await idempotencyKeys.find(trx, caller.memberId, context.key);
  if (stored) {
    if (stored.request_hash !== context.requestHash) throw new AppError('CONFLICT', 422, MESSAGES.keyReused);
    return { answer: stored.answer as AuthorizeAnswer, replayed: true };
  }

  const buying = choices.healthoption === 'buy';
  // A purchase needs the ICHRA certification whether or not the flow showed its step; the profile as stored now
  // must satisfy the profile and dependent documents in force, whatever flow the tab ran.
  if (buying) requireAcknowledgment(context.inForce, choices.ichraacknowledged);
  const effectiveDate = offeredDate(context.dateMessages, employer, context.today, choices.effectivedate, '/effectivedate');
  requireCompleteProfile(context.inForce, member, family, { today: context.today, effectiveDate });
  const planyear = employer.businessyear;
  if (!buying) await checkWaiverLocation(trx, context.checkMessages, member, choices.location);

  let priced: { plan: HealthPlan; premiumCents: Cents } | null = null;
  if (buying) {
    if (!choices.plan) throw refuse(MESSAGES.planNotFound, '/planid');
    priced = await pricedPlan(trx, context.checkMessages, context.planPremiums, context.now, locked, choices.plan, effectiveDate, choices.plan.rateCents, {
      plan: '/planid',
      postalcode: '/postalcode',
      countycode: '/countycode',
      rate: '/rate',
    });
  }
  if (choices.hsaCents > 0) {
    if (!priced || !isHsaEligible(priced.plan)) throw refuse(MESSAGES.hsaNeedsPlan, '/hsamonthly');
    checkHsa(member, employer, family, effectiveDate, choices.hsaCents, '/hsamonthly');
  }
  if (choices.service && !offersAdditionalServices(employer)) throw refuse(MESSAGES.serviceNotOffered, '/productoptionid');
  const service = choices.service
    ? await pricedService(trx, employer.accountid, { productfeeid: choices.service.productoptionid }, choices.service.costCents, { option: '/productoptionid', cost: '/servicecost' })
    : null;
  const contributionCents = await contributionFor(trx, member, family, effectiveDate, buying);
  if (choices.contributionCents !== undefined && choices.contributionCents !== contributionCents) {
    throw refuse(MESSAGES.contributionDiffers(contributionCents, choices.contributionCents), '/contribution');
  }

  const enrollmentid = randomUUID();
  const now = new Date();
  // Three writes in one statement (each statement is a round trip; none touches another's rows): the plan year's
  // earlier enrollment superseded, the member's plan, SUBMITTED REQUEST. The new orders follow in a statement of
  // their own, so the unique index on the current main order finds the earlier one superseded.
  const bookkeeping = trx
    .with('superseded', (db) => orders.supersedeYear(db, member.id, planyear, now))
    .with('member_plan', (db) => members.updateStatement(db, member.id, memberPlan(priced?.plan.planid ?? null, planyear, caller.email)));
  await logFacts.insertStatement(bookkeeping, submittedRequest(caller, effectiveDate, enrollmentid)).execute();

  const premiumCents = priced?.premiumCents ?? 0;
  const drafts: OrderDraft[] = authorizationOrders({
    today: context.today,
    effectiveDate,
    hsaMonthlyCents: choices.hsaCents,
    hsaAdministrator: employer.hsaadministrator,
    additionalService: service,
    hasAdditionalServicesOrder: false,
    main: buying
      ? { choice: 'buy', plan: chosenPlan(priced!.plan, effectiveDate), amountSpentCents: premiumCents + choices.hsaCents }
      : { choice: 'waive', reason: choices.waiver!.reason, reasonOther: choices.waiver!.reasonOther },
  });
  const extras: OrderExtras = { enrollmentid, planyear, businessyear: employer.businessyear, email: caller.email, member };
  const written = await orders.insertMany(trx, drafts.map((draft) => orderRow(draft.order, extras)));
  await enrollments.insert(trx, enrollmentRecord(context, { id: enrollmentid, planyear, buying }));
  const account = await writeMemberAccount(trx, {
    member,
    enrollmentid,
    waivecoverage: buying ? 0 : 1,
    waiverReason: buying ? null : choices.waiver!.stored,
    familystatus: null,
    contributionCents,
    premiumCents,
    serviceCents: service?.option.costCents ?? 0,
    hsaCents: choices.hsaCents,
  });

  const answer: AuthorizeAnswer = {
    enrollmentid,
    planyear,
    effectivedate: effectiveDate,
    orders: written.map(orders.toWire),
    memberAccount: memberAccounts.toWire(account),
  };
  await idempotencyKeys.insert(trx, {
    memberid: member.id,
    key: context.key,
    request_hash: context.requestHash,
    answer,
  });
  return { answer, replayed: false };
}
