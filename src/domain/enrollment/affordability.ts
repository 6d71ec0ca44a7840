/**
 * The ICHRA affordability check (Treas. Reg. 1.36B-2(c)(5)): the ICHRA is affordable when the employee's
 * monthly cost of the lowest-cost silver plan for self-only coverage in their rating area, minus the employer's
 * monthly self-only allowance, is at most the required contribution percentage of one twelfth of household
 * income. An employee offered an affordable ICHRA cannot take a premium tax credit, so they should shop off the
 * exchange with the ICHRA; when it is unaffordable they may decline it and take the credit on the exchange (if
 * otherwise eligible). Pure and in cents; the constants are passed in.
 */
import type { Cents } from '../values/money.ts';
import { POVERTY_GUIDELINE_LAG_YEARS, type AffordabilityConstants, type PovertyRegion } from '../parameters/affordability.ts';
import { ratesYearFor } from '../plans/rating.ts';

export type AffordabilityInput = {
  planYear: number;
  /** Household income for the year, in cents. */
  householdIncomeCents: Cents;
  householdSize: number;
  /** The lowest-cost silver plan's monthly self-only premium for the employee, and the monthly allowance. */
  silverSelfOnlyCents: Cents;
  allowanceCents: Cents;
  region: PovertyRegion;
  constants: AffordabilityConstants;
};

export type AffordabilityVerdict = 'may-decline' | 'shop-off-exchange';

export type AffordabilityResult = {
  /** The year of the percentage used (the newest published when the plan year's is not: then estimated). */
  percentYear: number;
  percentEstimated: boolean;
  requiredBasisPoints: number;
  monthlyIncomeCents: Cents;
  /** The most the employee may be asked to pay a month for the ICHRA to be affordable. */
  thresholdCents: Cents;
  employeeCostCents: Cents;
  affordable: boolean;
  verdict: AffordabilityVerdict;
  /** Household income as a percentage of the poverty guideline (whole percent), with the guideline used. */
  poverty: { guidelineYear: number; guidelineCents: Cents; percentOfGuideline: number } | null;
};

/** The poverty guideline for a household size (first person plus each additional person), in cents a year. */
export function povertyGuidelineCents(guideline: { firstPersonCents: number; additionalPersonCents: number }, householdSize: number): Cents {
  if (!Number.isInteger(householdSize) || householdSize < 1) throw new RangeError(`Not a household size: ${householdSize}`);
  return guideline.firstPersonCents + guideline.additionalPersonCents * (householdSize - 1);
}

/** The region of a state's poverty guidelines. */
export function povertyRegionOf(state: string): PovertyRegion {
  return state === 'AK' ? 'alaska' : state === 'HI' ? 'hawaii' : 'contiguous';
}

export function checkAffordability(input: AffordabilityInput): AffordabilityResult {
  const { constants } = input;
  const percentYears = Object.keys(constants.requiredContributionBasisPoints).map(Number);
  const chosen = ratesYearFor(input.planYear, percentYears);
  if (!chosen) throw new RangeError('No required contribution percentage is known.');
  const requiredBasisPoints = constants.requiredContributionBasisPoints[chosen.ratesYear]!;
  if (!Number.isSafeInteger(input.householdIncomeCents) || input.householdIncomeCents < 0) throw new RangeError('Household income must be whole cents, not negative.');
  const monthlyIncomeCents = Math.floor(input.householdIncomeCents / 12);
  const thresholdCents = Math.floor((input.householdIncomeCents * requiredBasisPoints) / (12 * 10_000));
  const employeeCostCents = Math.max(0, input.silverSelfOnlyCents - input.allowanceCents);
  const affordable = employeeCostCents <= thresholdCents;

  const guidelineYears = Object.keys(constants.povertyGuidelines).map(Number);
  const guidelineChoice = ratesYearFor(input.planYear - POVERTY_GUIDELINE_LAG_YEARS.value, guidelineYears);
  let poverty: AffordabilityResult['poverty'] = null;
  if (guidelineChoice) {
    const guidelineCents = povertyGuidelineCents(constants.povertyGuidelines[guidelineChoice.ratesYear]![input.region], input.householdSize);
    poverty = { guidelineYear: guidelineChoice.ratesYear, guidelineCents, percentOfGuideline: Math.floor((input.householdIncomeCents * 100) / guidelineCents) };
  }
  return {
    percentYear: chosen.ratesYear,
    percentEstimated: chosen.estimated,
    requiredBasisPoints,
    monthlyIncomeCents,
    thresholdCents,
    employeeCostCents,
    affordable,
    verdict: affordable ? 'shop-off-exchange' : 'may-decline',
    poverty,
  };
}
