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
import type { RuleCase } from '../rule-case.ts';

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
    { name: 'uses the figures of 2026 as those of 2026', period: '2026', input: {}, output: 2026 },
    { name: 'uses the figures of 2025 as those of 2025', period: '2025', input: {}, output: 2025 },
    { name: 'uses the figures of 2027 as those of 2027', period: '2027', input: {}, output: 2027 },
    { name: 'uses the figures of 2028 as those of 2027', period: '2028', input: {}, output: 2027 },
    { name: 'uses the figures of 2020 as those of 2025', period: '2020', input: {}, output: 2025 },
  ] satisfies RuleCase<Record<string, never>, number>[])('$name', ({ period, output }) => {
    expect(hsaFiguresFor(figures, Number(period)).year).toBe(output);
  });

  it.each([
    { name: 'born 1971-12-31: catch-up in 2026 is true (55 by December 31)', period: '2026', input: '1971-12-31', output: true },
    { name: 'born 1972-01-01: catch-up in 2026 is false (55 by December 31)', period: '2026', input: '1972-01-01', output: false },
    { name: 'born 1970-06-15: catch-up in 2025 is true (55 by December 31)', period: '2025', input: '1970-06-15', output: true },
    { name: 'born null: catch-up in 2026 is false (55 by December 31)', period: '2026', input: null, output: false },
  ] satisfies RuleCase<string | null, boolean>[])('$name', ({ period, input, output }) => {
    expect(hsaCatchUpAllowed(input, Number(period))).toBe(output);
  });

  it.each([
    { name: '2026 self-only, catch-up false: 440000 cents', period: '2026', input: { tier: 'self-only', catchUp: false }, output: 440000 },
    { name: '2026 family, catch-up false: 875000 cents', period: '2026', input: { tier: 'family', catchUp: false }, output: 875000 },
    { name: '2026 self-only, catch-up true: 540000 cents', period: '2026', input: { tier: 'self-only', catchUp: true }, output: 540000 },
    { name: '2026 family, catch-up true: 975000 cents', period: '2026', input: { tier: 'family', catchUp: true }, output: 975000 },
  ] satisfies RuleCase<{ tier: 'self-only' | 'family'; catchUp: boolean }, number>[])('$name', ({ period, input, output }) => {
    expect(hsaAnnualLimitCents(figures.get(Number(period))!, input.tier, input.catchUp)).toBe(output);
  });

  it.each([
    { name: 'from 2026-02-01 with the plan year ending 2026-12-31: 11 months', period: '2026-02-01', input: '2026-12-31', output: 11 },
    { name: 'from 2026-12-01 with the plan year ending 2026-12-31: 1 months', period: '2026-12-01', input: '2026-12-31', output: 1 },
    { name: 'from 2026-01-01 with the plan year ending 2026-06-30: 6 months', period: '2026-01-01', input: '2026-06-30', output: 6 },
    { name: 'from 2026-07-01 with the plan year ending 2027-06-30: 6 months', period: '2026-07-01', input: '2027-06-30', output: 6 },
    { name: 'from 2027-01-01 with the plan year ending 2026-12-31: 12 months', period: '2027-01-01', input: '2026-12-31', output: 12 },
    { name: 'from 2026-03-01 with the plan year ending null: 10 months', period: '2026-03-01', input: null, output: 10 },
  ] satisfies RuleCase<string | null, number>[])('$name', ({ period, input, output }) => {
    expect(hsaMonthsLeft(period, input)).toBe(output);
  });

  it('rounds the most a month down, so it times the months stays within the limit', () => {
    expect(hsaMaxMonthlyCents(975000, 11)).toBe(88636);
    expect(hsaMonthlyFits(88636, 975000, 11)).toBe(true);
    expect(hsaMonthlyFits(88637, 975000, 11)).toBe(false);
    expect(hsaMaxMonthlyCents(440000, 1)).toBe(440000);
    expect(() => hsaMaxMonthlyCents(440000, 0)).toThrow(RangeError);
  });

  it.each([
    { name: 'coverage from 2026-01-01 is in force on the first day of 12 months of the tax year', period: '2026-01-01', input: {}, output: 12 },
    { name: 'coverage from 2026-02-01 is in force on the first day of 11 months of the tax year', period: '2026-02-01', input: {}, output: 11 },
    { name: 'coverage from 2026-03-15 is in force on the first day of 9 months of the tax year', period: '2026-03-15', input: {}, output: 9 },
    { name: 'coverage from 2026-12-01 is in force on the first day of 1 months of the tax year', period: '2026-12-01', input: {}, output: 1 },
    { name: 'coverage from 2026-12-02 is in force on the first day of 0 months of the tax year', period: '2026-12-02', input: {}, output: 0 },
  ] satisfies RuleCase<Record<string, never>, number>[])('$name', ({ period, output }) => {
    expect(hsaEligibleMonths(period)).toBe(output);
  });

  it.each([
    { name: '12 months of 440000: the whole limit', period: '', input: { annualCents: 440000, months: 12 }, output: 440000 },
    { name: '11 months of 440000, whole cents down', period: '', input: { annualCents: 440000, months: 11 }, output: 403333 },
    { name: '4 months of 900000', period: '', input: { annualCents: 900000, months: 4 }, output: 300000 },
    { name: 'no month: nothing', period: '', input: { annualCents: 450000, months: 0 }, output: 0 },
  ] satisfies RuleCase<{ annualCents: number; months: number }, number>[])('prorates the annual limit by twelfths: $name', ({ input, output }) => {
    expect(hsaProratedLimitCents(input.annualCents, input.months)).toBe(output);
  });

  it('refuses to prorate over more months than a tax year has', () => {
    expect(() => hsaProratedLimitCents(450000, 13)).toThrow(RangeError);
  });

  it("reads a quoted plan's HSA eligibility from its ishsaeligible, which carries the plan year's rule", () => {
    expect(isHsaEligible({ ishsaeligible: 'Yes' })).toBe(true);
    expect(isHsaEligible({ ishsaeligible: 'No' })).toBe(false);
  });

  it.each([
    { name: 'a bronze plan with the carrier flag false goes with an HSA in 2025: false', period: '2025', input: { metalLevel: 'bronze', carrierHsaEligible: false }, output: false },
    { name: 'a bronze plan with the carrier flag false goes with an HSA in 2026: true', period: '2026', input: { metalLevel: 'bronze', carrierHsaEligible: false }, output: true },
    { name: 'a expanded_bronze plan with the carrier flag false goes with an HSA in 2026: true', period: '2026', input: { metalLevel: 'expanded_bronze', carrierHsaEligible: false }, output: true },
    { name: 'a catastrophic plan with the carrier flag false goes with an HSA in 2027: true', period: '2027', input: { metalLevel: 'catastrophic', carrierHsaEligible: false }, output: true },
    { name: 'a catastrophic plan with the carrier flag false goes with an HSA in 2025: false', period: '2025', input: { metalLevel: 'catastrophic', carrierHsaEligible: false }, output: false },
    { name: 'a silver plan with the carrier flag false goes with an HSA in 2026: false', period: '2026', input: { metalLevel: 'silver', carrierHsaEligible: false }, output: false },
    { name: 'a silver plan with the carrier flag true goes with an HSA in 2025: true', period: '2025', input: { metalLevel: 'silver', carrierHsaEligible: true }, output: true },
    { name: 'a gold plan with the carrier flag true goes with an HSA in 2026: true', period: '2026', input: { metalLevel: 'gold', carrierHsaEligible: true }, output: true },
  ] satisfies RuleCase<{ metalLevel: string; carrierHsaEligible: boolean }, boolean>[])('$name', ({ period, input, output }) => {
    expect(isHsaCompatible(input, Number(period))).toBe(output);
  });
});
