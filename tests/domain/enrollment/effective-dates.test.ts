import { describe, expect, it } from 'vitest';
import { todayUtc } from '#domain/values/dates.ts';
import { effectiveDateChoices, effectiveDateCutoffDay } from '#domain/enrollment/effective-dates.ts';

const year = (y: number) => ({ planYearStart: `${y}-01-01`, planYearEnd: `${y}-12-31` });
const wide = { planYearStart: '2000-01-01', planYearEnd: '2100-12-31' };

describe('effectiveDateChoices', () => {
  it.each([
    ['day 19 stays', '2025-05-19', null, wide, ['2025-06-01', '2025-07-01', '2026-01-01']],
    ['day 20 shifts', '2025-05-20', null, wide, ['2025-07-01', '2025-08-01', '2026-01-01']],
    ['day 31 shifts', '2025-05-31', null, wide, ['2025-07-01', '2025-08-01', '2026-01-01']],
    ['first of month', '2025-05-01', null, wide, ['2025-06-01', '2025-07-01', '2026-01-01']],
    ['October 19: the month after is November', '2025-10-19', null, wide, ['2025-11-01', '2025-12-01', '2026-01-01']],
    ['October 20: January 1 deduplicated', '2025-10-20', null, wide, ['2025-12-01', '2026-01-01']],
    ['November 19: January 1 deduplicated', '2025-11-19', null, wide, ['2025-12-01', '2026-01-01']],
    ['November 20: rolls into the next year', '2025-11-20', null, wide, ['2026-01-01', '2026-02-01']],
    ['December 5', '2025-12-05', null, wide, ['2026-01-01', '2026-02-01']],
    ['December 20', '2025-12-20', null, wide, ['2026-01-01', '2026-02-01', '2026-03-01']],
    ['edoc_period 15: cut-off day 15', '2025-05-15', 15, wide, ['2025-07-01', '2025-08-01', '2026-01-01']],
    ['edoc_period 15: day 14 stays', '2025-05-14', 15, wide, ['2025-06-01', '2025-07-01', '2026-01-01']],
    ['edoc_period 5: day 24 stays', '2025-05-24', 5, wide, ['2025-06-01', '2025-07-01', '2026-01-01']],
    ['edoc_period 5: day 25 shifts', '2025-05-25', 5, wide, ['2025-07-01', '2025-08-01', '2026-01-01']],
    ['edoc_period 0: day 29 stays', '2025-05-29', 0, wide, ['2025-06-01', '2025-07-01', '2026-01-01']],
    ['plan year 2026 only, in spring 2025', '2025-05-10', null, year(2026), ['2026-01-01']],
    ['plan year 2025 only, in spring 2025', '2025-05-10', null, year(2025), ['2025-06-01', '2025-07-01']],
    ['plan year 2026 in December 2025', '2025-12-20', null, year(2026), ['2026-01-01', '2026-02-01', '2026-03-01']],
    ['plan year 2025 in December 2025: nothing', '2025-12-05', null, year(2025), []],
    ['plan year bounds are included', '2025-05-10', null, { planYearStart: '2025-06-01', planYearEnd: '2025-07-01' }, ['2025-06-01', '2025-07-01']],
    ['leap day today', '2024-02-29', null, wide, ['2024-04-01', '2024-05-01', '2025-01-01']],
  ])('%s (%s, edoc %j)', (_label, today, edocPeriod, planYear, choices) => {
    expect(effectiveDateChoices(today, { edocPeriod, ...planYear })).toEqual(choices);
  });

  it('rejects a day that is not a date', () => {
    expect(() => effectiveDateChoices('2025-02-30', { edocPeriod: null, ...wide })).toThrow(RangeError);
  });

  it.each([
    [null, 20],
    [10, 20],
    [0, 30],
    [15, 15],
  ])('cut-off with edoc_period %j is day %i', (edoc, day) => {
    expect(effectiveDateCutoffDay(edoc)).toBe(day);
  });
});

describe('effective dates on fixed clocks (the UTC day decides, not the time zone of the browser)', () => {
  const at = (instant: string, edocPeriod: number | null = null, planYear: { planYearStart: string; planYearEnd: string } = wide) =>
    effectiveDateChoices(todayUtc(new Date(instant)), { edocPeriod, ...planYear });

  it.each([
    ['19 May 23:59:59 UTC stays', '2025-05-19T23:59:59Z', ['2025-06-01', '2025-07-01', '2026-01-01']],
    ['20 May 00:00 UTC shifts', '2025-05-20T00:00:00Z', ['2025-07-01', '2025-08-01', '2026-01-01']],
    ['19 May 20:00 in New York is already the 20th in UTC: shifts', '2025-05-19T20:00:00-04:00', ['2025-07-01', '2025-08-01', '2026-01-01']],
    ['20 May 08:00 in Tokyo is still the 19th in UTC: stays', '2025-05-20T08:00:00+09:00', ['2025-06-01', '2025-07-01', '2026-01-01']],
    ['31 December late evening UTC: next year is the year after', '2025-12-31T23:59:59Z', ['2026-02-01', '2026-03-01', '2026-01-01'].sort()],
    ['1 January 00:00 UTC: a new year', '2026-01-01T00:00:00Z', ['2026-02-01', '2026-03-01', '2027-01-01']],
    ['30 November: the month after rolls over the year', '2025-11-30T12:00:00Z', ['2026-01-01', '2026-02-01']],
    ['28 February of a common year: shifts into April', '2025-02-28T12:00:00Z', ['2025-04-01', '2025-05-01', '2026-01-01']],
    ['31 January: no 31 February is involved', '2025-01-31T12:00:00Z', ['2025-03-01', '2025-04-01', '2026-01-01']],
  ])('%s', (_label, instant, choices) => {
    expect(at(instant)).toEqual(choices);
  });

  it.each([
    ['edoc_period 10 on the 19th stays', '2025-05-19T12:00:00Z', 10, ['2025-06-01', '2025-07-01', '2026-01-01']],
    ['edoc_period 10 on the 20th shifts', '2025-05-20T12:00:00Z', 10, ['2025-07-01', '2025-08-01', '2026-01-01']],
    ['edoc_period 25 on the 5th shifts', '2025-05-05T12:00:00Z', 25, ['2025-07-01', '2025-08-01', '2026-01-01']],
    ['edoc_period 29 on the 1st shifts', '2025-05-01T00:00:00Z', 29, ['2025-07-01', '2025-08-01', '2026-01-01']],
    ['edoc_period 30 or more: every day shifts', '2025-05-01T00:00:00Z', 45, ['2025-07-01', '2025-08-01', '2026-01-01']],
    ['edoc_period 3 on 31 December: cut-off 27, shifts across the year', '2025-12-31T12:00:00Z', 3, ['2026-01-01', '2026-02-01', '2026-03-01']],
  ])('%s', (_label, instant, edoc, choices) => {
    expect(at(instant, edoc)).toEqual(choices);
  });

  it.each([
    ['plan year 2026 on 20 November 2025 keeps both 2026 dates', '2025-11-20T00:00:00Z', year(2026), ['2026-01-01', '2026-02-01']],
    ['plan year 2025 on 20 November 2025: nothing left', '2025-11-20T00:00:00Z', year(2025), []],
    ['plan year 2025 on 19 November 2025: December only', '2025-11-19T23:59:59Z', year(2025), ['2025-12-01']],
    ['a plan year from July (2025-07-01..2026-06-30) in May 2025', '2025-05-10T12:00:00Z', { planYearStart: '2025-07-01', planYearEnd: '2026-06-30' }, ['2025-07-01', '2026-01-01']],
  ])('%s', (_label, instant, planYear, choices) => {
    expect(at(instant, null, planYear)).toEqual(choices);
  });
});
