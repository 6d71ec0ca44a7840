/**
 * The employer's monthly contribution (the ICHRA allowance): ONE rule engine for every path that shows or stores
 * an amount (spec §2 Step 2, §7 Employer contribution and Waived contribution, the order's member account).
 *
 * An employer's rules say, per contribution class: for an age band of the employee (age on the coverage effective
 * date) and a family tier, optionally only in one state or one rating area of a state, the monthly amount in
 * cents. The most specific location wins (state + rating area, then state, then anywhere). The family tier comes
 * from the member's stored dependents (spouse, children), so a sixth, or twelfth, dependent changes nothing beyond
 * the tier; the dependents' own ages do not change the amount (ICHRA lets an allowance vary only by the
 * employee's age and the family; docs/decisions/008-contribution-rules.md).
 *
 * ICHRA's legal shape is checked by ruleSetProblems: within a class (and a location, itself a rating-area class),
 * for one tier the oldest may get at most three times the youngest, one class, age, tier and location has
 * exactly one amount, and every age 0..120 of every tier of a class has one. Pure functions; money in integer cents; dates as 'YYYY-MM-DD'.
 */
import { ageOn, isIsoDate } from '../values/dates.ts';
import type { Cents } from '../values/money.ts';
import { US_STATES } from '../places/us-states.ts';
import { CONTRIBUTION_AGES, CONTRIBUTION_DEPENDENT_SLOTS, DEPENDENT_BIRTHDATE_PAD, ICHRA_MAX_AGE_RATIO } from '../parameters/enrollment.ts';

/** The class every employer has; a member whose class has no rules is paid by it. */
export const DEFAULT_CONTRIBUTION_CLASS = 'ALL';

/** The family tiers an employer's rules price, from the smallest family to the largest. */
export const FAMILY_TIERS = ['employee', 'employee-spouse', 'employee-children', 'family'] as const;
export type FamilyTier = (typeof FAMILY_TIERS)[number];

/** The tiers as people read them (the console's Family column and the rules' refusals). */
export const FAMILY_TIER_NAMES: Readonly<Record<FamilyTier, string>> = {
  employee: 'Employee',
  'employee-spouse': 'Employee + Spouse',
  'employee-children': 'Employee + Children',
  family: 'Family',
};

/** The name of a tier; the code itself when it is not one (a refused rule may name an unknown tier). */
function familyTierName(tier: string): string {
  return (FAMILY_TIER_NAMES as Record<string, string>)[tier] ?? tier;
}

/** The tier whose amount is the self-only (waived) contribution. */
export const SELF_ONLY_TIER: FamilyTier = 'employee';

/** Where the member lives, as the rules read it: a two-letter state and the rating area within it, when known. */
export type ContributionLocation = { state: string | null; ratingArea: number | null };

/** One rule: ages ageMin..ageMax (both included) of a class and a tier, anywhere or in a state (and rating area). */
export type ContributionRule = {
  contributionclass: string;
  ageMin: number;
  ageMax: number;
  tier: FamilyTier;
  /** Two letters; null: anywhere. */
  state: string | null;
  /** The rating area number within the state; null: the whole state. Needs a state. */
  ratingArea: number | null;
  /** Monthly amount. */
  amountCents: Cents;
  /**
   * Pays nothing on purpose (amount 0): its members get no contribution and a publish that leaves them at $0.00
   * is not refused (docs/decisions/048-contribution-rules-are-published-versions.md). Absent: false.
   */
  noContribution?: boolean;
};

/** What the engine needs to know of the member: everything comes from stored records. */
export type ContributionBasis = {
  contributionclass: string | null | undefined;
  /** The member's date of birth and the coverage effective date, 'YYYY-MM-DD'. */
  birthdate: string;
  effectiveDate: string;
  tier: FamilyTier;
  location: ContributionLocation;
};

/** A stored dependent as the tier reads it. */
export type FamilyDependent = { relationship: string };

/**
 * The family tier of a member's dependents: a spouse and children are 'family', a spouse alone
 * 'employee-spouse', children alone 'employee-children', nobody 'employee'. Children count regardless of their
 * number: the sixth dependent changes nothing beyond the tier. A relationship other than spouse counts as a child.
 */
export function familyTier(dependents: readonly FamilyDependent[]): FamilyTier {
  const spouse = dependents.some((dependent) => dependent.relationship.toLowerCase() === 'spouse');
  const children = dependents.some((dependent) => dependent.relationship.toLowerCase() !== 'spouse');
  if (spouse && children) return 'family';
  if (spouse) return 'employee-spouse';
  if (children) return 'employee-children';
  return 'employee';
}

/**
 * The contribution call's five dependent slots (spec §7, §9 Welcome): the given birthdates (first five), the rest
 * padded with 1920-01-01. Null or empty entries become the pad.
 */
export function padDependentBirthdates(birthdates: ReadonlyArray<string | null | undefined>): string[] {
  const real = birthdates.filter((date): date is string => Boolean(date)).slice(0, CONTRIBUTION_DEPENDENT_SLOTS.value);
  return [...real, ...Array<string>(CONTRIBUTION_DEPENDENT_SLOTS.value - real.length).fill(DEPENDENT_BIRTHDATE_PAD.value)];
}

/** The real dependents' birthdates of a padded list: not null, not empty, not the pad 1920-01-01. */
export function realDependentBirthdates(birthdates: ReadonlyArray<string | null | undefined>): string[] {
  return birthdates.filter((date): date is string => Boolean(date) && date !== DEPENDENT_BIRTHDATE_PAD.value);
}

/** How many of the birthdates are real dependents. */
export function countRealDependents(birthdates: ReadonlyArray<string | null | undefined>): number {
  return realDependentBirthdates(birthdates).length;
}

/**
 * Whether the birthdates a contribution call carries are the stored family's, as that call carries them: the
 * first five stored birthdates, padded, in any order.
 */
export function sameFamilyBirthdates(sent: ReadonlyArray<string | null | undefined>, stored: ReadonlyArray<string | null | undefined>): boolean {
  const a = realDependentBirthdates(sent).sort();
  const b = realDependentBirthdates(padDependentBirthdates(stored)).sort();
  return a.length === b.length && a.every((date, index) => date === b[index]);
}

/** The class to pay by: the member's class, or 'ALL' when missing or the word 'empty'. */
export function normalizeContributionClass(contributionclass: string | null | undefined): string {
  const value = contributionclass?.trim();
  return !value || value.toLowerCase() === 'empty' ? DEFAULT_CONTRIBUTION_CLASS : value;
}

const sameClass = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The rules of the member's class, or of 'ALL' when the class has none. Class names compare case-insensitively. */
export function rulesForClass(rules: readonly ContributionRule[], contributionclass: string | null | undefined): ContributionRule[] {
  const wanted = normalizeContributionClass(contributionclass);
  const own = rules.filter((rule) => sameClass(rule.contributionclass, wanted));
  return own.length > 0 ? own : rules.filter((rule) => sameClass(rule.contributionclass, DEFAULT_CONTRIBUTION_CLASS));
}

/** How specific a rule's location is for a member's location: 2 rating area, 1 state, 0 anywhere, -1 elsewhere. */
function specificity(rule: ContributionRule, location: ContributionLocation): number {
  if (rule.state === null) return 0;
  if (!location.state || rule.state.toUpperCase() !== location.state.toUpperCase()) return -1;
  if (rule.ratingArea === null) return 1;
  return location.ratingArea !== null && rule.ratingArea === location.ratingArea ? 2 : -1;
}

/** The one rule that pays a class, age, tier and location (the most specific location), if any. */
function ruleFor(rules: readonly ContributionRule[], age: number, tier: FamilyTier, location: ContributionLocation): ContributionRule | undefined {
  let best: ContributionRule | undefined;
  let bestScore = -1;
  for (const rule of rules) {
    if (rule.tier !== tier || age < rule.ageMin || age > rule.ageMax) continue;
    const score = specificity(rule, location);
    if (score > bestScore) {
      best = rule;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The one rule that pays a member (their class's, else ALL's; the most specific location), or undefined when none
 * covers them. Throws a RangeError when a date is not a date.
 */
export function payingRule(rules: readonly ContributionRule[], basis: ContributionBasis): ContributionRule | undefined {
  if (!isIsoDate(basis.birthdate) || !isIsoDate(basis.effectiveDate)) {
    throw new RangeError('The birthdate and the effective date must be dates (YYYY-MM-DD).');
  }
  const age = ageOn(basis.birthdate, basis.effectiveDate);
  return ruleFor(rulesForClass(rules, basis.contributionclass), age, basis.tier, basis.location);
}

/**
 * THE computation: the monthly employer contribution in cents for a class, the employee's age on the effective
 * date, a family tier and a location. 0 when no rule covers them (nothing is offered).
 * Throws a RangeError when a date is not a date.
 */
export function contributionCents(rules: readonly ContributionRule[], basis: ContributionBasis): Cents {
  return payingRule(rules, basis)?.amountCents ?? 0;
}

/** The self-only amount (the waived contribution, and the affordability allowance): the employee tier's. */
export function selfOnlyContributionCents(rules: readonly ContributionRule[], basis: Omit<ContributionBasis, 'tier'>): Cents {
  return contributionCents(rules, { ...basis, tier: SELF_ONLY_TIER });
}

const locationKey = (rule: Pick<ContributionRule, 'state' | 'ratingArea'>) =>
  rule.state === null ? 'anywhere' : rule.ratingArea === null ? rule.state.toUpperCase() : `${rule.state.toUpperCase()} area ${rule.ratingArea}`;

/** The postal codes a rule's state may be: a state, DC or a territory a home address may be in. */
const STATES: ReadonlySet<string> = new Set(US_STATES.map((state) => state.code));

/**
 * What is wrong with an employer's rules, as sentences (empty when valid):
 * - a band inverted or outside ages 0..150, an amount negative or not whole cents, a no-contribution rule with an
 *   amount, a state that is not a US state's postal code, a rating area without a state or not a positive whole number, an unknown tier;
 * - two rules of one class, tier and location whose ages overlap (one class, age, tier and location: one amount);
 * - a class whose anywhere-rules (those without a state) do not give every tier an amount for every age 0..120
 *   (CONTRIBUTION_AGES): someone of that age and family would get nothing, so the set names the missing bands;
 * - for one class, tier and location, the most paid age above three times the least paid (the ICHRA age limit),
 *   counted over the amounts the engine actually pays there (a location's own rules, else the class's).
 */
export function ruleSetProblems(rules: readonly ContributionRule[]): string[] {
  const problems: string[] = [];
  const classes = [...new Map(rules.map((rule) => [rule.contributionclass.toLowerCase(), rule.contributionclass])).values()];
  for (const name of classes) {
    const own = rules.filter((rule) => sameClass(rule.contributionclass, name));
    const found = problems.length;
    const label = (rule: ContributionRule) => `Class ${name}, tier ${familyTierName(rule.tier)}, ${locationKey(rule)}: ages ${rule.ageMin}-${rule.ageMax}`;
    for (const rule of own) {
      if (!FAMILY_TIERS.includes(rule.tier)) problems.push(`${label(rule)} name an unknown tier.`);
      if (!Number.isInteger(rule.ageMin) || !Number.isInteger(rule.ageMax) || rule.ageMin < 0 || rule.ageMax > 150) {
        problems.push(`${label(rule)} are not ages between 0 and 150.`);
      } else if (rule.ageMin > rule.ageMax) problems.push(`${label(rule)} are inverted.`);
      if (!Number.isSafeInteger(rule.amountCents) || rule.amountCents < 0) problems.push(`${label(rule)} have an amount that is negative or not whole cents.`);
      else if (rule.noContribution && rule.amountCents !== 0) problems.push(`${label(rule)} say no contribution but have an amount: a no-contribution rule pays $0.00.`);
      if (rule.state !== null && !STATES.has(rule.state)) {
        problems.push(`${label(rule)} name a state that is not a US state's postal code (two capital letters, such as TX).`);
      }
      if (rule.ratingArea !== null && (rule.state === null || !Number.isInteger(rule.ratingArea) || rule.ratingArea < 1)) {
        problems.push(`${label(rule)} name a rating area without a state, or one that is not a positive whole number.`);
      }
    }
    if (problems.length > found) continue;

    // Overlaps: one class, tier and location.
    const groups = new Map<string, ContributionRule[]>();
    for (const rule of own) {
      const key = `${rule.tier}|${locationKey(rule)}`;
      groups.set(key, [...(groups.get(key) ?? []), rule]);
    }
    for (const group of groups.values()) {
      const bands = [...group].sort((a, b) => a.ageMin - b.ageMin);
      bands.forEach((band, index) => {
        const next = bands[index + 1];
        if (next && next.ageMin <= band.ageMax) {
          problems.push(`${label(band)} and ${next.ageMin}-${next.ageMax} overlap: one age and family may have only one amount.`);
        }
      });
    }

    problems.push(...coverageProblems(name, own));

    // 3:1 per tier and location, over the amounts the engine pays there.
    const locations = new Map<string, ContributionLocation>([['anywhere', { state: null, ratingArea: null }]]);
    for (const rule of own) locations.set(locationKey(rule), { state: rule.state, ratingArea: rule.ratingArea });
    for (const [where, location] of locations) {
      for (const tier of FAMILY_TIERS) {
        const paid: number[] = [];
        for (let age = 0; age <= 150; age += 1) {
          const rule = ruleFor(own, age, tier, location);
          if (rule) paid.push(rule.amountCents);
        }
        if (paid.length === 0) continue;
        const least = Math.min(...paid);
        const most = Math.max(...paid);
        if (most > least * ICHRA_MAX_AGE_RATIO.value) {
          problems.push(`Class ${name}, tier ${familyTierName(tier)}, ${where}: the oldest's amount is more than ${ICHRA_MAX_AGE_RATIO.value} times the youngest's.`);
        }
      }
    }
  }
  return problems;
}

/**
 * The coverage of one class (its rules, any case of its name): for each tier, the ages of CONTRIBUTION_AGES its
 * anywhere-rules leave without an amount, one sentence per tier that has any, e.g. "Class Full-time, tier
 * Employee + Spouse: no contribution for ages 65 to 120." A state's rules only refine the amount where they
 * apply, so they cover nobody outside that state and do not count.
 */
function coverageProblems(name: string, own: readonly ContributionRule[]): string[] {
  const anywhere = own.filter((rule) => rule.state === null);
  return FAMILY_TIERS.flatMap((tier) => {
    const missing = agesWithout(anywhere.filter((rule) => rule.tier === tier), CONTRIBUTION_AGES.value.min, CONTRIBUTION_AGES.value.max);
    if (missing.length === 0) return [];
    const oneAge = missing.length === 1 && missing[0]![0] === missing[0]![1];
    const ranges = missing.map(([from, to]) => (from === to ? String(from) : `${from} to ${to}`));
    return [`Class ${name}, tier ${FAMILY_TIER_NAMES[tier]}: no contribution for ${oneAge ? 'age' : 'ages'} ${joinWords(ranges)}.`];
  });
}

/** The ages low..high no band covers, as [from, to] ranges (both included). */
function agesWithout(bands: readonly ContributionRule[], low: number, high: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let start: number | null = null;
  for (let age = low; age <= high + 1; age += 1) {
    const covered = age > high || bands.some((band) => age >= band.ageMin && age <= band.ageMax);
    if (!covered && start === null) start = age;
    if (covered && start !== null) {
      ranges.push([start, age - 1]);
      start = null;
    }
  }
  return ranges;
}

/** 'a', 'a and b', 'a, b and c'. */
export function joinWords(parts: readonly string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}

/**
 * The tier table of one age band: a rule per tier, anywhere, for a class. The seed and the migration's conversion
 * write rules this way.
 */
export function tierRules(
  contributionclass: string,
  ageMin: number,
  ageMax: number,
  amounts: Readonly<Record<FamilyTier, Cents>>,
): ContributionRule[] {
  return FAMILY_TIERS.map((tier) => ({ contributionclass, ageMin, ageMax, tier, state: null, ratingArea: null, amountCents: amounts[tier] }));
}
