/**
 * HSA contribution limits (spec §9 HSA figures): the annual limit for a coverage tier and year with the catch-up
 * from age 55, and the most a month for the months left. Pure; the IRS figures come from the caller (the server
 * reads them from data/reference/constants.json: Rev. Proc. 2024-25 for 2025, 2025-19 for 2026; catch-up
 * 26 U.S.C. 223(b)(3)).
 */
import { ageOn, parseIsoDate } from './dates.ts';
import { dollarsToCents, type Cents } from './money.ts';

export type HsaTier = 'self-only' | 'family';

/** One year's IRS figures in cents. */
export type HsaYearFigures = { selfOnlyCents: Cents; familyCents: Cents; catchUpCents: Cents };

/** The age from which the catch-up contribution is allowed, reached by the end of the tax year (26 U.S.C. 223(b)(3)). */
export const HSA_CATCH_UP_AGE = 55;

/** The figures of constants.json's `hsa_hdhp` section, by year, in cents. */
export function hsaFiguresFromConstants(section: Record<string, unknown>): Map<number, HsaYearFigures> {
  const figures = new Map<number, HsaYearFigures>();
  for (const [year, value] of Object.entries(section)) {
    if (!/^\d{4}$/.test(year) || value === null || typeof value !== 'object') continue;
    const row = value as Record<string, unknown>;
    const dollars = (name: string) => {
      const amount = row[name];
      if (typeof amount !== 'number') throw new RangeError(`hsa_hdhp.${year}.${name} is not a number`);
      return dollarsToCents(amount);
    };
    figures.set(Number(year), {
      selfOnlyCents: dollars('hsa_limit_self_only'),
      familyCents: dollars('hsa_limit_family'),
      catchUpCents: dollars('hsa_catch_up_55_plus'),
    });
  }
  return figures;
}

/**
 * The figures for a year: that year's, else the newest year before it (limits are published late in the year
 * before; until then the last known ones apply), else the earliest known.
 */
export function hsaFiguresFor(figures: Map<number, HsaYearFigures>, year: number): { year: number; figures: HsaYearFigures } {
  const years = [...figures.keys()].sort((a, b) => a - b);
  if (years.length === 0) throw new RangeError('No HSA figures');
  const chosen = years.filter((y) => y <= year).at(-1) ?? years[0]!;
  return { year: chosen, figures: figures.get(chosen)! };
}

/** Whether the member may add the catch-up in a tax year: age 55 or older on December 31 of it. */
export function hsaCatchUpAllowed(birthdate: string | null, year: number): boolean {
  if (!birthdate || !parseIsoDate(birthdate)) return false;
  return ageOn(birthdate, `${year}-12-31`) >= HSA_CATCH_UP_AGE;
}

/** The annual limit for a tier, with the catch-up when allowed. */
export function hsaAnnualLimitCents(figures: HsaYearFigures, tier: HsaTier, catchUp: boolean): Cents {
  return (tier === 'family' ? figures.familyCents : figures.selfOnlyCents) + (catchUp ? figures.catchUpCents : 0);
}

/**
 * The months the monthly amount is taken in the tax year of the effective date: from its month through the
 * plan year's last month, or through December when the plan year ends later (or the date lies outside it).
 */
export function hsaMonthsLeft(effectiveDate: string, planYearEnd: string | null): number {
  const from = parseIsoDate(effectiveDate);
  if (!from) throw new RangeError(`Not a date: ${effectiveDate}`);
  const end = planYearEnd ? parseIsoDate(planYearEnd) : null;
  const lastMonth = end && end.year === from.year && end.month >= from.month ? end.month : 12;
  return lastMonth - from.month + 1;
}

/** The most a month so that the amount times the months left stays within the annual limit (whole cents, down). */
export function hsaMaxMonthlyCents(annualLimitCents: Cents, monthsLeft: number): Cents {
  if (!Number.isInteger(monthsLeft) || monthsLeft < 1) throw new RangeError(`Not a number of months: ${monthsLeft}`);
  return Math.floor(annualLimitCents / monthsLeft);
}

/** Whether a monthly amount fits the annual limit over the months left. */
export function hsaMonthlyFits(monthlyCents: Cents, annualLimitCents: Cents, monthsLeft: number): boolean {
  return monthlyCents >= 0 && monthlyCents * monthsLeft <= annualLimitCents;
}
