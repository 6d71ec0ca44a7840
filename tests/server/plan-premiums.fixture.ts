/**
 * A small plan catalogue for the order tests, behind contract 2's PlanPremiumSource signature (the real one is
 * src/server/services/enrollment/plan-quotes.ts planPremiumForFamily). Like the real one it prices the family on file the
 * caller read: the premium is the plan's amount per covered person times the member plus the dependents on the
 * policy, for one ZIP code and county; an unknown plan or location answers null.
 */
import type { HealthPlan } from '#contracts/entities.ts';
import type { PlanPremiumSource } from '#server/services/enrollment/enrollment-prices.ts';

export const FIXTURE_ZIP = '62701';
export const FIXTURE_COUNTY = '17167';

const plan = (planid: string, planname: string, ishsaeligible: 'Yes' | 'No'): HealthPlan => ({
  id: planid,
  planid,
  planname,
  issuername: 'Prairie Health',
  plantype: 'PPO',
  metallevel: ishsaeligible === 'Yes' ? 'Bronze' : 'Silver',
  rate: 0,
  planeffectivedate: '',
  ishsaeligible,
  annualdeductibleindividual: 3500,
  annualdeductiblefamily: 7000,
  annualoopmaxindividual: 8000,
  annualoopmaxfamily: 16000,
  primarycarevisit: '$30',
  genericdrugs: '$10',
  urgentcare: '$75',
  emergencyroomservices: '$500',
  inpatienthospitalservices: '30%',
  urlforbenefitsummarycoverage: `https://plans.example/${planid}.pdf`,
  providerlink: null,
  benefits: {},
});

/** planid -> the plan and its monthly amount per covered person, in cents. */
export const FIXTURE_PLANS = {
  '12345IL0010001': { plan: plan('12345IL0010001', 'Prairie Bronze HSA', 'Yes'), perPersonCents: 40000 },
  '12345IL0020002': { plan: plan('12345IL0020002', 'Prairie Silver PPO', 'No'), perPersonCents: 52500 },
} as const;
export const HSA_PLAN = '12345IL0010001';
export const PPO_PLAN = '12345IL0020002';

export const fixturePlanPremiums: PlanPremiumSource = async (_db, family, planid, location) => {
  const entry = (FIXTURE_PLANS as Record<string, { plan: HealthPlan; perPersonCents: number }>)[planid];
  if (!entry || location.postalcode !== FIXTURE_ZIP || location.countycode !== FIXTURE_COUNTY) return null;
  const covered = family.dependents.filter((dependent) => dependent.isonhealthpolicy === 'Yes').length;
  const premiumCents = entry.perPersonCents * (1 + covered);
  return { plan: { ...entry.plan, rate: premiumCents, planeffectivedate: location.effectiveDate }, premiumCents };
};
