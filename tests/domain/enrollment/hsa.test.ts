import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  hsaAnnualLimitCents,
  hsaCatchUpAllowed,
  hsaEligibleMonths,
  hsaFiguresFor,
  hsaFiguresFromConstants,
  hsaMaxMonthlyCents,
  hsaMonthlyFits,
  hsaMonthsLeft,
  hsaProratedLimitCents,
  isHsaCompatible,
  isHsaEligible,
} from '#domain/enrollment/hsa.ts';

const constants = JSON.parse(readFileSync(path.join(process.cwd(), 'data', 'reference', 'constants.json'), 'utf8'));
const figures = hsaFiguresFromConstants(constants.hsa_hdhp);

describe('HSA limits', () => {
  it('reads the IRS figures of each year in cents', () => {
    expect(figures.get(2025)).toEqual({ selfOnlyCents: 430000, familyCents: 855000, catchUpCents: 100000, source: expect.stringContaining('Rev. Proc. 2024-25') });
    expect(figures.get(2026)).toEqual({ selfOnlyCents: 440000, familyCents: 875000, catchUpCents: 100000, source: expect.stringContaining('Rev. Proc. 2025-19') });
    // Rev. Proc. 2026-24; the catch-up is fixed by 26 U.S.C. 223(b)(3).
    expect(figures.get(2027)).toEqual({ selfOnlyCents: 450000, familyCents: 900000, catchUpCents: 100000, source: expect.stringContaining('Rev. Proc. 2026-24') });
    expect(constants.hsa_hdhp['2027']).toMatchObject({
      hdhp_min_deductible_self_only: 1750,
      hdhp_min_deductible_family: 3500,
      hdhp_max_out_of_pocket_self_only: 8700,
      hdhp_max_out_of_pocket_family: 17400,
      source: expect.stringContaining('Rev. Proc. 2026-24'),
    });
  });

  it.each([
    [2026, 2026],
    [2025, 2025],
    [2027, 2027],
    [2028, 2027],
    [2020, 2025],
  ])('uses the figures of %i as those of %i', (year, used) => {
    expect(hsaFiguresFor(figures, year).year).toBe(used);
  });

  it.each([
    ['1971-12-31', 2026, true],
    ['1972-01-01', 2026, false],
    ['1970-06-15', 2025, true],
    [null, 2026, false],
  ])('born %s: catch-up in %i is %s (55 by December 31)', (birthdate, year, allowed) => {
    expect(hsaCatchUpAllowed(birthdate, year)).toBe(allowed);
  });

  it.each([
    ['self-only', false, 440000],
    ['family', false, 875000],
    ['self-only', true, 540000],
    ['family', true, 975000],
  ] as const)('2026 %s, catch-up %s: %i cents', (tier, catchUp, cents) => {
    expect(hsaAnnualLimitCents(figures.get(2026)!, tier, catchUp)).toBe(cents);
  });

  it.each([
    ['2026-02-01', '2026-12-31', 11],
    ['2026-12-01', '2026-12-31', 1],
    ['2026-01-01', '2026-06-30', 6],
    ['2026-07-01', '2027-06-30', 6],
    ['2027-01-01', '2026-12-31', 12],
    ['2026-03-01', null, 10],
  ])('from %s with the plan year ending %s: %i months', (date, end, months) => {
    expect(hsaMonthsLeft(date, end)).toBe(months);
  });

  it('rounds the most a month down, so it times the months stays within the limit', () => {
    expect(hsaMaxMonthlyCents(975000, 11)).toBe(88636);
    expect(hsaMonthlyFits(88636, 975000, 11)).toBe(true);
    expect(hsaMonthlyFits(88637, 975000, 11)).toBe(false);
    expect(hsaMaxMonthlyCents(440000, 1)).toBe(440000);
    expect(() => hsaMaxMonthlyCents(440000, 0)).toThrow(RangeError);
  });

  it.each([
    ['2026-01-01', 12],
    ['2026-02-01', 11],
    ['2026-03-15', 9],
    ['2026-12-01', 1],
    ['2026-12-02', 0],
  ])('coverage from %s is in force on the first day of %i months of the tax year', (date, months) => {
    expect(hsaEligibleMonths(date)).toBe(months);
  });

  it('prorates the annual limit by twelfths, whole cents down', () => {
    expect(hsaProratedLimitCents(440000, 12)).toBe(440000);
    expect(hsaProratedLimitCents(440000, 11)).toBe(403333);
    expect(hsaProratedLimitCents(900000, 4)).toBe(300000);
    expect(hsaProratedLimitCents(450000, 0)).toBe(0);
    expect(() => hsaProratedLimitCents(450000, 13)).toThrow(RangeError);
  });

  it("reads a quoted plan's HSA eligibility from its ishsaeligible, which carries the plan year's rule", () => {
    expect(isHsaEligible({ ishsaeligible: 'Yes' })).toBe(true);
    expect(isHsaEligible({ ishsaeligible: 'No' })).toBe(false);
  });

  it.each([
    ['bronze', false, 2025, false],
    ['bronze', false, 2026, true],
    ['expanded_bronze', false, 2026, true],
    ['catastrophic', false, 2027, true],
    ['catastrophic', false, 2025, false],
    ['silver', false, 2026, false],
    ['silver', true, 2025, true],
    ['gold', true, 2026, true],
  ])('a %s plan with the carrier flag %s goes with an HSA in %i: %s', (metalLevel, carrierHsaEligible, year, compatible) => {
    expect(isHsaCompatible({ metalLevel, carrierHsaEligible }, year)).toBe(compatible);
  });
});
