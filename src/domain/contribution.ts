/**
 * The employer's monthly contribution (the stipend): by contribution class, by the member's age on the effective
 * date and by the number of dependents (spec §1 Money rules, §7 Employer contribution).
 */
import { ageOn, isIsoDate } from './dates.ts';
import type { Cents } from './money.ts';
import { CONTRIBUTION_DEPENDENT_SLOTS, DEPENDENT_BIRTHDATE_PAD, ICHRA_MAX_AGE_RATIO } from './parameters/enrollment.ts';

/** The class every employer has; a member whose class has no schedule rows is paid by it. */
export const DEFAULT_CONTRIBUTION_CLASS = 'ALL';

/** One age band of an employer's schedule: ages ageMin..ageMax (both included) of a class. */
export type ContributionRow = {
  contributionclass: string;
  ageMin: number;
  ageMax: number;
  /** Monthly amount for the employee. */
  employeeCents: Cents;
  /** Monthly amount added per dependent. */
  dependentCents: Cents;
};

/**
 * The contribution call's five dependent slots: the given birthdates (first five), the rest padded with
 * 1920-01-01. Null or empty entries become the pad.
 */
export function padDependentBirthdates(birthdates: ReadonlyArray<string | null | undefined>): string[] {
  const real = birthdates.filter((date): date is string => Boolean(date)).slice(0, CONTRIBUTION_DEPENDENT_SLOTS);
  return [...real, ...Array<string>(CONTRIBUTION_DEPENDENT_SLOTS - real.length).fill(DEPENDENT_BIRTHDATE_PAD)];
}

/** How many of the birthdates are real dependents: not null, not empty, not the pad 1920-01-01. */
export function countRealDependents(birthdates: ReadonlyArray<string | null | undefined>): number {
  return birthdates.filter((date) => Boolean(date) && date !== DEPENDENT_BIRTHDATE_PAD).length;
}

/** The class to pay by: the member's class when missing or 'empty' is 'ALL'. */
export function normalizeContributionClass(contributionclass: string | null | undefined): string {
  const value = contributionclass?.trim();
  return !value || value.toLowerCase() === 'empty' ? DEFAULT_CONTRIBUTION_CLASS : value;
}

/** The rows of the member's class, or of 'ALL' when the class has none. Class names compare case-insensitively. */
export function rowsForClass(rows: readonly ContributionRow[], contributionclass: string | null | undefined): ContributionRow[] {
  const wanted = normalizeContributionClass(contributionclass).toLowerCase();
  const own = rows.filter((row) => row.contributionclass.toLowerCase() === wanted);
  if (own.length > 0) return own;
  return rows.filter((row) => row.contributionclass.toLowerCase() === DEFAULT_CONTRIBUTION_CLASS.toLowerCase());
}

export type ContributionInput = {
  rows: readonly ContributionRow[];
  contributionclass: string | null | undefined;
  /** The member's date of birth and the coverage effective date, 'YYYY-MM-DD'. */
  birthdate: string;
  effectiveDate: string;
  /** Dependent birthdates as the call carries them (padding and nulls are not dependents). */
  dependentBirthdates: ReadonlyArray<string | null | undefined>;
};

function bandFor(input: Omit<ContributionInput, 'dependentBirthdates'>): ContributionRow | undefined {
  if (!isIsoDate(input.birthdate) || !isIsoDate(input.effectiveDate)) {
    throw new RangeError('The birthdate and the effective date must be dates (YYYY-MM-DD).');
  }
  const age = ageOn(input.birthdate, input.effectiveDate);
  return rowsForClass(input.rows, input.contributionclass).find((row) => age >= row.ageMin && age <= row.ageMax);
}

/**
 * The monthly employer contribution: the band of the member's age on the effective date, its employee amount
 * plus its per-dependent amount for each real dependent. 0 when no band covers the age (nothing is offered).
 */
export function monthlyContributionCents(input: ContributionInput): Cents {
  const band = bandFor(input);
  if (!band) return 0;
  return band.employeeCents + band.dependentCents * countRealDependents(input.dependentBirthdates);
}

/** The contribution when coverage is waived: the employee-only amount of the member's band. */
export function waivedContributionCents(input: Omit<ContributionInput, 'dependentBirthdates'>): Cents {
  return bandFor(input)?.employeeCents ?? 0;
}

/**
 * What is wrong with a schedule, per class, as sentences (empty when valid): overlapping or inverted age bands,
 * negative amounts, and an employee amount of the most paid band above three times the least paid (the ICHRA
 * age-variation limit).
 */
export function scheduleProblems(rows: readonly ContributionRow[]): string[] {
  const problems: string[] = [];
  const classes = [...new Set(rows.map((row) => row.contributionclass))];
  for (const name of classes) {
    const bands = rows.filter((row) => row.contributionclass === name).sort((a, b) => a.ageMin - b.ageMin);
    bands.forEach((band, index) => {
      if (band.ageMin > band.ageMax) problems.push(`Class ${name}: the band ${band.ageMin}-${band.ageMax} is inverted.`);
      if (band.employeeCents < 0 || band.dependentCents < 0) {
        problems.push(`Class ${name}: the band ${band.ageMin}-${band.ageMax} has a negative amount.`);
      }
      const next = bands[index + 1];
      if (next && next.ageMin <= band.ageMax) {
        problems.push(`Class ${name}: the bands ${band.ageMin}-${band.ageMax} and ${next.ageMin}-${next.ageMax} overlap.`);
      }
    });
    const amounts = bands.map((band) => band.employeeCents);
    const least = Math.min(...amounts);
    const most = Math.max(...amounts);
    if (least >= 0 && most > least * ICHRA_MAX_AGE_RATIO) {
      problems.push(`Class ${name}: the highest amount is more than ${ICHRA_MAX_AGE_RATIO} times the lowest.`);
    }
  }
  return problems;
}
