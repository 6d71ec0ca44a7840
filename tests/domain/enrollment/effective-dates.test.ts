import { describe, expect, it } from 'vitest';
import { todayUtc } from '#domain/values/dates.ts';
import { effectiveDateChoices, effectiveDateCutoffDay, employeeEffectiveDate } from '#domain/enrollment/effective-dates.ts';
import type { RuleCase } from '../rule-case.ts';

type PlanYear = { planYearStart: string; planYearEnd: string };
const year = (y: number): PlanYear => ({ planYearStart: `${y}-01-01`, planYearEnd: `${y}-12-31` });
const wide = { planYearStart: '2000-01-01', planYearEnd: '2100-12-31' };

describe('effectiveDateChoices', () => {
  it.each([
    { name: 'day 19 stays', period: '2025-05-19', input: { edocPeriod: null, planYear: wide }, output: ['2025-06-01', '2025-07-01', '2026-01-01'] },
    { name: 'day 20 shifts', period: '2025-05-20', input: { edocPeriod: null, planYear: wide }, output: ['2025-07-01', '2025-08-01', '2026-01-01'] },
    { name: 'day 31 shifts', period: '2025-05-31', input: { edocPeriod: null, planYear: wide }, output: ['2025-07-01', '2025-08-01', '2026-01-01'] },
    { name: 'first of month', period: '2025-05-01', input: { edocPeriod: null, planYear: wide }, output: ['2025-06-01', '2025-07-01', '2026-01-01'] },
    { name: 'October 19: the month after is November', period: '2025-10-19', input: { edocPeriod: null, planYear: wide }, output: ['2025-11-01', '2025-12-01', '2026-01-01'] },
    { name: 'October 20: January 1 deduplicated', period: '2025-10-20', input: { edocPeriod: null, planYear: wide }, output: ['2025-12-01', '2026-01-01'] },
    { name: 'November 19: January 1 deduplicated', period: '2025-11-19', input: { edocPeriod: null, planYear: wide }, output: ['2025-12-01', '2026-01-01'] },
    { name: 'November 20: rolls into the next year', period: '2025-11-20', input: { edocPeriod: null, planYear: wide }, output: ['2026-01-01', '2026-02-01'] },
    { name: 'December 5', period: '2025-12-05', input: { edocPeriod: null, planYear: wide }, output: ['2026-01-01', '2026-02-01'] },
    { name: 'December 20', period: '2025-12-20', input: { edocPeriod: null, planYear: wide }, output: ['2026-01-01', '2026-02-01', '2026-03-01'] },
    { name: 'edoc_period 15: cut-off day 15', period: '2025-05-15', input: { edocPeriod: 15, planYear: wide }, output: ['2025-07-01', '2025-08-01', '2026-01-01'] },
    { name: 'edoc_period 15: day 14 stays', period: '2025-05-14', input: { edocPeriod: 15, planYear: wide }, output: ['2025-06-01', '2025-07-01', '2026-01-01'] },
    { name: 'edoc_period 5: day 24 stays', period: '2025-05-24', input: { edocPeriod: 5, planYear: wide }, output: ['2025-06-01', '2025-07-01', '2026-01-01'] },
    { name: 'edoc_period 5: day 25 shifts', period: '2025-05-25', input: { edocPeriod: 5, planYear: wide }, output: ['2025-07-01', '2025-08-01', '2026-01-01'] },
    { name: 'edoc_period 0: day 29 stays', period: '2025-05-29', input: { edocPeriod: 0, planYear: wide }, output: ['2025-06-01', '2025-07-01', '2026-01-01'] },
    { name: 'plan year 2026 only, in spring 2025', period: '2025-05-10', input: { edocPeriod: null, planYear: year(2026) }, output: ['2026-01-01'] },
    { name: 'plan year 2025 only, in spring 2025', period: '2025-05-10', input: { edocPeriod: null, planYear: year(2025) }, output: ['2025-06-01', '2025-07-01'] },
    { name: 'plan year 2026 in December 2025', period: '2025-12-20', input: { edocPeriod: null, planYear: year(2026) }, output: ['2026-01-01', '2026-02-01', '2026-03-01'] },
    { name: 'plan year 2025 in December 2025: nothing', period: '2025-12-05', input: { edocPeriod: null, planYear: year(2025) }, output: [] },
    { name: 'plan year bounds are included', period: '2025-05-10', input: { edocPeriod: null, planYear: { planYearStart: '2025-06-01', planYearEnd: '2025-07-01' } }, output: ['2025-06-01', '2025-07-01'] },
    { name: 'leap day today', period: '2024-02-29', input: { edocPeriod: null, planYear: wide }, output: ['2024-04-01', '2024-05-01', '2025-01-01'] },
  ] satisfies RuleCase<{ edocPeriod: number | null; planYear: PlanYear }, string[]>[])('$name ($period)', ({ period, input, output }) => {
    expect(effectiveDateChoices(period, { edocPeriod: input.edocPeriod, ...input.planYear })).toEqual(output);
  });

  it('rejects a day that is not a date', () => {
    expect(() => effectiveDateChoices('2025-02-30', { edocPeriod: null, ...wide })).toThrow(RangeError);
  });

  it.each([
    { name: 'edoc_period null: day 20', period: '', input: null, output: 20 },
    { name: 'edoc_period 10: day 20', period: '', input: 10, output: 20 },
    { name: 'edoc_period 0: day 30', period: '', input: 0, output: 30 },
    { name: 'edoc_period 15: day 15', period: '', input: 15, output: 15 },
  ] satisfies RuleCase<number | null, number>[])('cut-off with $name', ({ input, output }) => {
    expect(effectiveDateCutoffDay(input)).toBe(output);
  });
});

describe('effective dates on fixed clocks (the UTC day decides, not the time zone of the browser)', () => {
  const at = (instant: string, edocPeriod: number | null = null, planYear: PlanYear = wide) =>
    effectiveDateChoices(todayUtc(new Date(instant)), { edocPeriod, ...planYear });

  it.each([
    { name: '19 May 23:59:59 UTC stays', period: '2025-05-19T23:59:59Z', input: {}, output: ['2025-06-01', '2025-07-01', '2026-01-01'] },
    { name: '20 May 00:00 UTC shifts', period: '2025-05-20T00:00:00Z', input: {}, output: ['2025-07-01', '2025-08-01', '2026-01-01'] },
    { name: '19 May 20:00 in New York is already the 20th in UTC: shifts', period: '2025-05-19T20:00:00-04:00', input: {}, output: ['2025-07-01', '2025-08-01', '2026-01-01'] },
    { name: '20 May 08:00 in Tokyo is still the 19th in UTC: stays', period: '2025-05-20T08:00:00+09:00', input: {}, output: ['2025-06-01', '2025-07-01', '2026-01-01'] },
    { name: '31 December late evening UTC: next year is the year after', period: '2025-12-31T23:59:59Z', input: {}, output: ['2026-02-01', '2026-03-01', '2026-01-01'].sort() },
    { name: '1 January 00:00 UTC: a new year', period: '2026-01-01T00:00:00Z', input: {}, output: ['2026-02-01', '2026-03-01', '2027-01-01'] },
    { name: '30 November: the month after rolls over the year', period: '2025-11-30T12:00:00Z', input: {}, output: ['2026-01-01', '2026-02-01'] },
    { name: '28 February of a common year: shifts into April', period: '2025-02-28T12:00:00Z', input: {}, output: ['2025-04-01', '2025-05-01', '2026-01-01'] },
    { name: '31 January: no 31 February is involved', period: '2025-01-31T12:00:00Z', input: {}, output: ['2025-03-01', '2025-04-01', '2026-01-01'] },
  ] satisfies RuleCase<Record<string, never>, string[]>[])('$name', ({ period, output }) => {
    expect(at(period)).toEqual(output);
  });

  it.each([
    { name: 'edoc_period 10 on the 19th stays', period: '2025-05-19T12:00:00Z', input: { edocPeriod: 10 }, output: ['2025-06-01', '2025-07-01', '2026-01-01'] },
    { name: 'edoc_period 10 on the 20th shifts', period: '2025-05-20T12:00:00Z', input: { edocPeriod: 10 }, output: ['2025-07-01', '2025-08-01', '2026-01-01'] },
    { name: 'edoc_period 25 on the 5th shifts', period: '2025-05-05T12:00:00Z', input: { edocPeriod: 25 }, output: ['2025-07-01', '2025-08-01', '2026-01-01'] },
    { name: 'edoc_period 29 on the 1st shifts', period: '2025-05-01T00:00:00Z', input: { edocPeriod: 29 }, output: ['2025-07-01', '2025-08-01', '2026-01-01'] },
    { name: 'edoc_period 30 or more: every day shifts', period: '2025-05-01T00:00:00Z', input: { edocPeriod: 45 }, output: ['2025-07-01', '2025-08-01', '2026-01-01'] },
    { name: 'edoc_period 3 on 31 December: cut-off 27, shifts across the year', period: '2025-12-31T12:00:00Z', input: { edocPeriod: 3 }, output: ['2026-01-01', '2026-02-01', '2026-03-01'] },
  ] satisfies RuleCase<{ edocPeriod: number }, string[]>[])('$name', ({ period, input, output }) => {
    expect(at(period, input.edocPeriod)).toEqual(output);
  });

  it.each([
    { name: 'plan year 2026 on 20 November 2025 keeps both 2026 dates', period: '2025-11-20T00:00:00Z', input: { planYear: year(2026) }, output: ['2026-01-01', '2026-02-01'] },
    { name: 'plan year 2025 on 20 November 2025: nothing left', period: '2025-11-20T00:00:00Z', input: { planYear: year(2025) }, output: [] },
    { name: 'plan year 2025 on 19 November 2025: December only', period: '2025-11-19T23:59:59Z', input: { planYear: year(2025) }, output: ['2025-12-01'] },
    { name: 'a plan year from July (2025-07-01..2026-06-30) in May 2025', period: '2025-05-10T12:00:00Z', input: { planYear: { planYearStart: '2025-07-01', planYearEnd: '2026-06-30' } }, output: ['2025-07-01', '2026-01-01'] },
  ] satisfies RuleCase<{ planYear: PlanYear }, string[]>[])('$name', ({ period, input, output }) => {
    expect(at(period, null, input.planYear)).toEqual(output);
  });
});

describe('employeeEffectiveDate (the day staff see an employee priced on)', () => {
  const plan2026 = { edocPeriod: null, ...year(2026) };
  it('is the date the employee chose when they enrolled, whatever is offered today', () => {
    expect(employeeEffectiveDate('2026-06-01', '2026-03-10', plan2026)).toBe('2026-06-01');
  });
  it("is the first date offered today when they have not chosen one, not the plan year's first day", () => {
    expect(employeeEffectiveDate(null, '2026-03-10', plan2026)).toBe('2026-04-01');
    expect(employeeEffectiveDate(null, '2026-03-20', plan2026)).toBe('2026-05-01');
  });
  it("is the plan year's first day when nothing is offered any more (the plan year is over)", () => {
    expect(employeeEffectiveDate(null, '2026-12-05', plan2026)).toBe('2026-01-01');
  });
});
