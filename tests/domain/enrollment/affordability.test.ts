import { describe, expect, it } from 'vitest';
import { checkAffordability, povertyGuidelineCents, povertyRegionOf } from '#domain/enrollment/affordability.ts';
import type { AffordabilityConstants } from '#domain/parameters/affordability.ts';

/** data/reference/constants.json's values (IRS Rev. Proc. 2024-35 and 2025-25; HHS/ASPE 2025 and 2026 guidelines). */
const constants: AffordabilityConstants = {
  requiredContributionBasisPoints: { 2025: 902, 2026: 996 },
  povertyGuidelines: {
    2025: {
      contiguous: { firstPersonCents: 1_565_000, additionalPersonCents: 550_000 },
      alaska: { firstPersonCents: 1_955_000, additionalPersonCents: 688_000 },
      hawaii: { firstPersonCents: 1_799_000, additionalPersonCents: 633_000 },
    },
    2026: {
      contiguous: { firstPersonCents: 1_596_000, additionalPersonCents: 568_000 },
      alaska: { firstPersonCents: 1_995_000, additionalPersonCents: 710_000 },
      hawaii: { firstPersonCents: 1_836_000, additionalPersonCents: 653_000 },
    },
  },
};

const base = { householdSize: 1, region: 'contiguous' as const, constants };

describe('checkAffordability', () => {
  it.each([
    // $60,000 a year at 9.96 % is $498.00 a month. A $367.00 silver plan, allowance $450: cost 0, affordable.
    ['allowance above the premium', { planYear: 2026, householdIncomeCents: 6_000_000, silverSelfOnlyCents: 36_700, allowanceCents: 45_000 }, { employeeCostCents: 0, thresholdCents: 49_800, affordable: true, verdict: 'shop-off-exchange' }],
    ['cost exactly at the threshold is affordable', { planYear: 2026, householdIncomeCents: 6_000_000, silverSelfOnlyCents: 59_800, allowanceCents: 10_000 }, { employeeCostCents: 49_800, thresholdCents: 49_800, affordable: true }],
    ['one cent above is not', { planYear: 2026, householdIncomeCents: 6_000_000, silverSelfOnlyCents: 59_801, allowanceCents: 10_000 }, { employeeCostCents: 49_801, affordable: false, verdict: 'may-decline' }],
    // $30,000 at 9.02 % (2025): floor(3,000,000 * 902 / 120,000) = 22,550 cents.
    ['2025 uses 9.02 %', { planYear: 2025, householdIncomeCents: 3_000_000, silverSelfOnlyCents: 60_000, allowanceCents: 30_000 }, { requiredBasisPoints: 902, thresholdCents: 22_550, employeeCostCents: 30_000, affordable: false, percentEstimated: false }],
    ['2027 has no percentage yet: the 2026 one, estimated', { planYear: 2027, householdIncomeCents: 6_000_000, silverSelfOnlyCents: 36_700, allowanceCents: 0 }, { percentYear: 2026, percentEstimated: true, requiredBasisPoints: 996, affordable: true }],
    ['no income: only a zero cost is affordable', { planYear: 2026, householdIncomeCents: 0, silverSelfOnlyCents: 36_700, allowanceCents: 36_700 }, { thresholdCents: 0, employeeCostCents: 0, affordable: true }],
  ])('%s', (_label, input, expected) => {
    expect(checkAffordability({ ...base, ...input })).toMatchObject(expected);
  });

  it('gives the poverty-guideline context of the year before the plan year', () => {
    const result = checkAffordability({ ...base, planYear: 2026, householdSize: 3, householdIncomeCents: 5_331_000, silverSelfOnlyCents: 0, allowanceCents: 0 });
    // 2025 guideline for 3: 15,650 + 2 x 5,500 = 26,650; 53,310 is 200 %.
    expect(result.poverty).toEqual({ guidelineYear: 2025, guidelineCents: 2_665_000, percentOfGuideline: 200 });
  });

  it.each([
    [{ firstPersonCents: 1_596_000, additionalPersonCents: 568_000 }, 1, 1_596_000],
    [{ firstPersonCents: 1_596_000, additionalPersonCents: 568_000 }, 4, 3_300_000],
  ])('guideline %j for %i people', (guideline, size, cents) => {
    expect(povertyGuidelineCents(guideline, size)).toBe(cents);
  });

  it.each([
    ['AK', 'alaska'],
    ['HI', 'hawaii'],
    ['OR', 'contiguous'],
  ])('%s reads the %s guidelines', (state, region) => {
    expect(povertyRegionOf(state)).toBe(region);
  });

  it('refuses a negative income or a household of no one', () => {
    expect(() => checkAffordability({ ...base, planYear: 2026, householdIncomeCents: -1, silverSelfOnlyCents: 0, allowanceCents: 0 })).toThrow(RangeError);
    expect(() => povertyGuidelineCents({ firstPersonCents: 1, additionalPersonCents: 1 }, 0)).toThrow(RangeError);
  });
});
