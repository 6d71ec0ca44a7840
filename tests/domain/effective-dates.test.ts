import { describe, expect, it } from 'vitest';
import { effectiveDateChoices, effectiveDateCutoffDay } from '#domain/effective-dates.ts';

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
