/**
 * 'Calculate Subsidy': the ICHRA affordability check for the caller (domain/enrollment/affordability.ts) with the numbers
 * from the server's own records: the lowest-cost silver plan sold on the exchange at the member's (zip, county)
 * for the member alone (age on the effective date, without the tobacco load, as the credit's benchmark), the
 * employer's self-only allowance from the stored schedule, and the constants shipped in data/reference/constants.json.
 * Where the catalogue has no plan data for the area, the answer says so instead of guessing.
 */
import { checkAffordability, povertyRegionOf } from '#domain/enrollment/affordability.ts';
import { ageOn } from '#domain/values/dates.ts';
import { stateOfCounty } from '#domain/parameters/states.ts';
import { stateName } from '#domain/places/us-states.ts';
import type { AffordabilityAnswer } from '#contracts/entities.ts';
import type { Language } from '#contracts/language.ts';
import type { DbOrTx } from '#db/database.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import * as plans from '#db/repositories/reference/plan.repository.ts';
import { catalogueMessage } from '../../content/catalogue-messages.ts';
import { affordabilityConstants } from '../../data-import/constants.ts';
import { unauthorized } from '../../errors.ts';
import { selfOnlyContributionForMember } from './contributions.ts';
import { familyOnFile, pricePlans, requireOfferedDate } from './plan-quotes.ts';

export type AffordabilityRequest = {
  effectiveDate: string;
  /** Cents a year. */
  householdIncomeCents: number;
  householdSize: number;
  /** The location; the member's stored ZIP and county when left out. */
  postalcode?: string;
  countycode?: string;
};

const normalCounty = (name: string) => name.trim().toLowerCase().replace(/\s+county$/, '');

/** The (zip, county) to check: the body's, else the member's stored ZIP with the county named on file (or the ZIP's only one). */
async function locationFor(db: DbOrTx, member: members.MemberRow, request: AffordabilityRequest, ratesYearOf: (state: string) => Promise<number | null>) {
  if (request.postalcode && request.countycode) return { zip: request.postalcode, countyFips: request.countycode };
  const zip = member.postalcode?.trim() ?? '';
  if (!/^\d{5}$/.test(zip)) return null;
  if (member.county && /^\d{5}$/.test(member.county.trim())) return { zip, countyFips: member.county.trim() };
  const state = member.stateorprovince?.trim().toUpperCase();
  const year = state ? await ratesYearOf(state) : null;
  if (year === null) return null;
  const counties = await plans.locationsOfZip(db, year, zip);
  const named = counties.filter((location) => member.county && normalCounty(location.countyName) === normalCounty(member.county));
  const chosen = named.length === 1 ? named[0] : counties.length === 1 ? counties[0] : undefined;
  return chosen ? { zip, countyFips: chosen.countyFips } : null;
}

export async function affordabilityForMember(
  db: DbOrTx,
  memberId: string,
  request: AffordabilityRequest,
  language: Language,
  now: Date = new Date(),
): Promise<AffordabilityAnswer> {
  const member = await members.findById(db, memberId);
  const employer = member && (await employers.findById(db, member.accountid));
  if (!member || !employer) throw unauthorized();
  requireOfferedDate(employer, request.effectiveDate, now, '/effectivedate');
  const incomeCents = request.householdIncomeCents;
  const [self] = await familyOnFile(db, member, request.effectiveDate);
  const planYear = Number(request.effectiveDate.slice(0, 4));
  const allowanceCents = await selfOnlyContributionForMember(db, member.id, request.effectiveDate);

  const answer: AffordabilityAnswer = {
    status: 'no-plan-data',
    message: null,
    planyear: planYear,
    ratesyear: null,
    estimated: false,
    percentyear: null,
    householdincome: incomeCents,
    householdsize: request.householdSize,
    silverplan: null,
    selfonlypremium: null,
    allowance: allowanceCents,
    employeecost: null,
    requiredpercent: null,
    monthlyincome: null,
    threshold: null,
    povertyguideline: null,
    percentofpoverty: null,
    affordable: null,
    verdict: null,
    statewithoutplans: null,
  };

  const yearFor = async (state: string) => {
    const years = await plans.catalogueYears(db, state);
    if (years.length === 0) return null;
    return years.includes(planYear) ? planYear : Math.max(...years);
  };
  const location = await locationFor(db, member, request, yearFor);
  if (!location) return answer;
  const state = stateOfCounty(location.countyFips);
  if (!state) return answer;
  const ratesYear = await yearFor(state.code);
  if (ratesYear === null) {
    const named = stateName(state.code, language);
    return { ...answer, statewithoutplans: named, message: catalogueMessage('plans-none-for-state', { state: named }, language) };
  }
  const estimated = ratesYear !== planYear;
  const found = await plans.locationOf(db, ratesYear, location.zip, location.countyFips);
  if (!found) return { ...answer, ratesyear: ratesYear, estimated };
  const silver = await plans.plansAt(db, { planYear: ratesYear, zip: found.zip, countyFips: found.countyFips, market: 'on', metalLevels: ['silver'] });
  const selfOnly = { ...self!, tobacco: false, age: ageOn(member.birthdate!, request.effectiveDate) };
  const [cheapest] = await pricePlans(db, silver, [selfOnly], { ratesYear, ratingArea: found.ratingArea });
  const notice = estimated ? catalogueMessage('plans-estimated-rates', { planYear, ratesYear }, language) : null;
  if (!cheapest) return { ...answer, ratesyear: ratesYear, estimated, message: notice };

  const result = checkAffordability({
    planYear,
    householdIncomeCents: incomeCents,
    householdSize: request.householdSize,
    silverSelfOnlyCents: cheapest.premiumCents,
    allowanceCents,
    region: povertyRegionOf(state.code),
    constants: affordabilityConstants(),
  });
  return {
    ...answer,
    status: 'checked',
    message: notice,
    ratesyear: ratesYear,
    estimated,
    percentyear: result.percentYear,
    silverplan: { planid: cheapest.row.plan_id, planname: cheapest.row.plan_name, issuername: cheapest.row.issuer_name },
    selfonlypremium: cheapest.premiumCents,
    employeecost: result.employeeCostCents,
    requiredpercent: result.requiredBasisPoints / 100,
    monthlyincome: result.monthlyIncomeCents,
    threshold: result.thresholdCents,
    povertyguideline: result.poverty ? result.poverty.guidelineCents : null,
    percentofpoverty: result.poverty?.percentOfGuideline ?? null,
    affordable: result.affordable,
    verdict: result.verdict,
  };
}
