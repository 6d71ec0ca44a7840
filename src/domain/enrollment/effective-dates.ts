/**
 * The coverage effective dates an employee may choose (spec §9 Effective date choices, as decided in the team
 * plan: the spec's "not in 2026" filter becomes "inside the employer's plan year").
 */
import { firstOfMonthAfter, parseIsoDate } from '../values/dates.ts';
import { EDOC_CUTOFF_BASE_DAY, EFFECTIVE_DATE_CUTOFF_DAY } from '../parameters/enrollment.ts';

export type EffectiveDateSettings = {
  /** The employer's edoc_period in days; null when not set. */
  edocPeriod: number | null;
  /** First and last day of the employer's plan year, 'YYYY-MM-DD'. */
  planYearStart: string;
  planYearEnd: string;
};

/** The day of the month from which the choices shift one month later: 20, or 30 minus edoc_period when set. */
export function effectiveDateCutoffDay(edocPeriod: number | null): number {
  return edocPeriod === null ? EFFECTIVE_DATE_CUTOFF_DAY.value : EDOC_CUTOFF_BASE_DAY.value - edocPeriod;
}

/**
 * The choices on `today` (UTC date): the first of next month and of the month after (both one month later from
 * the cut-off day on), plus January 1 of next year; deduplicated, sorted, and only those inside the plan year.
 */
export function effectiveDateChoices(today: string, settings: EffectiveDateSettings): string[] {
  const parts = parseIsoDate(today);
  if (!parts) throw new RangeError(`Not a date (YYYY-MM-DD): ${today}`);
  const shift = parts.day >= effectiveDateCutoffDay(settings.edocPeriod) ? 1 : 0;
  const candidates = [
    firstOfMonthAfter(today, 1 + shift),
    firstOfMonthAfter(today, 2 + shift),
    `${String(parts.year + 1).padStart(4, '0')}-01-01`,
  ];
  return [...new Set(candidates)]
    .filter((date) => date >= settings.planYearStart && date <= settings.planYearEnd)
    .sort();
}

/**
 * The effective date an employee's contribution is computed on when staff preview new rules: the date they chose
 * if they enrolled for the plan year (`chosen`), else the first choice they would be offered on `today`, else (none
 * is offered: the plan year is over) the plan year's first day.
 */
export function employeeEffectiveDate(chosen: string | null, today: string, settings: EffectiveDateSettings): string {
  return chosen ?? effectiveDateChoices(today, settings)[0] ?? settings.planYearStart;
}
