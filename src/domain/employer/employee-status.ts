/**
 * Where an employee stands, as implementation staff see it, and the payroll figures of an enrollment. Pure: the
 * server reads the stored member, its invitations, its current main order and the member account the enrollment
 * wrote, and asks here.
 * - invited: the member exists (census import or registration) and has never set a password; the date is the
 *   latest set-password link's, else the member's creation;
 * - registered: the password is set; no current enrollment;
 * - enrolled / waived: the current main order (health insurance / waive); the date is the order's, the plan its
 *   plan name (none when waived).
 */
import type { Cents } from '../values/money.ts';

export const EMPLOYEE_STATUSES = ['invited', 'registered', 'enrolled', 'waived'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

/** A timestamp as stored (Date or ISO text). */
type When = Date | string;

export type EmployeeFacts = {
  createdOn: When;
  /** The latest set-password link's creation, if any was ever sent. */
  invitedOn: When | null;
  /** When the password was set (member.ispasswordchanged). */
  passwordSetOn: When | null;
  /** The current main order, if any. */
  mainOrder: { category: 'healthinsurance' | 'waive'; createdOn: When; planName: string | null } | null;
};

export type EmployeeStanding = { status: EmployeeStatus; statusdate: string; plan: string | null };

/** The UTC calendar date of a timestamp ('YYYY-MM-DD'). */
const dayOf = (when: When) => (when instanceof Date ? when : new Date(when)).toISOString().slice(0, 10);

/** What a status rests on: the current main order's category (null: none) and whether the password is set. */
export type StatusFacts = { mainOrder: 'healthinsurance' | 'waive' | null; passwordSet: boolean };

/** The status of those facts (the rule above). */
export function statusOf(facts: StatusFacts): EmployeeStatus {
  if (facts.mainOrder === 'healthinsurance') return 'enrolled';
  if (facts.mainOrder === 'waive') return 'waived';
  return facts.passwordSet ? 'registered' : 'invited';
}

/**
 * Every combination of the facts that gives this status, so a database can be asked for the employees of one
 * status by the rule itself (src/db/repositories/employer/employee-pages.repository.ts).
 */
export function factsOfStatus(status: EmployeeStatus): StatusFacts[] {
  const all = (['healthinsurance', 'waive', null] as const).flatMap((mainOrder) => [true, false].map((passwordSet) => ({ mainOrder, passwordSet })));
  return all.filter((facts) => statusOf(facts) === status);
}

export function employeeStanding(facts: EmployeeFacts): EmployeeStanding {
  const order = facts.mainOrder;
  const status = statusOf({ mainOrder: order?.category ?? null, passwordSet: facts.passwordSetOn !== null });
  switch (status) {
    case 'enrolled':
      return { status, statusdate: dayOf(order!.createdOn), plan: order!.planName };
    case 'waived':
      return { status, statusdate: dayOf(order!.createdOn), plan: null };
    case 'registered':
      return { status, statusdate: dayOf(facts.passwordSetOn!), plan: null };
    case 'invited':
      return { status, statusdate: dayOf(facts.invitedOn ?? facts.createdOn), plan: null };
  }
}

/** How many employees stand at each status (every status present, 0 when none). */
export function statusCounts(standings: readonly Pick<EmployeeStanding, 'status'>[]): Record<EmployeeStatus, number> & { total: number } {
  const counts = { invited: 0, registered: 0, enrolled: 0, waived: 0, total: standings.length };
  for (const { status } of standings) counts[status] += 1;
  return counts;
}

/** What the member account of an enrollment stores (spec §3 MemberAccount), in cents. */
export type StoredAccount = { contributionCents: Cents; currentBalanceCents: Cents; premiumDeductionCents: Cents; hsaDeductionCents: Cents };

export type PayrollFigures = {
  contributionCents: Cents;
  /** What the coverage costs a month: plan and additional service (what the contribution may pay for). */
  coverageCents: Cents;
  /** The coverage above the contribution, deducted from pay before tax. */
  premiumDeductionCents: Cents;
  /** The HSA deposit, deducted from pay before tax on its own (never paid from the contribution). */
  hsaDeductionCents: Cents;
  /** The contribution left after the coverage. */
  remainingContributionCents: Cents;
};

/**
 * The payroll figures of a stored account (src/domain/values/money.ts enrollmentTotals wrote it). The account keeps the
 * contribution, the balance (contribution minus coverage, when positive), the premium deduction (coverage minus
 * contribution, when positive) and the HSA deduction, so the coverage is contribution - balance + deduction
 * exactly, with nothing recomputed.
 */
export function payrollFigures(account: StoredAccount): PayrollFigures {
  return {
    contributionCents: account.contributionCents,
    coverageCents: account.contributionCents - account.currentBalanceCents + account.premiumDeductionCents,
    premiumDeductionCents: account.premiumDeductionCents,
    hsaDeductionCents: account.hsaDeductionCents,
    remainingContributionCents: account.currentBalanceCents,
  };
}
