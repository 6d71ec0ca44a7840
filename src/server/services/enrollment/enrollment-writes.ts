/**
 * What an authorization or a single order writes, and the lock it writes under: the caller's member row locked
 * with the employer and the dependents read once, the stored order, the member account with the totals of spec
 * §9, the member's plan, SUBMITTED REQUEST in the event log and the record of what the enrollment was made under.
 * The amounts are checked before (enrollment-checks.ts); nothing here decides one.
 */
import { randomUUID } from 'node:crypto';
import type { HealthPlan } from '#contracts/entities.ts';
import { enrollmentTotals, type Cents } from '#domain/values/money.ts';
import { memberAccountDefaults, orderNumberOf, type ChosenPlan, type OrderValues } from '#domain/enrollment/orders.ts';
import type { DbOrTx } from '#db/database.ts';
import * as dependents from '#db/repositories/member/dependent.repository.ts';
import type * as enrollments from '#db/repositories/enrollment/enrollment.repository.ts';
import type * as logFacts from '#db/repositories/member/log-fact.repository.ts';
import * as memberAccounts from '#db/repositories/enrollment/member-account.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import { unauthorized } from '../../errors.ts';
import type { AuthenticatedMember } from '../../ports.ts';
import type { LockedFamily } from './enrollment-checks.ts';
import type { DocumentsInForce } from './enrollment-invariants.ts';

type MemberRow = members.MemberRow;

/** What an enrollment is made under: who, the documents in force and, for a purchase, the ICHRA documents listed. */
export type MadeUnder = { caller: AuthenticatedMember; inForce: DocumentsInForce; ichraDocuments: string[]; now: Date };

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

export type OrderExtras = { enrollmentid: string | null; planyear: number; businessyear: number; email: string; member: MemberRow };

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

export function submittedRequest(caller: AuthenticatedMember, effectiveDate: string, enrollmentid: string): logFacts.NewLogFact {
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
  context: MadeUnder,
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
