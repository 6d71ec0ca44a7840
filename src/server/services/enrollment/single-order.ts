/**
 * POST /api/Order's single orders, under the money rules of an authorization (enrollment-checks.ts, enrollment-writes.ts): a main order (waive,
 * health insurance) makes an enrollment; an HSA or additional-services order joins the plan year's current one.
 */
import { randomUUID } from 'node:crypto';
import type { HealthPlan, Order } from '#contracts/entities.ts';
import type { Cents } from '#domain/values/money.ts';
import { MAIN_ORDER_CATEGORIES, offersAdditionalServices, type AdditionalServiceChoice, type ChosenPlan, type OrderDraft } from '#domain/enrollment/orders.ts';
import * as enrollments from '#db/repositories/enrollment/enrollment.repository.ts';
import * as memberAccounts from '#db/repositories/enrollment/member-account.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import * as orders from '#db/repositories/enrollment/order.repository.ts';
import { checkHsa, contributionFor, offeredDate, pricedService } from './enrollment-checks.ts';
import { chosenPlan, enrollmentRecord, lockCaller, memberPlan, orderRow, writeMemberAccount } from './enrollment-writes.ts';
import { type AuthorizeContext } from './enrollment.ts';
import { requireAcknowledgment } from './enrollment-invariants.ts';
import { pricedPlan, refuse, type LockedFamily } from './enrollment-checks.ts';
import { MESSAGES } from './enrollment-messages.ts';

/** A single order of POST /api/Order, priced and checked like an authorization's. */
export type SingleOrder = {
  category: Order['category'];
  effectivedate: string | null;
  amountCents: Cents | undefined;
  productid?: string | null;
  productfeeid?: string | null;
  planid?: string | null;
  countycode?: string | null;
  waiver: { reason: string; reasonOther: string | null; stored: string } | null;
  familystatus: string | null;
  /** `ichraacknowledged` as sent: a health insurance order needs it true. */
  ichraacknowledged: boolean | undefined;
};

/** The cart document's ('acknowledgements') keys for an HSA or additional-services order that cannot join an enrollment. */
export type JoinedOrderMessageKey =
  | 'order-hsa-needs-enrollment'
  | 'order-service-needs-enrollment'
  | 'order-hsa-with-waiver'
  | 'order-hsa-plan-not-eligible'
  | 'order-date-of-enrollment';
/** The employer's text for a key, filled in; the document is resolved BEFORE the transaction (see dateMessages). */
export type JoinedOrderMessages = (key: JoinedOrderMessageKey, values?: Record<string, string>) => string;

type BuildOrder = {
  waive: (when: { today: string; effectiveDate: string }) => OrderDraft;
  hsa: (when: { today: string; effectiveDate: string }, cents: Cents, administrator: string | null) => OrderDraft;
  service: (when: { today: string; effectiveDate: string }, choice: AdditionalServiceChoice) => OrderDraft;
  healthinsurance: (when: { today: string; effectiveDate: string }, plan: ChosenPlan, premiumCents: Cents) => OrderDraft;
};

type SingleOrderContext = Omit<AuthorizeContext, 'key' | 'requestHash'> & { orderMessages: JoinedOrderMessages };

/**
 * POST /api/Order's single order under the same money rules. A main order (waive, health insurance) makes an
 * enrollment: it supersedes the plan year's earlier enrollment, its HSA and additional-services orders included.
 * An HSA or additional-services order lives only inside an enrollment: it joins the plan year's current one
 * (joinEnrollment), so a member never has two current orders of either kind.
 */
export async function placeSingleOrder(context: SingleOrderContext, sent: SingleOrder, build: BuildOrder): Promise<Order> {
  const { trx, caller } = context;
  const locked = await lockCaller(trx, caller);
  const { member, employer, dependents: family } = locked;
  const planyear = employer.businessyear;
  const current = await orders.listCurrentOfYear(trx, member.id, planyear);
  if (sent.category === 'HSA' || sent.category === 'additionalservices') return joinEnrollment(context, locked, current, sent, build);

  const effectiveDate = offeredDate(context.dateMessages, employer, context.today, sent.effectivedate, '/order/policyeffectivedate');
  const when = { today: context.today, effectiveDate };
  const buying = sent.category === 'healthinsurance';
  if (buying) requireAcknowledgment(context.inForce, sent.ichraacknowledged);
  let priced: { plan: HealthPlan; premiumCents: Cents } | null = null;
  if (buying) {
    const planid = sent.planid || member.currentplanid;
    if (!planid) throw refuse(MESSAGES.planNotFound, '/order/planid');
    priced = await pricedPlan(trx, context.checkMessages, context.planPremiums, context.now, locked, { planid, countycode: sent.countycode }, effectiveDate, sent.amountCents, {
      plan: '/order/planid',
      postalcode: '/order/planid',
      countycode: '/order/countycode',
      rate: '/order/amountspent',
    });
  } else if (sent.amountCents !== undefined && sent.amountCents !== 0) {
    throw refuse(MESSAGES.waiveSpends, '/order/amountspent');
  }

  const enrollmentid = randomUUID();
  await orders.supersede(trx, current.map((order) => order.id), new Date());
  const contributionCents = await contributionFor(trx, member, family, effectiveDate, buying);
  const draft = buying ? build.healthinsurance(when, chosenPlan(priced!.plan, effectiveDate), priced!.premiumCents) : build.waive(when);
  await members.updateStatement(trx, member.id, memberPlan(priced?.plan.planid ?? null, planyear, caller.email)).execute();
  const [row] = await orders.insertMany(trx, [orderRow(draft.order, { enrollmentid, planyear, businessyear: employer.businessyear, email: caller.email, member })]);
  await enrollments.insert(trx, enrollmentRecord(context, { id: enrollmentid, planyear, buying }));
  await writeMemberAccount(trx, {
    member,
    enrollmentid,
    waivecoverage: buying ? 0 : 1,
    waiverReason: buying ? null : sent.waiver!.stored,
    familystatus: sent.familystatus,
    contributionCents,
    premiumCents: priced?.premiumCents ?? 0,
    serviceCents: 0,
    hsaCents: 0,
  });
  return orders.toWire(row!);
}

/**
 * An HSA or additional-services order joins the plan year's current enrollment (its main order and the member
 * account it wrote), on that enrollment's effective date, and replaces the enrollment's order of its kind: with no
 * enrollment it is refused, and so is an HSA contribution with a waiver or a plan that is not HSA eligible. The
 * HSA amount is then the member's whole HSA contribution, checked against the IRS limit for the enrollment's
 * months. The member account is written again with the enrollment's premium and contribution and the new totals.
 */
async function joinEnrollment(context: SingleOrderContext, locked: LockedFamily, current: orders.OrderRow[], sent: SingleOrder, build: BuildOrder): Promise<Order> {
  const { trx, caller, orderMessages } = context;
  const { member, employer, dependents: family } = locked;
  const hsa = sent.category === 'HSA';
  const main = current.find((order) => MAIN_ORDER_CATEGORIES.includes(order.category));
  const account = main?.enrollmentid ? await memberAccounts.findLatestByMember(trx, member.id) : undefined;
  if (!main || !account || account.enrollmentid !== main.enrollmentid || !main.policyeffectivedate) {
    throw refuse(orderMessages(hsa ? 'order-hsa-needs-enrollment' : 'order-service-needs-enrollment'), '/order/category');
  }
  const effectiveDate = main.policyeffectivedate;
  if (sent.effectivedate && sent.effectivedate !== effectiveDate) {
    throw refuse(orderMessages('order-date-of-enrollment', { date: effectiveDate }), '/order/policyeffectivedate');
  }
  const when = { today: context.today, effectiveDate };
  let draft: OrderDraft;
  if (hsa) {
    if (main.category === 'waive') throw refuse(orderMessages('order-hsa-with-waiver'), '/order/category');
    if (main.policyishsaeligible !== 1) throw refuse(orderMessages('order-hsa-plan-not-eligible'), '/order/category');
    const cents = sent.amountCents ?? 0;
    if (cents <= 0) throw refuse(MESSAGES.amount, '/order/amountspent');
    checkHsa(member, employer, family, effectiveDate, cents, '/order/amountspent');
    draft = build.hsa(when, cents, employer.hsaadministrator);
  } else {
    if (!offersAdditionalServices(employer)) throw refuse(MESSAGES.serviceNotOffered, '/order/productfeeid');
    const choice = await pricedService(trx, employer.accountid, sent, sent.amountCents, { option: '/order/productfeeid', cost: '/order/amountspent' });
    draft = build.service(when, choice);
  }

  const replaced = current.filter((order) => order.category === sent.category);
  await orders.supersede(trx, replaced.map((order) => order.id), new Date());
  const planyear = employer.businessyear;
  const [row] = await orders.insertMany(trx, [
    orderRow(draft.order, { enrollmentid: main.enrollmentid, planyear, businessyear: employer.businessyear, email: caller.email, member }),
  ]);
  const kept = [...current.filter((order) => !replaced.includes(order)), row!];
  const sum = (category: Order['category']) => kept.filter((order) => order.category === category).reduce((total, order) => total + order.amountspent_cents, 0);
  await writeMemberAccount(trx, {
    member,
    enrollmentid: main.enrollmentid!,
    waivecoverage: main.category === 'waive' ? 1 : 0,
    waiverReason: account.waivecoveragereason,
    familystatus: account.familystatus,
    contributionCents: account.currentemployercontribution_cents,
    premiumCents: account.currenthealthinsurancepremium_cents,
    serviceCents: sum('additionalservices'),
    hsaCents: sum('HSA'),
  });
  return orders.toWire(row!);
}
