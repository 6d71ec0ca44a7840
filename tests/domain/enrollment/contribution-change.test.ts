/** What new contribution rules change for a census, and when they may not be published (contribution-change.ts). */
import { describe, expect, it } from 'vitest';
import { contributionChanges, publishProblems, type CensusEmployee } from '#domain/enrollment/contribution-change.ts';
import { tierRules, type ContributionRule } from '#domain/enrollment/contribution.ts';

const even = (cents: number) => ({ employee: cents, 'employee-spouse': cents, 'employee-children': cents, family: cents });
const person = (name: string, overrides: Partial<CensusEmployee> = {}): CensusEmployee => ({
  memberid: name,
  name,
  contributionclass: 'ALL',
  birthdate: '1980-01-01',
  tier: 'employee',
  location: { state: 'GA', ratingArea: null },
  effectiveDate: '2026-01-01',
  ...overrides,
});
const before = tierRules('ALL', 0, 120, even(45000));

describe('contributionChanges', () => {
  it('compares each employee before and after, marking a cut of more than 10% (not of exactly 10%)', () => {
    const [ann] = contributionChanges([person('Ann')], before, tierRules('ALL', 0, 120, even(40499)));
    expect(ann).toMatchObject({ before: 45000, after: 40499, cut: true, zero: false });
    const [same] = contributionChanges([person('Ann')], before, tierRules('ALL', 0, 120, even(40500)));
    expect(same).toMatchObject({ after: 40500, cut: false });
  });

  it('tells a $0.00 no rule meant from one a no-contribution rule says, and computes nothing without a birthdate', () => {
    const none: ContributionRule[] = tierRules('ALL', 0, 120, even(0)).map((rule) => ({ ...rule, noContribution: true }));
    const [meant] = contributionChanges([person('Ann')], before, none);
    expect(meant).toMatchObject({ after: 0, zero: false, intendedZero: true });
    const [unmeant, unknown] = contributionChanges([person('Ann'), person('Nob', { birthdate: null })], before, tierRules('ALL', 0, 120, even(0)));
    expect(unmeant).toMatchObject({ zero: true, intendedZero: false });
    expect(unknown).toMatchObject({ noBirthdate: true, zero: false, before: 0, after: 0 });
  });

  it("computes each employee on their own effective date: the age band of their age on it", () => {
    const bands = [...tierRules('ALL', 0, 29, even(30000)), ...tierRules('ALL', 30, 120, even(45000))];
    const turnsThirty = { birthdate: '1996-03-15' };
    const [onJanuary, onApril] = contributionChanges([person('Jan', { ...turnsThirty, effectiveDate: '2026-01-01' }), person('Apr', { ...turnsThirty, effectiveDate: '2026-04-01' })], bands, bands);
    expect(onJanuary).toMatchObject({ effectiveDate: '2026-01-01', before: 30000, after: 30000 });
    expect(onApril).toMatchObject({ effectiveDate: '2026-04-01', before: 45000, after: 45000 });
  });
});

describe('publishProblems', () => {
  it('names a class without rules (and ALL without any) with its employees, and nothing when everyone is paid', () => {
    const after = tierRules('Full-time', 0, 120, even(50000));
    const changes = contributionChanges([person('Ann'), person('Bo', { location: { state: null, ratingArea: null } }), person('Pat', { contributionclass: 'part-time' })], before, after);
    expect(publishProblems(changes, after)).toEqual([
      'Class ALL has no rules: Ann (GA) and Bo would each get $0.00; give them an amount, or mark the rule that pays them No contribution if that is meant.',
      'Class part-time has no rules, and ALL has none: Pat (GA) would get $0.00; give them an amount, or mark the rule that pays them No contribution if that is meant.',
    ]);
    expect(publishProblems(contributionChanges([person('Ann')], before, before), before)).toEqual([]);
  });
});
