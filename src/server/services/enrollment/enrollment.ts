/**
 * The authorization of a cart, the server's authority on an enrollment's money (spec §4 Placing an order,
 * Authorization; §9 Order values and Money), as one transaction script: every amount comes from what the server
 * stores (checked by enrollment-checks.ts: the premium from the plan id and the member's family on file, contract
 * 2; the contribution from the employer's schedule, contract 3; the HSA amount within the IRS limit; the service
 * price from the catalogue; the effective date from the dates the member is offered), and what is written is
 * enrollment-writes.ts's. An amount the browser sends that differs is refused with a message naming both amounts;
 * nothing is written.
 *
 * One member's enrollments run one at a time: each writing transaction first locks the member's row
 * (SELECT ... FOR UPDATE). A member has at most one current enrollment per plan year: a new main order supersedes
 * the earlier enrollment's orders (kept as history, supersededon set), and partial unique indexes make a second
 * current main order (migrations/0005-enrollment.ts), HSA order or additional-services order (0019) impossible.
 */
import { randomUUID } from 'node:crypto';
import type { HealthPlan } from '#contracts/entities.ts';
import type { AuthorizeAnswer } from '#contracts/requests.ts';
import { isHsaEligible } from '#domain/enrollment/hsa.ts';
import type { Cents } from '#domain/values/money.ts';
import { authorizationOrders, offersAdditionalServices, type OrderDraft } from '#domain/enrollment/orders.ts';
import type { DbOrTx } from '#db/database.ts';
import * as enrollments from '#db/repositories/enrollment/enrollment.repository.ts';
import * as idempotencyKeys from '#db/repositories/enrollment/idempotency-key.repository.ts';
import * as logFacts from '#db/repositories/member/log-fact.repository.ts';
import * as memberAccounts from '#db/repositories/enrollment/member-account.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import * as orders from '#db/repositories/enrollment/order.repository.ts';
import { AppError } from '../../errors.ts';
import type { AuthenticatedMember } from '../../ports.ts';
import type { PlanPremiumSource } from './enrollment-prices.ts';
import { requireAcknowledgment, requireCompleteProfile, type DocumentsInForce } from './enrollment-invariants.ts';
import { checkHsa, checkWaiverLocation, contributionFor, offeredDate, pricedPlan, pricedService, refuse, type CheckMessages, type DateMessages } from './enrollment-checks.ts';
import { chosenPlan, enrollmentRecord, lockCaller, memberPlan, orderRow, submittedRequest, writeMemberAccount, type OrderExtras } from './enrollment-writes.ts';
import { MESSAGES } from './enrollment-messages.ts';

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
