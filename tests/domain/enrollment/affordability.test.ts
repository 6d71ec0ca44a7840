import { describe, expect, it } from 'vitest';
import { checkAffordability, povertyGuidelineCents, povertyRegionOf } from '#domain/enrollment/affordability.ts';
import type { AffordabilityConstants } from '#domain/parameters/affordability.ts';
import type { RuleCase } from '../rule-case.ts';

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
  sources: { requiredContribution: { 2025: 'IRS Rev. Proc. 2024-35', 2026: 'IRS Rev. Proc. 2025-25' }, povertyGuidelines: { 2025: 'HHS/ASPE 2025', 2026: 'HHS/ASPE 2026' } },
};

const base = { householdSize: 1, region: 'contiguous' as const, constants };

describe('checkAffordability', () => {
  it.each([
    // $60,000 a year at 9.96 % is $498.00 a month. A $367.00 silver plan, allowance $450: cost 0, affordable.
    { name: 'allowance above the premium', period: '2026', input: { householdIncomeCents: 6_000_000, silverSelfOnlyCents: 36_700, allowanceCents: 45_000 }, output: { employeeCostCents: 0, thresholdCents: 49_800, affordable: true, verdict: 'shop-off-exchange' } },
    { name: 'cost exactly at the threshold is affordable', period: '2026', input: { householdIncomeCents: 6_000_000, silverSelfOnlyCents: 59_800, allowanceCents: 10_000 }, output: { employeeCostCents: 49_800, thresholdCents: 49_800, affordable: true } },
    { name: 'one cent above is not', period: '2026', input: { householdIncomeCents: 6_000_000, silverSelfOnlyCents: 59_801, allowanceCents: 10_000 }, output: { employeeCostCents: 49_801, affordable: false, verdict: 'may-decline' } },
    // $30,000 at 9.02 % (2025): floor(3,000,000 * 902 / 120,000) = 22,550 cents.
    { name: '2025 uses 9.02 %', period: '2025', input: { householdIncomeCents: 3_000_000, silverSelfOnlyCents: 60_000, allowanceCents: 30_000 }, output: { requiredBasisPoints: 902, thresholdCents: 22_550, employeeCostCents: 30_000, affordable: false, percentEstimated: false } },
    { name: '2027 has no percentage yet: the 2026 one, estimated', period: '2027', input: { householdIncomeCents: 6_000_000, silverSelfOnlyCents: 36_700, allowanceCents: 0 }, output: { percentYear: 2026, percentEstimated: true, requiredBasisPoints: 996, affordable: true } },
    { name: 'no income: only a zero cost is affordable', period: '2026', input: { householdIncomeCents: 0, silverSelfOnlyCents: 36_700, allowanceCents: 36_700 }, output: { thresholdCents: 0, employeeCostCents: 0, affordable: true } },
  ] satisfies RuleCase<{ householdIncomeCents: number; silverSelfOnlyCents: number; allowanceCents: number }, Record<string, unknown>>[])(
    '$name ($period)',
    ({ period, input, output }) => {
      expect(checkAffordability({ ...base, planYear: Number(period), ...input })).toMatchObject(output);
    },
  );

  it('gives the poverty-guideline context of the year before the plan year', () => {
    const result = checkAffordability({ ...base, planYear: 2026, householdSize: 3, householdIncomeCents: 5_331_000, silverSelfOnlyCents: 0, allowanceCents: 0 });
    // 2025 guideline for 3: 15,650 + 2 x 5,500 = 26,650; 53,310 is 200 %.
    expect(result.poverty).toEqual({ guidelineYear: 2025, guidelineCents: 2_665_000, percentOfGuideline: 200 });
  });

  it.each([
    { name: 'guideline for 1 people', period: '2026', input: { guideline: { firstPersonCents: 1_596_000, additionalPersonCents: 568_000 }, size: 1 }, output: 1_596_000 },
    { name: 'guideline for 4 people', period: '2026', input: { guideline: { firstPersonCents: 1_596_000, additionalPersonCents: 568_000 }, size: 4 }, output: 3_300_000 },
  ] satisfies RuleCase<{ guideline: { firstPersonCents: number; additionalPersonCents: number }; size: number }, number>[])('$name', ({ input, output }) => {
    expect(povertyGuidelineCents(input.guideline, input.size)).toBe(output);
  });

  it.each([
    { name: 'AK reads the alaska guidelines', period: '', input: 'AK', output: 'alaska' },
    { name: 'HI reads the hawaii guidelines', period: '', input: 'HI', output: 'hawaii' },
    { name: 'OR reads the contiguous guidelines', period: '', input: 'OR', output: 'contiguous' },
  ] satisfies RuleCase<string, string>[])('$name', ({ input, output }) => {
    expect(povertyRegionOf(input)).toBe(output);
  });

  it('refuses a negative income or a household of no one', () => {
    expect(() => checkAffordability({ ...base, planYear: 2026, householdIncomeCents: -1, silverSelfOnlyCents: 0, allowanceCents: 0 })).toThrow(RangeError);
    expect(() => povertyGuidelineCents({ firstPersonCents: 1, additionalPersonCents: 1 }, 0)).toThrow(RangeError);
  });
});
