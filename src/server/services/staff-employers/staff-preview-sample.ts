/**
 * The staff preview's sample (GET /api/staff/employers/{accountid}/preview-sample): what the member wizard's shop,
 * HSA, additional services and cart screens read from the member API, figured by the same code for a made-up
 * employee the console names (ZIP, county, birthdate; no dependents, no tobacco), so the preview shows the server's
 * plans, prices, HSA limit, the employer's services and contribution, and no real person. It reads and writes
 * nothing of any member.
 */
import { DEFAULT_LANGUAGE } from '#contracts/language.ts';
import type { PreviewSample, PreviewSampleQuery } from '#contracts/staff/staff-preview.ts';
import { CONTRIBUTION_AGES } from '#domain/parameters/enrollment.ts';
import { ageOn } from '#domain/values/dates.ts';
import { familyTier } from '#domain/enrollment/contribution.ts';
import { chooseLocation } from '#domain/places/locations.ts';
import type { DbOrTx } from '#db/database.ts';
import { countiesForZip } from '#db/repositories/reference/location.repository.ts';
import * as products from '#db/repositories/employer/product.repository.ts';
import { badRequest } from '../../errors.ts';
import { contributionOfFacts, resolveContributionLocation } from '../enrollment/contributions.ts';
import * as contributions from '#db/repositories/employer/contribution.repository.ts';
import { hsaLimitAnswer, hsaLimitOf } from '../enrollment/hsa-limits.ts';
import { catalogueArea, priceRating, toHealthPlan } from '../enrollment/plan-quotes.ts';
import type { Employer } from './staff-employers.ts';

/** How many plans of each kind the sample's shop shows: a few HSA-eligible ones and a few others, cheapest first. */
export const PREVIEW_PLANS_EACH = 3;

export async function previewSample(db: DbOrTx, employer: Employer, query: PreviewSampleQuery): Promise<PreviewSample> {
  const { zip, county, birthdate, effectivedate, language = DEFAULT_LANGUAGE } = query;
  const location = chooseLocation(await countiesForZip(db, zip), county);
  if (!location) throw badRequest(`The ZIP crosswalk has no ZIP code ${zip}.`, { 'querystring/zip': [`The ZIP crosswalk has no ZIP code ${zip}.`] });
  const age = ageOn(birthdate, effectivedate);
  // A person the portal accepts (the ages contribution rules must pay): a birthdate after the effective date, or one
  // that would make the sample older than any employee, is no sample.
  if (!(age >= CONTRIBUTION_AGES.value.min && age <= CONTRIBUTION_AGES.value.max)) {
    const problem = `The sample's birthdate must make them ${CONTRIBUTION_AGES.value.min} to ${CONTRIBUTION_AGES.value.max} years old on the effective date.`;
    throw badRequest(problem, { 'querystring/birthdate': [problem] });
  }
  const planYear = Number(effectivedate.slice(0, 4));
  const area = await catalogueArea(db, { postalcode: location.zipcode, countycode: location.countycode, planYear });
  const people = [{ role: 'member' as const, age, tobacco: false }];
  const { priced, ...quote } = await priceRating(db, area.kind === 'no-plans' ? area : { ...area, people }, language);
  const plans = priced.map(({ row, premiumCents }) => toHealthPlan(row, premiumCents, effectivedate));
  const hsa = plans.filter((plan) => plan.ishsaeligible === 'Yes').slice(0, PREVIEW_PLANS_EACH);
  const others = plans.filter((plan) => plan.ishsaeligible !== 'Yes').slice(0, PREVIEW_PLANS_EACH);
  const [rules, where] = await Promise.all([
    contributions.listByAccount(db, employer.accountid),
    resolveContributionLocation(db, { stateorprovince: location.state, county: location.countyname, postalcode: location.zipcode }),
  ]);
  const contribution = contributionOfFacts(
    {
      memberId: '',
      accountid: employer.accountid,
      contributionclass: '',
      birthdate,
      state: location.state,
      dependentBirthdates: [],
      tier: familyTier([]),
      location: where,
      rules: rules.map(contributions.toDomain),
    },
    effectivedate,
  );
  return {
    quote: { ...quote, healthplans: [...hsa, ...others].sort((a, b) => a.rate - b.rate), location },
    hsalimit: hsaLimitAnswer(hsaLimitOf({ birthdate }, employer, [], effectivedate)),
    productlist: await products.listActive(db, employer.accountid, language),
    contribution,
  };
}
