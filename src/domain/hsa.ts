/**
 * Health savings account limits (spec §2 Flexible Spending, §9 "HSA annual contribution maximum ... catch-up 1000
 * per year for age 55 or older"). The figures are the IRS's per calendar year (26 U.S.C. 223(b), indexed by a
 * Revenue Procedure each year); the server reads them from data/constants.json (hsa_hdhp) and passes them
 * in, so this module holds only the rules. Amounts in cents.
 */
import { ageOn, parseIsoDate } from './dates.ts';
import type { Cents } from './money.ts';

/** Self-only coverage when no dependent is covered, family coverage otherwise (26 U.S.C. 223(b)(2), (c)(4)). */
export type CoverageTier = 'self-only' | 'family';

/** One year's IRS figures, in cents. */
export type HsaYearLimits = { selfOnlyCents: Cents; familyCents: Cents; catchUpCents: Cents; source: string };

/** The figures by calendar year. */
export type HsaLimitTable = Readonly<Record<number, HsaYearLimits>>;

/** The age from which the catch-up contribution is allowed: 55 "before the close of the taxable year" (223(b)(3)). */
export const HSA_CATCH_UP_AGE = 55;

/** The shape of constants.json's hsa_hdhp section: dollars by year. */
type HsaHdhpSection = Record<
  string,
  { hsa_limit_self_only: number; hsa_limit_family: number; hsa_catch_up_55_plus: number; source?: string }
>;

function wholeDollarsToCents(value: unknown, what: string): Cents {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`The HSA figure ${what} must be a whole, non-negative number of dollars.`);
  }
  return value * 100;
}

/** The hsa_hdhp section of the reference constants as a limit table; throws on a malformed figure. */
export function hsaLimitTable(section: HsaHdhpSection): HsaLimitTable {
  const table: Record<number, HsaYearLimits> = {};
  for (const [year, figures] of Object.entries(section)) {
    if (!/^\d{4}$/.test(year)) continue;
    table[Number(year)] = {
      selfOnlyCents: wholeDollarsToCents(figures.hsa_limit_self_only, `${year} self-only`),
      familyCents: wholeDollarsToCents(figures.hsa_limit_family, `${year} family`),
      catchUpCents: wholeDollarsToCents(figures.hsa_catch_up_55_plus, `${year} catch-up`),
      source: figures.source ?? '',
    };
  }
  return table;
}

/** The tier of the coverage: self-only without covered dependents, else family. */
export function coverageTier(coveredDependents: number): CoverageTier {
  return coveredDependents > 0 ? 'family' : 'self-only';
}

/**
 * The figures that apply to a plan year: that year's, or, when the IRS has not published them yet (or they are
 * not in the reference data), the newest earlier year's. The limits only rise with the inflation index
 * (223(g)), so an earlier year's figure never allows more than the law does. Null when no year at or before it
 * is known.
 */
export function limitsForYear(table: HsaLimitTable, planYear: number): { year: number; limits: HsaYearLimits } | null {
  const years = Object.keys(table)
    .map(Number)
    .filter((year) => year <= planYear)
    .sort((a, b) => b - a);
  const year = years[0];
  return year === undefined ? null : { year, limits: table[year]! };
}

export type HsaLimitInput = {
  table: HsaLimitTable;
  /** The plan year the contribution is for. */
  planYear: number;
  tier: CoverageTier;
  /** The account holder's date of birth, 'YYYY-MM-DD'. */
  birthdate: string;
  /** The last day of the plan year, 'YYYY-MM-DD': the catch-up counts the age reached by then. */
  planYearEnd: string;
};

export type HsaAnnualLimit = {
  /** The year whose figures were used (the plan year, or the newest earlier one). */
  figuresYear: number;
  baseCents: Cents;
  catchUpCents: Cents;
  totalCents: Cents;
};

/** The annual limit of the tier for the plan year, with the catch-up when 55 or older at the end of the plan year. */
export function annualHsaLimit(input: HsaLimitInput): HsaAnnualLimit | null {
  const found = limitsForYear(input.table, input.planYear);
  if (!found) return null;
  const baseCents = input.tier === 'family' ? found.limits.familyCents : found.limits.selfOnlyCents;
  const catchUpCents = ageOn(input.birthdate, input.planYearEnd) >= HSA_CATCH_UP_AGE ? found.limits.catchUpCents : 0;
  return { figuresYear: found.year, baseCents, catchUpCents, totalCents: baseCents + catchUpCents };
}

/**
 * The months of contributions from the effective date's month to the plan year's last month, both included
 * ('2027-02-01' to '2027-12-31' is 11). 0 when the effective date lies after the plan year.
 */
export function monthsLeftInPlanYear(effectiveDate: string, planYearEnd: string): number {
  const from = parseIsoDate(effectiveDate);
  const to = parseIsoDate(planYearEnd);
  if (!from || !to) throw new RangeError('The effective date and the plan year end must be dates (YYYY-MM-DD).');
  return Math.max(0, to.year * 12 + to.month - (from.year * 12 + from.month) + 1);
}

/** The largest monthly amount whose total over the months left stays within the annual limit (whole cents). */
export function maxMonthlyHsaCents(annualLimitCents: Cents, monthsLeft: number): Cents {
  return monthsLeft > 0 ? Math.floor(annualLimitCents / monthsLeft) : 0;
}

export type HsaCheck =
  | { ok: true; annual: HsaAnnualLimit; monthsLeft: number; maxMonthlyCents: Cents }
  | { ok: false; reason: 'no-figures' | 'over-limit' | 'no-months'; annual: HsaAnnualLimit | null; monthsLeft: number; maxMonthlyCents: Cents };

/** Whether a monthly amount from the effective date to the end of the plan year stays within the annual limit. */
export function checkHsaMonthly(input: HsaLimitInput & { monthlyCents: Cents; effectiveDate: string }): HsaCheck {
  const annual = annualHsaLimit(input);
  const monthsLeft = monthsLeftInPlanYear(input.effectiveDate, input.planYearEnd);
  if (!annual) return { ok: false, reason: 'no-figures', annual, monthsLeft, maxMonthlyCents: 0 };
  const maxMonthlyCents = maxMonthlyHsaCents(annual.totalCents, monthsLeft);
  if (monthsLeft === 0) return { ok: false, reason: 'no-months', annual, monthsLeft, maxMonthlyCents };
  if (input.monthlyCents * monthsLeft > annual.totalCents) return { ok: false, reason: 'over-limit', annual, monthsLeft, maxMonthlyCents };
  return { ok: true, annual, monthsLeft, maxMonthlyCents };
}
