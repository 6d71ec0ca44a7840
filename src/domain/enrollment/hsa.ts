/**
 * HSA contribution limits (spec §9 HSA figures): the annual limit for a coverage tier and year with the catch-up
 * from age 55, the most a month for the months left, the limit prorated by months of coverage, and which plans an
 * HSA may go with in a plan year. Pure; the IRS figures come from the caller (the server reads them from
 * data/reference/constants.json: Rev. Proc. 2024-25 for 2025, 2025-19 for 2026, 2026-24 for 2027; catch-up
 * 26 U.S.C. 223(b)(3)).
 *
 * The HSA step assumes the employer's ICHRA reimburses premiums only: an HRA that also reimburses other medical
 * care before the deductible is met is other coverage that makes the employee HSA-ineligible (Rev. Rul. 2004-45).
 */
import { ageOn, parseIsoDate } from '../values/dates.ts';
import { dollarsToCents, type Cents } from '../values/money.ts';
import { BRONZE_CATASTROPHIC_HSA_LEVELS, MONTHS_IN_TAX_YEAR } from '../parameters/hsa.ts';
import { yearFrom } from '../parameters/parameter.ts';

/**
 * Whether a plan goes with an HSA in a plan year: the carrier file's flag (the plan is a high deductible health
 * plan), or, from 2026, the plan being bronze or catastrophic, on or off the exchange, whatever the flag says
 * (26 U.S.C. 223(c)(2)(J), Public Law 119-21; IRS Notice 2026-5). `metalLevel` as the catalogue spells it.
 */
export function isHsaCompatible(plan: { metalLevel: string; carrierHsaEligible: boolean }, planYear: number): boolean {
  if (plan.carrierHsaEligible) return true;
  return planYear >= yearFrom(BRONZE_CATASTROPHIC_HSA_LEVELS) && BRONZE_CATASTROPHIC_HSA_LEVELS.value.includes(plan.metalLevel);
}

export type HsaTier = 'self-only' | 'family';

/** One year's IRS figures in cents. */
/** `source` is the year's citation as constants.json gives it (the IRS Revenue Procedure), or '' when it gives none. */
export type HsaYearFigures = { selfOnlyCents: Cents; familyCents: Cents; catchUpCents: Cents; source: string };

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
      source: typeof row.source === 'string' ? row.source : '',
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

/**
 * Whether a quoted plan goes with an HSA: its ishsaeligible 'Yes', which the quote sets by isHsaCompatible for the
 * plan year. The one reading of it, for the HSA filter, the HSA step, the cart, the orders and Authorize.
 */
export function isHsaEligible(plan: { ishsaeligible: string }): boolean {
  return plan.ishsaeligible === 'Yes';
}

/**
 * The months of the effective date's tax year in which coverage is in force on the first day: from the effective
 * date's month (its next month when it starts after the 1st) through December. 26 U.S.C. 223(b)(2) allows 1/12 of
 * the annual limit for each such month.
 */
export function hsaEligibleMonths(effectiveDate: string): number {
  const from = parseIsoDate(effectiveDate);
  if (!from) throw new RangeError(`Not a date: ${effectiveDate}`);
  return MONTHS_IN_TAX_YEAR.value - from.month + (from.day === 1 ? 1 : 0);
}

/**
 * The annual limit prorated to the months of eligibility (whole cents, down). Under the last-month rule of
 * 26 U.S.C. 223(b)(8) a person eligible on December 1 may still contribute the full annual limit, if eligible
 * through December 31 of the next year (the testing period); the product's monthly check allows that full limit.
 */
export function hsaProratedLimitCents(annualLimitCents: Cents, eligibleMonths: number): Cents {
  if (!Number.isInteger(eligibleMonths) || eligibleMonths < 0 || eligibleMonths > MONTHS_IN_TAX_YEAR.value) {
    throw new RangeError(`Not a number of months: ${eligibleMonths}`);
  }
  return Math.floor((annualLimitCents * eligibleMonths) / MONTHS_IN_TAX_YEAR.value);
}
