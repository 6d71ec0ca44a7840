import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  annualHsaLimit,
  checkHsaMonthly,
  coverageTier,
  hsaLimitTable,
  limitsForYear,
  maxMonthlyHsaCents,
  monthsLeftInPlanYear,
} from '#domain/hsa.ts';
import { enrollmentTotals } from '#domain/money.ts';

const constants = JSON.parse(readFileSync(new URL('../../data/constants.json', import.meta.url), 'utf8'));
const table = hsaLimitTable(constants.hsa_hdhp);

describe('the committed IRS figures', () => {
  it('are those of the shipped reference constants (data/constants.json), read into cents', () => {
    expect(table[2025]).toMatchObject({ selfOnlyCents: 430000, familyCents: 855000, catchUpCents: 100000 });
    expect(table[2026]).toMatchObject({ selfOnlyCents: 440000, familyCents: 875000, catchUpCents: 100000 });
    expect(table[2026]!.source).toContain('Rev. Proc. 2025-19');
  });

  it('refuses a malformed figure', () => {
    expect(() => hsaLimitTable({ 2025: { hsa_limit_self_only: 4300.5, hsa_limit_family: 1, hsa_catch_up_55_plus: 1 } })).toThrow(RangeError);
    expect(() => hsaLimitTable({ 2025: { hsa_limit_self_only: -1, hsa_limit_family: 1, hsa_catch_up_55_plus: 1 } })).toThrow(RangeError);
  });
});

describe('coverageTier', () => {
  it.each([
    [0, 'self-only'],
    [1, 'family'],
    [4, 'family'],
  ])('%i covered dependents -> %s', (count, tier) => expect(coverageTier(count)).toBe(tier));
});

describe('limitsForYear', () => {
  it("uses the plan year's figures, else the newest earlier year's, else none", () => {
    expect(limitsForYear(table, 2026)?.year).toBe(2026);
    expect(limitsForYear(table, 2027)?.year).toBe(2026);
    expect(limitsForYear(table, 2024)).toBeNull();
  });
});

describe('annualHsaLimit (catch-up by the age at the end of the plan year)', () => {
  const base = { table, planYear: 2026, planYearEnd: '2026-12-31' };
  it.each([
    ['self-only, 40', 'self-only', '1986-05-01', 440000],
    ['family, 40', 'family', '1986-05-01', 875000],
    ['self-only, turns 55 on the last day', 'self-only', '1971-12-31', 540000],
    ['self-only, turns 55 the day after the plan year', 'self-only', '1972-01-01', 440000],
    ['family, 60', 'family', '1966-03-01', 975000],
  ] as const)('%s', (_label, tier, birthdate, total) => {
    expect(annualHsaLimit({ ...base, tier, birthdate })?.totalCents).toBe(total);
  });

  it('answers null without figures for the year', () => {
    expect(annualHsaLimit({ ...base, planYear: 2020, tier: 'self-only', birthdate: '1980-01-01' })).toBeNull();
  });
});

describe('monthsLeftInPlanYear and maxMonthlyHsaCents', () => {
  it.each([
    ['2026-01-01', '2026-12-31', 12],
    ['2026-02-01', '2026-12-31', 11],
    ['2026-12-01', '2026-12-31', 1],
    ['2026-07-01', '2027-06-30', 12],
    ['2027-01-01', '2026-12-31', 0],
  ])('%s to %s: %i months', (from, to, months) => expect(monthsLeftInPlanYear(from, to)).toBe(months));

  it('rounds the monthly maximum down to whole cents', () => {
    expect(maxMonthlyHsaCents(440000, 12)).toBe(36666);
    expect(maxMonthlyHsaCents(440000, 11)).toBe(40000);
    expect(maxMonthlyHsaCents(440000, 0)).toBe(0);
  });

  it('refuses text that is not a date', () => {
    expect(() => monthsLeftInPlanYear('2026-02-30', '2026-12-31')).toThrow(RangeError);
  });
});

describe('checkHsaMonthly', () => {
  const input = { table, planYear: 2026, planYearEnd: '2026-12-31', tier: 'self-only' as const, birthdate: '1986-05-01', effectiveDate: '2026-02-01' };
  it('allows the amount whose total over the months left is the limit', () => {
    expect(checkHsaMonthly({ ...input, monthlyCents: 40000 })).toMatchObject({ ok: true, monthsLeft: 11, maxMonthlyCents: 40000 });
  });
  it('refuses a cent more', () => {
    expect(checkHsaMonthly({ ...input, monthlyCents: 40001 })).toMatchObject({ ok: false, reason: 'over-limit', maxMonthlyCents: 40000 });
  });
  it('refuses without figures and without months', () => {
    expect(checkHsaMonthly({ ...input, planYear: 2020, monthlyCents: 1 })).toMatchObject({ ok: false, reason: 'no-figures' });
    expect(checkHsaMonthly({ ...input, effectiveDate: '2027-01-01', monthlyCents: 1 })).toMatchObject({ ok: false, reason: 'no-months' });
  });
});

describe('enrollmentTotals (spec §9 Money)', () => {
  it.each([
    ['contribution above the spend', { premiumCents: 40000, serviceCents: 999, hsaCents: 0, contributionCents: 45000 }, { spentCents: 40999, employeeCostCents: 0, currentBalanceCents: 4001, payrollDeductionCents: 0, mainOrderCents: 40000 }],
    ['spend above the contribution', { premiumCents: 70000, serviceCents: 0, hsaCents: 25000, contributionCents: 60000 }, { spentCents: 70000, employeeCostCents: 10000, currentBalanceCents: 0, payrollDeductionCents: 10000, mainOrderCents: 70000 }],
    ['waiving with a service', { premiumCents: 0, serviceCents: 1999, hsaCents: 0, contributionCents: 45000 }, { spentCents: 1999, employeeCostCents: 0, currentBalanceCents: 43001, payrollDeductionCents: 0, mainOrderCents: 0 }],
  ])('%s', (_label, amounts, totals) => expect(enrollmentTotals(amounts)).toEqual(totals));

  it('refuses a negative or fractional amount', () => {
    expect(() => enrollmentTotals({ premiumCents: -1, serviceCents: 0, hsaCents: 0, contributionCents: 0 })).toThrow(RangeError);
    expect(() => enrollmentTotals({ premiumCents: 1.5, serviceCents: 0, hsaCents: 0, contributionCents: 0 })).toThrow(RangeError);
  });
});
