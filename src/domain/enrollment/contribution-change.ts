/**
 * What a new set of contribution rules changes for the employer's employees (docs/decisions/
 * 048-contribution-rules-are-published-versions.md): each employee's contribution under the rules in force and
 * under the new ones on the employee's own effective date, by the one computation (contribution.ts), who would get $0.00 and who would lose more than
 * CONTRIBUTION_CUT_NOTICE_PERCENT. A set that leaves an employee at $0.00 is not publishable unless the rule that
 * pays them says no contribution on purpose; publishProblems names them, by class. Pure; money in cents.
 */
import type { Cents } from '../values/money.ts';
import { formatCents } from '../values/money.ts';
import { CONTRIBUTION_CUT_NOTICE_PERCENT } from '../parameters/enrollment.ts';
import {
  DEFAULT_CONTRIBUTION_CLASS,
  joinWords,
  normalizeContributionClass,
  payingRule,
  rulesForClass,
  type ContributionLocation,
  type ContributionRule,
  type FamilyTier,
} from './contribution.ts';

/** An employee as the comparison reads them: what the member's stored records say. */
export type CensusEmployee = {
  memberid: string;
  name: string;
  contributionclass: string | null;
  /** 'YYYY-MM-DD'; null while they have none (nothing can be computed for them). */
  birthdate: string | null;
  tier: FamilyTier;
  location: ContributionLocation;
  /** The effective date they are computed on, 'YYYY-MM-DD' (effective-dates.ts employeeEffectiveDate): their age on it. */
  effectiveDate: string;
};

/** One employee's contribution before and after. */
export type ContributionChange = {
  memberid: string;
  name: string;
  /** Their class ('ALL' when they have none); paid by ALL's rules when it has none of its own. */
  contributionclass: string;
  state: string | null;
  /** The effective date both amounts are computed on. */
  effectiveDate: string;
  before: Cents;
  after: Cents;
  /** No date of birth yet: nothing is computed (both 0) and nothing is refused for them. */
  noBirthdate: boolean;
  /** $0.00 after because the paying rule says no contribution on purpose. */
  intendedZero: boolean;
  /** $0.00 after with no rule saying so: the publish is refused. */
  zero: boolean;
  /** The contribution falls by more than CONTRIBUTION_CUT_NOTICE_PERCENT. */
  cut: boolean;
};

/**
 * Each employee's contribution under `before` and `after` on their own effective date (their age on it), in the
 * order given.
 */
export function contributionChanges(employees: readonly CensusEmployee[], before: readonly ContributionRule[], after: readonly ContributionRule[]): ContributionChange[] {
  return employees.map((employee) => {
    const { effectiveDate } = employee;
    const common = { memberid: employee.memberid, name: employee.name, contributionclass: normalizeContributionClass(employee.contributionclass), state: employee.location.state, effectiveDate };
    if (employee.birthdate === null) return { ...common, before: 0, after: 0, noBirthdate: true, intendedZero: false, zero: false, cut: false };
    const basis = { contributionclass: employee.contributionclass, birthdate: employee.birthdate, effectiveDate, tier: employee.tier, location: employee.location };
    const was = payingRule(before, basis)?.amountCents ?? 0;
    const rule = payingRule(after, basis);
    const now = rule?.amountCents ?? 0;
    const intendedZero = now === 0 && rule?.noContribution === true;
    return {
      ...common,
      before: was,
      after: now,
      noBirthdate: false,
      intendedZero,
      zero: now === 0 && !intendedZero,
      cut: now * 100 < was * (100 - CONTRIBUTION_CUT_NOTICE_PERCENT.value),
    };
  });
}

const named = (change: ContributionChange) => (change.state ? `${change.name} (${change.state})` : change.name);

/**
 * Why `after` may not be published, as sentences (empty: it may): per class, the employees it would leave at
 * $0.00 with no rule saying so, and the reason when the class (and ALL) has no rules at all, e.g. "Class Part-time
 * has no rules, and ALL has none: Bo Chen (TX) would get $0.00. ..."
 */
export function publishProblems(changes: readonly ContributionChange[], after: readonly ContributionRule[]): string[] {
  const zeroByClass = new Map<string, ContributionChange[]>();
  for (const change of changes.filter((one) => one.zero)) {
    const key = change.contributionclass.toLowerCase();
    zeroByClass.set(key, [...(zeroByClass.get(key) ?? []), change]);
  }
  const fix = 'give them an amount, or mark the rule that pays them No contribution if that is meant.';
  return [...zeroByClass.values()].map((zeroes) => {
    const own = zeroes[0]!.contributionclass;
    const names = joinWords(zeroes.map(named));
    const would = zeroes.length === 1 ? 'would get' : 'would each get';
    if (rulesForClass(after, own).length === 0) {
      const none = own.toLowerCase() === DEFAULT_CONTRIBUTION_CLASS.toLowerCase() ? `Class ${own} has no rules` : `Class ${own} has no rules, and ${DEFAULT_CONTRIBUTION_CLASS} has none`;
      return `${none}: ${names} ${would} ${formatCents(0)}; ${fix}`;
    }
    return `Class ${own}: ${names} ${would} ${formatCents(0)} and no rule says no contribution; ${fix}`;
  });
}
