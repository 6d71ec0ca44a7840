/**
 * Plan quotes for the caller (contract 2): every plan sold off the exchange at the chosen (zip, county), in its
 * standard variant, priced for the member's family ON FILE (the stored member and dependents: ages on the
 * effective date, tobacco), never for people or prices a request names. The effective date must be one the
 * member is offered (the employer's choices, src/domain/enrollment/effective-dates.ts) or January 1 of next year (the
 * current-plan search). The plan year is the effective date's year; when the catalogue has no rates for it, the
 * newest year's rates are used and the answer says they are estimates. A plan's `ishsaeligible` is the plan year's
 * rule (src/domain/enrollment/hsa.ts isHsaCompatible), which the HSA filter, the HSA step, the orders and Authorize read.
 */
import type { HealthPlan, HealthPlanQuote, MetalLevel } from '#contracts/entities.ts';
import { DEFAULT_LANGUAGE, type Language } from '#contracts/language.ts';
import { ageOn, isIsoDate, todayUtc } from '#domain/values/dates.ts';
import { isHsaCompatible } from '#domain/enrollment/hsa.ts';
import { chooseLocation } from '#domain/places/locations.ts';
import type { Cents } from '#domain/values/money.ts';
import { familyPricer, ratesYearFor, type BandRate, type RatedPerson, type RatesYear } from '#domain/plans/rating.ts';
import { stateOfCounty } from '#domain/parameters/states.ts';
import { stateName } from '#domain/places/us-states.ts';
import type { DbOrTx } from '#db/database.ts';
import * as dependents from '#db/repositories/member/dependent.repository.ts';
import * as locations from '#db/repositories/reference/location.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import * as plans from '#db/repositories/reference/plan.repository.ts';
import { catalogueMessage, catalogueText } from '../../content/catalogue-messages.ts';
import { offeredDatesOf } from './contributions.ts';
import { badRequest, unauthorized } from '../../errors.ts';

/** Where and when to quote: the body's postalcode and countycode (5-digit FIPS) and the effective date. */
export type QuoteWhere = { postalcode: string; countycode: string; effectiveDate: string };

export const NOT_OFFERED_MESSAGE = catalogueText('quote-date-not-offered');
export const LOCATION_MESSAGE = catalogueText('quote-location-mismatch');
export const NO_BIRTHDATE_MESSAGE = catalogueText('quote-birthdate-missing');

const METAL_LEVELS: Record<string, MetalLevel> = {
  platinum: 'Platinum',
  gold: 'Gold',
  silver: 'Silver',
  bronze: 'Bronze',
  expanded_bronze: 'Expanded Bronze',
  catastrophic: 'Catastrophic',
};

const NO_RATES: ReadonlyMap<number, BandRate> = new Map();

/**
 * A plan's ishsaeligible for an effective date: the law of its plan year (the effective date's year), not only the
 * carrier's flag: from 2026 bronze and catastrophic plans go with an HSA (src/domain/enrollment/hsa.ts isHsaCompatible).
 */
export function hsaEligibleOf(row: Pick<plans.PlanRow, 'metal_level' | 'hsa_eligible'>, effectiveDate: string): 'Yes' | 'No' {
  return isHsaCompatible({ metalLevel: row.metal_level, carrierHsaEligible: row.hsa_eligible }, Number(effectiveDate.slice(0, 4))) ? 'Yes' : 'No';
}

/** A catalogue plan as the quote answers it (spec §3 Health plan), with the family's monthly rate; money in cents. */
export function toHealthPlan(row: plans.PlanRow, premiumCents: Cents, effectiveDate: string): HealthPlan {
  return {
    id: row.plan_id,
    planid: row.plan_id,
    planname: row.plan_name,
    issuername: row.issuer_name,
    plantype: row.plan_type,
    metallevel: METAL_LEVELS[row.metal_level] ?? 'Bronze',
    rate: premiumCents,
    planeffectivedate: effectiveDate,
    ishsaeligible: hsaEligibleOf(row, effectiveDate),
    annualdeductibleindividual: row.deductible_individual_cents,
    annualdeductiblefamily: row.deductible_family_cents,
    annualoopmaxindividual: row.oop_max_individual_cents,
    annualoopmaxfamily: row.oop_max_family_cents,
    primarycarevisit: row.primary_care,
    genericdrugs: row.generic_drugs,
    urgentcare: row.urgent_care,
    emergencyroomservices: row.emergency_room,
    inpatienthospitalservices: row.inpatient_hospital,
    urlforbenefitsummarycoverage: row.benefit_summary_url,
    providerlink: row.provider_url,
    benefits: (row.benefits ?? {}) as Record<string, string | null>,
  };
}

/**
 * The effective dates the member may quote on `today`: the employer's choices inside its plan year, plus
 * January 1 of next year (the current-plan search).
 */
export function quotableEffectiveDates(employer: { edoc_period: number | null; planyearstart: string; planyearend: string }, today: string): string[] {
  const choices = offeredDatesOf(employer, today);
  const nextJanuary = `${String(Number(today.slice(0, 4)) + 1).padStart(4, '0')}-01-01`;
  return [...new Set([...choices, nextJanuary])].sort();
}

/** 400 unless the date is offered; `pointer` names the body field for the form. */
export function requireOfferedDate(employer: Parameters<typeof quotableEffectiveDates>[0], effectiveDate: string, now: Date, pointer: string): void {
  if (!isIsoDate(effectiveDate) || !quotableEffectiveDates(employer, todayUtc(now)).includes(effectiveDate)) {
    throw badRequest(NOT_OFFERED_MESSAGE, { [pointer]: [NOT_OFFERED_MESSAGE] });
  }
}

/** The family as rating sees it: the member, and each dependent on the policy born by the effective date. */
export function ratedFamily(
  member: members.MemberFamily['member'],
  onFile: members.MemberFamily['dependents'],
  effectiveDate: string,
): RatedPerson[] {
  if (!member.birthdate || !isIsoDate(member.birthdate) || member.birthdate > effectiveDate) {
    throw badRequest(NO_BIRTHDATE_MESSAGE);
  }
  const people: RatedPerson[] = [{ role: 'member', age: ageOn(member.birthdate, effectiveDate), tobacco: member.istobaccouser === 'Yes' }];
  for (const dependent of onFile) {
    const born = dependent.dateofbirth;
    // A new blank dependent carries a placeholder birthdate in 1900 (spec §3); it is no one to price yet.
    if (!born || born < '1901-01-01' || born > effectiveDate || dependent.isonhealthpolicy !== 'Yes') continue;
    people.push({ role: dependent.relationship === 'spouse' ? 'spouse' : 'child', age: ageOn(born, effectiveDate), tobacco: dependent.istobaccouser });
  }
  return people;
}

/** The family on file as rating sees it (ratedFamily of the stored dependents). */
export async function familyOnFile(db: DbOrTx, member: members.MemberRow, effectiveDate: string): Promise<RatedPerson[]> {
  return ratedFamily(member, await dependents.listByMember(db, member.id), effectiveDate);
}

export type CatalogueArea =
  | { kind: 'no-plans'; planYear: number; stateCode: string }
  | { kind: 'area'; planYear: number; years: RatesYear; location: plans.CatalogueLocation };

/**
 * The catalogue's answer for a (zip, county) in a plan year: no plans for the county's state, or the pair with
 * its rating area in the year whose rates quote the plan year. A pair the state's catalogue does not hold is a
 * 400: the location must be real, and so must a pair in a state without a catalogue (the ZIP crosswalk says so).
 * (With the ZIP crosswalk of contract 1, a real pair outside the catalogue could answer an empty list instead; see
 * docs/data.md, Plan catalogue and quotes.)
 */
export async function catalogueArea(db: DbOrTx, where: { postalcode: string; countycode: string; planYear: number }): Promise<CatalogueArea> {
  const state = stateOfCounty(where.countycode);
  if (!state || !/^\d{5}$/.test(where.postalcode)) throw badRequest(LOCATION_MESSAGE, { '/countycode': [LOCATION_MESSAGE] });
  const years = ratesYearFor(where.planYear, await plans.catalogueYears(db, state.code));
  if (!years) {
    // Without a catalogue for the state, the ZIP crosswalk says whether the pair is real.
    if (!(await locations.findCounty(db, where.postalcode, where.countycode))) throw badRequest(LOCATION_MESSAGE, { '/postalcode': [LOCATION_MESSAGE], '/countycode': [LOCATION_MESSAGE] });
    return { kind: 'no-plans', planYear: where.planYear, stateCode: state.code };
  }
  const location = await plans.locationOf(db, years.ratesYear, where.postalcode, where.countycode);
  if (!location) throw badRequest(LOCATION_MESSAGE, { '/postalcode': [LOCATION_MESSAGE], '/countycode': [LOCATION_MESSAGE] });
  return { kind: 'area', planYear: where.planYear, years, location };
}

/**
 * The county to quote at a ZIP when a request names none (the profile's current-plan search): the ZIP's county that
 * is the member's county on file, else the ZIP's largest; 400 for a ZIP the crosswalk does not know.
 */
export async function countyOnFile(db: DbOrTx, memberId: string, postalcode: string): Promise<string> {
  const member = await members.findById(db, memberId);
  const location = chooseLocation(await locations.countiesForZip(db, postalcode), member?.county);
  if (!location) throw badRequest(LOCATION_MESSAGE, { '/postalcode': [LOCATION_MESSAGE] });
  return location.countycode;
}

/** A catalogue plan with the family's monthly premium. */
export type PricedPlan = { row: plans.PlanRow; premiumCents: Cents };

/** The family premium of each plan row (rows a band is missing for are left out), cheapest first. */
export async function pricePlans(
  db: DbOrTx,
  rows: readonly plans.PlanRow[],
  people: readonly RatedPerson[],
  where: { ratesYear: number; ratingArea: number },
): Promise<PricedPlan[]> {
  const rates = await plans.ratesOfArea(db, { planYear: where.ratesYear, ratingArea: where.ratingArea });
  const premiumOf = familyPricer(people);
  const priced: PricedPlan[] = [];
  for (const row of rows) {
    const premiumCents = premiumOf(rates.get(row.plan_id) ?? NO_RATES);
    if (premiumCents !== null) priced.push({ row, premiumCents });
  }
  return priced.sort((a, b) => a.premiumCents - b.premiumCents || a.row.plan_name.localeCompare(b.row.plan_name));
}

/** A quote before its plans become answers: the priced catalogue rows, cheapest first, and the years. */
export type PricedQuote = Omit<HealthPlanQuote, 'healthplans'> & { priced: PricedPlan[] };

/** The quote's work: one read of the member's family, the catalogue (cached, plan.repository.ts), the pricing. */
export async function priceQuote(db: DbOrTx, memberId: string, where: QuoteWhere, now: Date, language: Language, planIds?: readonly string[]): Promise<PricedQuote> {
  const family = await members.findFamily(db, memberId);
  if (!family) throw unauthorized();
  return priceRating(db, await quoteRating(db, family, where, now), language, planIds);
}

/**
 * Everything a quote's answer is made of besides the catalogue's plans and rates: the plan year, and either the
 * state having no plans or the catalogue area (the years, the pair's rating area) with the family as rating sees
 * it. Nothing in it names the member.
 */
export type QuoteRating = Extract<CatalogueArea, { kind: 'no-plans' }> | (Extract<CatalogueArea, { kind: 'area' }> & { people: RatedPerson[] });

/**
 * A quote's checks and rating inputs for a family on file: the effective date offered (400), the location real
 * (400), the member's birthdate known (400) when the state has plans.
 */
export async function quoteRating(db: DbOrTx, family: members.MemberFamily, where: QuoteWhere, now: Date): Promise<QuoteRating> {
  requireOfferedDate(family.employer, where.effectiveDate, now, '/policyeffectivedaterequested');
  const planYear = Number(where.effectiveDate.slice(0, 4));
  const area = await catalogueArea(db, { postalcode: where.postalcode, countycode: where.countycode, planYear });
  if (area.kind === 'no-plans') return area;
  return { ...area, people: ratedFamily(family.member, family.dependents, where.effectiveDate) };
}

/** The priced quote of rating inputs (quoteRating), optionally of some plans only, its notice in `language`. */
export async function priceRating(db: DbOrTx, rating: QuoteRating, language: Language, planIds?: readonly string[]): Promise<PricedQuote> {
  const { planYear } = rating;
  if (rating.kind === 'no-plans') {
    const message = catalogueMessage('plans-none-for-state', { state: stateName(rating.stateCode, language) }, language);
    return { priced: [], planyear: planYear, ratesyear: planYear, estimated: false, message };
  }
  const { years, location, people } = rating;
  const { ratesYear, estimated } = years;
  const rows = await plans.offExchangePlansAt(db, { planYear: ratesYear, zip: location.zip, countyFips: location.countyFips, planIds });
  return {
    priced: await pricePlans(db, rows, people, { ratesYear, ratingArea: location.ratingArea }),
    planyear: planYear,
    ratesyear: ratesYear,
    estimated,
    message: estimated ? catalogueMessage('plans-estimated-rates', { planYear, ratesYear }, language) : null,
  };
}

/**
 * One plan's monthly premium for a family on file (as findFamily reads it, or the same rows read under the
 * member's lock), as the quote would answer it; null when the plan is not sold off the exchange at the location (or
 * the state has no plans). For the order code (contract 2).
 */
export async function planPremiumForFamily(
  db: DbOrTx,
  family: members.MemberFamily,
  planid: string,
  where: QuoteWhere,
  now: Date = new Date(),
): Promise<{ plan: HealthPlan; premiumCents: number } | null> {
  // Only the premium is read: the quote's notice, in whichever language, is not.
  const found = (await priceRating(db, await quoteRating(db, family, where, now), DEFAULT_LANGUAGE, [planid])).priced[0];
  return found ? { plan: toHealthPlan(found.row, found.premiumCents, where.effectiveDate), premiumCents: found.premiumCents } : null;
}
