/**
 * Individual-market premium rating (ACA, 45 CFR 147.102): the age band of an age, a family's monthly premium
 * from a plan's age-banded rates in one rating area, and which catalogue year's rates quote a plan year.
 * Pure and in cents; the rates come from the plan catalogue the server imported.
 */
import type { Cents } from '../values/money.ts';
import {
  CHARGED_CHILDREN_UNDER_21,
  CHILD_BAND_MAX_AGE,
  CHILD_RATING_AGE_LIMIT,
  OLDEST_BAND_MIN_AGE,
} from '../parameters/rating.ts';

/**
 * An age band, named by its first age: 0 is the band 0-14, 15..63 are one-year bands, 64 is '64 and over'.
 * The catalogue stores rates under the same numbers.
 */
export type AgeBand = number;

/** The band of an age in whole years (negative or fractional ages are a RangeError). */
export function ageBand(age: number): AgeBand {
  if (!Number.isInteger(age) || age < 0) throw new RangeError(`Not an age in whole years: ${age}`);
  if (age <= CHILD_BAND_MAX_AGE.value) return 0;
  if (age >= OLDEST_BAND_MIN_AGE.value) return OLDEST_BAND_MIN_AGE.value;
  return age;
}

/** The CMS Rate PUF label of a band ('0-14', '15', ..., '64 and over'). */
export function ageBandLabel(band: AgeBand): string {
  if (band === 0) return `0-${CHILD_BAND_MAX_AGE.value}`;
  if (band === OLDEST_BAND_MIN_AGE.value) return `${OLDEST_BAND_MIN_AGE.value} and over`;
  return String(band);
}

/** The band a CMS Rate PUF age label names ('0-14' -> 0, '40' -> 40, '64 and over' -> 64); null for others. */
export function ageBandOfLabel(label: string): AgeBand | null {
  const text = label.trim();
  if (text === `0-${CHILD_BAND_MAX_AGE.value}`) return 0;
  if (/^64 and over$/i.test(text)) return OLDEST_BAND_MIN_AGE.value;
  if (!/^\d{1,2}$/.test(text)) return null;
  const age = Number(text);
  return age > CHILD_BAND_MAX_AGE.value && age < OLDEST_BAND_MIN_AGE.value ? age : null;
}

/** A plan's monthly premiums for one age band in one rating area. */
export type BandRate = { rateCents: Cents; tobaccoRateCents: Cents };

/** A covered person as rating sees them: role in the family, age on the effective date, tobacco use. */
export type RatedPerson = { role: 'member' | 'spouse' | 'child'; age: number; tobacco: boolean };

/** One person's line of a family premium: charged false for a fourth or later child under 21. */
export type PremiumLine = RatedPerson & { band: AgeBand; charged: boolean; cents: Cents };

export type FamilyPremium = { totalCents: Cents; lines: PremiumLine[] };

/**
 * Which children are charged: every child 21 or older, and of those under 21 only the three oldest (ties keep
 * list order). Answers one flag per person, in the people's order.
 */
export function chargedFlags(people: readonly RatedPerson[]): boolean[] {
  const youngChildren = people
    .map((person, index) => ({ person, index }))
    .filter(({ person }) => person.role === 'child' && person.age < CHILD_RATING_AGE_LIMIT.value)
    .sort((a, b) => b.person.age - a.person.age || a.index - b.index);
  const free = new Set(youngChildren.slice(CHARGED_CHILDREN_UNDER_21.value).map(({ index }) => index));
  return people.map((_, index) => !free.has(index));
}

/**
 * The family's total as familyPremium counts it, for many plans: the bands and the charged people are worked out
 * once, then each plan's `rates` give the total in cents (null when a needed band has no rate).
 */
export function familyPricer(people: readonly RatedPerson[]): (rates: ReadonlyMap<AgeBand, BandRate>) => Cents | null {
  const charged = chargedFlags(people);
  const payers = people.flatMap((person, index) => (charged[index] ? [{ band: ageBand(person.age), tobacco: person.tobacco }] : []));
  return (rates) => {
    let totalCents = 0;
    for (const payer of payers) {
      const rate = rates.get(payer.band);
      if (!rate) return null;
      totalCents += payer.tobacco ? rate.tobaccoRateCents : rate.rateCents;
    }
    return totalCents;
  };
}

/**
 * The family's monthly premium: each charged person's rate for their age band, the tobacco rate for a tobacco
 * user, summed. `rates` maps a band to the plan's rates in the rating area. Null when a needed band has no rate
 * (the plan cannot be quoted for this family).
 */
export function familyPremium(people: readonly RatedPerson[], rates: ReadonlyMap<AgeBand, BandRate>): FamilyPremium | null {
  const charged = chargedFlags(people);
  const lines: PremiumLine[] = [];
  let totalCents = 0;
  for (const [index, person] of people.entries()) {
    const band = ageBand(person.age);
    if (!charged[index]) {
      lines.push({ ...person, band, charged: false, cents: 0 });
      continue;
    }
    const rate = rates.get(band);
    if (!rate) return null;
    const cents = person.tobacco ? rate.tobaccoRateCents : rate.rateCents;
    lines.push({ ...person, band, charged: true, cents });
    totalCents += cents;
  }
  return { totalCents, lines };
}

/** The catalogue year that quotes a plan year: the plan year itself, else the newest year (an estimate). */
export type RatesYear = { ratesYear: number; estimated: boolean };

export function ratesYearFor(planYear: number, catalogueYears: readonly number[]): RatesYear | null {
  if (catalogueYears.includes(planYear)) return { ratesYear: planYear, estimated: false };
  if (catalogueYears.length === 0) return null;
  return { ratesYear: Math.max(...catalogueYears), estimated: true };
}
