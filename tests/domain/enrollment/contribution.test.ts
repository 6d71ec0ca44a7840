import { describe, expect, it } from 'vitest';
import {
  contributionCents,
  countRealDependents,
  familyTier,
  FAMILY_TIERS,
  normalizeContributionClass,
  padDependentBirthdates,
  ruleSetProblems,
  rulesForClass,
  sameFamilyBirthdates,
  selfOnlyContributionCents,
  tierRules,
  type ContributionBasis,
  type ContributionRule,
  type FamilyTier,
} from '#domain/enrollment/contribution.ts';
import type { RuleCase } from '../rule-case.ts';

const pad = '1920-01-01';
const amounts = (employee: number, spouse: number, children: number, family: number): Record<FamilyTier, number> => ({
  employee,
  'employee-spouse': spouse,
  'employee-children': children,
  family,
});

/** A realistic table: four age bands, four tiers, oldest/youngest 2:1 in every tier. */
const rules: ContributionRule[] = [
  ...tierRules('ALL', 0, 29, amounts(30000, 60000, 54000, 84000)),
  ...tierRules('ALL', 30, 39, amounts(35000, 70000, 63000, 98000)),
  ...tierRules('ALL', 40, 49, amounts(45000, 90000, 81000, 126000)),
  ...tierRules('ALL', 50, 120, amounts(60000, 120000, 108000, 168000)),
  ...tierRules('PartTime', 0, 120, amounts(20000, 30000, 30000, 40000)),
];

const anywhere = { state: null, ratingArea: null };
const basis = (overrides: Partial<ContributionBasis> = {}): ContributionBasis => ({
  contributionclass: 'ALL',
  birthdate: '1980-01-15',
  effectiveDate: '2026-01-01',
  tier: 'employee',
  location: anywhere,
  ...overrides,
});

describe('familyTier (the stored family decides; children count regardless of number)', () => {
  const spouse = { relationship: 'spouse' };
  const child = { relationship: 'child' };
  it.each([
    { name: 'nobody', period: '', input: [], output: 'employee' },
    { name: 'a spouse', period: '', input: [spouse], output: 'employee-spouse' },
    { name: 'one child', period: '', input: [child], output: 'employee-children' },
    { name: 'five children', period: '', input: Array(5).fill(child), output: 'employee-children' },
    { name: 'a spouse and a child', period: '', input: [child, spouse], output: 'family' },
    { name: 'a spouse and eleven children (twelve dependents)', period: '', input: [spouse, ...Array(11).fill(child)], output: 'family' },
    { name: 'relationship case does not matter', period: '', input: [{ relationship: 'Spouse' }], output: 'employee-spouse' },
  ] satisfies RuleCase<{ relationship: string }[], FamilyTier>[])('$name -> $output', ({ input, output }) => {
    expect(familyTier(input)).toBe(output);
  });

  it('a sixth dependent changes nothing beyond the tier', () => {
    const five = [spouse, child, child, child, child];
    const six = [...five, child];
    expect(familyTier(six)).toBe(familyTier(five));
    expect(contributionCents(rules, basis({ tier: familyTier(six) }))).toBe(contributionCents(rules, basis({ tier: familyTier(five) })));
  });
});

describe('padDependentBirthdates and the call\'s family', () => {
  it.each([
    [[], [pad, pad, pad, pad, pad]],
    [['2015-03-01'], ['2015-03-01', pad, pad, pad, pad]],
    [['2015-03-01', null, '', undefined, '2017-01-01'], ['2015-03-01', '2017-01-01', pad, pad, pad]],
    [['2001-01-01', '2002-01-01', '2003-01-01', '2004-01-01', '2005-01-01', '2006-01-01'], ['2001-01-01', '2002-01-01', '2003-01-01', '2004-01-01', '2005-01-01']],
  ])('%j -> %j', (list, padded) => {
    expect(padDependentBirthdates(list)).toEqual(padded);
  });

  it.each([
    [[pad, pad, pad, pad, pad], 0],
    [['2015-03-01', pad, pad, pad, pad], 1],
    [['2015-03-01', null, '1990-01-01', '', undefined], 2],
  ])('countRealDependents %j -> %i', (list, count) => {
    expect(countRealDependents(list)).toBe(count);
  });

  it.each([
    ['the same, padded', ['2015-03-01', pad, pad, pad, pad], ['2015-03-01'], true],
    ['the same in another order', ['2017-01-01', '2015-03-01', pad, pad, pad], ['2015-03-01', '2017-01-01'], true],
    ['one missing', ['2015-03-01', pad, pad, pad, pad], ['2015-03-01', '2017-01-01'], false],
    ['one invented', ['2015-03-01', '2016-01-01', pad, pad, pad], ['2015-03-01'], false],
    ['twelve stored: the first five', ['2001-01-01', '2002-01-01', '2003-01-01', '2004-01-01', '2005-01-01'], Array.from({ length: 12 }, (_, i) => `20${String(i + 1).padStart(2, '0')}-01-01`), true],
  ])('sameFamilyBirthdates: %s -> %s', (_label, sent, stored, same) => {
    expect(sameFamilyBirthdates(sent, stored)).toBe(same);
  });
});

describe('contribution class', () => {
  it.each([
    { name: 'null -> ALL', period: '', input: null, output: 'ALL' },
    { name: 'undefined -> ALL', period: '', input: undefined, output: 'ALL' },
    { name: '"" -> ALL', period: '', input: '', output: 'ALL' },
    { name: '"empty" -> ALL', period: '', input: 'empty', output: 'ALL' },
    { name: '"  " -> ALL', period: '', input: '  ', output: 'ALL' },
    { name: '"PartTime" -> PartTime', period: '', input: 'PartTime', output: 'PartTime' },
  ] satisfies RuleCase<string | null | undefined, string>[])('$name', ({ input, output }) => {
    expect(normalizeContributionClass(input)).toBe(output);
  });

  it('uses the class rules, or ALL when the class has none', () => {
    expect(rulesForClass(rules, 'parttime')).toHaveLength(4);
    expect(rulesForClass(rules, 'Union')).toHaveLength(16);
    expect(rulesForClass(rules, null)).toHaveLength(16);
  });
});

describe('contributionCents (the one computation)', () => {
  it.each([
    { name: 'age 29 the day before the 30th birthday', period: '2026-06-01', input: { birthdate: '1996-06-02' }, output: 30000 },
    { name: 'age 30 on the effective date', period: '2026-06-01', input: { birthdate: '1996-06-01' }, output: 35000 },
    { name: 'age 45, employee + children', period: '2026-01-01', input: { tier: 'employee-children' }, output: 81000 },
    { name: 'age 45, employee + spouse', period: '2026-01-01', input: { tier: 'employee-spouse' }, output: 90000 },
    { name: 'age 45, family', period: '2026-01-01', input: { tier: 'family' }, output: 126000 },
    { name: 'oldest band, family', period: '2026-01-01', input: { birthdate: '1960-01-01', tier: 'family' }, output: 168000 },
    { name: 'class of its own', period: '2026-01-01', input: { contributionclass: 'PartTime', tier: 'family' }, output: 40000 },
    { name: 'unknown class falls back to ALL', period: '2026-01-01', input: { contributionclass: 'Seasonal' }, output: 45000 },
    { name: 'the word empty is ALL', period: '2026-01-01', input: { contributionclass: 'empty', birthdate: '2000-01-01' }, output: 30000 },
  ] satisfies RuleCase<Partial<ContributionBasis>, number>[])('$name ($period)', ({ period, input, output }) => {
    expect(contributionCents(rules, basis({ ...input, effectiveDate: period }))).toBe(output);
  });

  it('is 0 when no rule covers the age or there are no rules', () => {
    expect(contributionCents(tierRules('ALL', 50, 64, amounts(1, 1, 1, 1)), basis())).toBe(0);
    expect(contributionCents([], basis())).toBe(0);
  });

  it('rejects dates that are not dates', () => {
    expect(() => contributionCents(rules, basis({ birthdate: '1990-02-30' }))).toThrow(RangeError);
    expect(() => contributionCents(rules, basis({ effectiveDate: '2026-13-01' }))).toThrow(RangeError);
  });

  it('the self-only (waived) amount is the employee tier, whatever the family', () => {
    expect(selfOnlyContributionCents(rules, basis())).toBe(45000);
    expect(selfOnlyContributionCents(rules, { ...basis(), contributionclass: 'PartTime' })).toBe(20000);
  });

  it('every tier of one class, age and location gets one amount: the same inputs give the same cents', () => {
    for (const tier of FAMILY_TIERS) {
      const once = contributionCents(rules, basis({ tier }));
      expect(contributionCents(rules, basis({ tier, birthdate: '1980-12-31' }))).toBe(once);
    }
  });
});

describe('location: the most specific rule wins', () => {
  const located: ContributionRule[] = [
    ...tierRules('ALL', 0, 120, amounts(40000, 60000, 60000, 80000)),
    { contributionclass: 'ALL', ageMin: 0, ageMax: 120, tier: 'employee', state: 'CA', ratingArea: null, amountCents: 50000 },
    { contributionclass: 'ALL', ageMin: 0, ageMax: 120, tier: 'employee', state: 'CA', ratingArea: 16, amountCents: 55000 },
  ];
  it.each([
    { name: 'no state known', period: '2026-01-01', input: { location: anywhere, tier: 'employee' }, output: 40000 },
    { name: 'another state', period: '2026-01-01', input: { location: { state: 'VA', ratingArea: 3 }, tier: 'employee' }, output: 40000 },
    { name: 'the state, rating area unknown', period: '2026-01-01', input: { location: { state: 'CA', ratingArea: null }, tier: 'employee' }, output: 50000 },
    { name: 'the state, lower case', period: '2026-01-01', input: { location: { state: 'ca', ratingArea: null }, tier: 'employee' }, output: 50000 },
    { name: 'the state, another rating area', period: '2026-01-01', input: { location: { state: 'CA', ratingArea: 4 }, tier: 'employee' }, output: 50000 },
    { name: 'the state and its rating area', period: '2026-01-01', input: { location: { state: 'CA', ratingArea: 16 }, tier: 'employee' }, output: 55000 },
    { name: 'a tier the state does not price falls back to anywhere', period: '2026-01-01', input: { location: { state: 'CA', ratingArea: 16 }, tier: 'family' }, output: 80000 },
  ] satisfies RuleCase<Pick<ContributionBasis, 'location' | 'tier'>, number>[])('$name', ({ period, input, output }) => {
    expect(contributionCents(located, basis({ ...input, effectiveDate: period }))).toBe(output);
  });

  it('is a valid rule set', () => {
    expect(ruleSetProblems(located)).toEqual([]);
  });
});

describe('ruleSetProblems (ICHRA: 3:1 by age within a class, tier and location; one amount each)', () => {
  const rule = (overrides: Partial<ContributionRule>): ContributionRule => ({
    contributionclass: 'ALL',
    ageMin: 0,
    ageMax: 120,
    tier: 'employee',
    state: null,
    ratingArea: null,
    amountCents: 10000,
    ...overrides,
  });
  const flat = (cents: number) => tierRules('ALL', 0, 120, amounts(cents, cents, cents, cents));

  it('accepts the realistic table', () => {
    expect(ruleSetProblems(rules)).toEqual([]);
  });

  it('accepts exactly 3:1 and refuses above it, per tier', () => {
    const young = amounts(20000, 30000, 30000, 40000);
    expect(ruleSetProblems([...tierRules('ALL', 0, 29, young), ...tierRules('ALL', 30, 120, amounts(60000, 90000, 90000, 120000))])).toEqual([]);
    expect(ruleSetProblems([...tierRules('ALL', 0, 29, young), ...tierRules('ALL', 30, 120, amounts(60000, 90000, 90001, 120000))])).toEqual([
      "Class ALL, tier Employee + Children, anywhere: the oldest's amount is more than 3 times the youngest's.",
    ]);
  });

  it('refuses a paid oldest when the youngest gets nothing', () => {
    expect(ruleSetProblems([...tierRules('X', 0, 29, amounts(0, 0, 0, 0)), ...tierRules('X', 30, 120, amounts(100, 100, 100, 100))])).toHaveLength(4);
  });

  it('checks 3:1 inside a location, with the class rules it falls back to', () => {
    const problems = ruleSetProblems([...flat(10000), rule({ state: 'TX', ageMin: 50, ageMax: 120, amountCents: 30001 })]);
    expect(problems).toEqual(["Class ALL, tier Employee, TX: the oldest's amount is more than 3 times the youngest's."]);
  });

  it.each([
    ['overlap (one class, age, tier: one amount)', [...flat(10000), rule({ ageMin: 30, ageMax: 40, amountCents: 20000 })], 'overlap'],
    ['a gap in one tier', [...tierRules('ALL', 0, 29, amounts(1, 1, 1, 1)), ...tierRules('ALL', 30, 120, amounts(1, 1, 1, 1)).filter((r) => r.tier !== 'family')], 'no contribution for ages 30 to 120'],
    ['inverted', [rule({ ageMin: 40, ageMax: 30 })], 'inverted'],
    ['negative', [rule({ amountCents: -1 })], 'negative'],
    ['not whole cents', [rule({ amountCents: 10.5 })], 'whole cents'],
    ['a state that is not two letters', [rule({ state: 'Texas' })], 'two capital letters'],
    ['a state no one lives in (ZZ): its rules would never apply', [...flat(10000), rule({ state: 'ZZ' })], "ZZ: ages 0-120 name a state that is not a US state's postal code"],
    ['a rating area without a state', [rule({ ratingArea: 3 })], 'without a state'],
    ['ages out of range', [rule({ ageMin: -1 })], 'between 0 and 150'],
  ])('%s', (_label, set, problem) => {
    expect(ruleSetProblems(set).join(' ')).toContain(problem);
  });
});

describe('ruleSetProblems: every age 0 to 120 of every tier of every class gets a contribution', () => {
  const even = amounts(30000, 40000, 40000, 50000);
  const fullTime = (...bands: Array<[number, number]>) => bands.flatMap(([ageMin, ageMax]) => tierRules('Full-time', ageMin, ageMax, even));

  it('accepts bands that cover 0 to 120 with no gap', () => {
    expect(ruleSetProblems(fullTime([0, 29], [30, 64], [65, 120]))).toEqual([]);
  });

  it('accepts bands that go past 120 (up to 150)', () => {
    expect(ruleSetProblems(fullTime([0, 150]))).toEqual([]);
  });

  it('refuses a set that leaves out the 65-and-over, naming the band for each tier', () => {
    expect(ruleSetProblems(fullTime([0, 29], [30, 64]))).toEqual([
      'Class Full-time, tier Employee: no contribution for ages 65 to 120.',
      'Class Full-time, tier Employee + Spouse: no contribution for ages 65 to 120.',
      'Class Full-time, tier Employee + Children: no contribution for ages 65 to 120.',
      'Class Full-time, tier Family: no contribution for ages 65 to 120.',
    ]);
  });

  it('names a gap in the middle, and a single missing age, of one tier only', () => {
    const set = [...fullTime([0, 29], [40, 120]), ...tierRules('Full-time', 30, 39, even).filter((rule) => rule.tier !== 'employee-spouse')];
    expect(ruleSetProblems(set)).toEqual(['Class Full-time, tier Employee + Spouse: no contribution for ages 30 to 39.']);
    expect(ruleSetProblems(fullTime([0, 64], [66, 120]))).toContain('Class Full-time, tier Family: no contribution for age 65.');
  });

  it('names several gaps in one sentence', () => {
    expect(ruleSetProblems(fullTime([18, 29], [40, 64]))[0]).toBe('Class Full-time, tier Employee: no contribution for ages 0 to 17, 30 to 39 and 65 to 120.');
  });

  it('refuses overlapping bands', () => {
    expect(ruleSetProblems(fullTime([0, 40], [30, 120])).join(' ')).toContain('Class Full-time, tier Employee, anywhere: ages 0-40 and 30-120 overlap');
  });

  it("does not count a state's rules: they pay nobody elsewhere", () => {
    const inTexas = tierRules('Full-time', 0, 120, even).map((rule) => ({ ...rule, state: 'TX' }));
    expect(ruleSetProblems([...fullTime([0, 64]), ...inTexas])).toContain('Class Full-time, tier Employee: no contribution for ages 65 to 120.');
  });

  it('checks every class on its own, whatever another class has', () => {
    const problems = ruleSetProblems([...tierRules('ALL', 0, 120, even), ...fullTime([0, 64])]);
    expect(problems).toHaveLength(4);
    expect(problems.every((problem) => problem.startsWith('Class Full-time,'))).toBe(true);
  });

  it('an empty set has nothing to cover (the employer then contributes nothing)', () => {
    expect(ruleSetProblems([])).toEqual([]);
  });
});
