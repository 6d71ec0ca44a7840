import { describe, expect, it } from 'vitest';
import { ageBand, ageBandLabel, ageBandOfLabel, chargedFlags, familyPremium, ratesYearFor, type BandRate, type RatedPerson } from '#domain/plans/rating.ts';

describe('ageBand', () => {
  it.each([
    [0, 0],
    [14, 0],
    [15, 15],
    [20, 20],
    [21, 21],
    [40, 40],
    [63, 63],
    [64, 64],
    [99, 64],
  ])('age %i is in band %i', (age, band) => {
    expect(ageBand(age)).toBe(band);
  });

  it.each([-1, 1.5, Number.NaN])('refuses %s', (age) => {
    expect(() => ageBand(age)).toThrow(RangeError);
  });

  it.each([
    ['0-14', 0],
    ['15', 15],
    ['63', 63],
    ['64 and over', 64],
    ['14', null],
    ['64', null],
    ['x', null],
  ] as const)('Rate PUF label %s -> %s', (label, band) => {
    expect(ageBandOfLabel(label)).toBe(band);
    if (band !== null) expect(ageBandLabel(band)).toBe(label);
  });
});

/** 71287OR0420018 "KP OR Bronze 9100/75" in OR03 (shared/data README): 0-14 $183, 21 $287, 40 $367 (tobacco $441), 64+ $861. */
const kaiserOr03 = new Map<number, BandRate>([
  [0, { rateCents: 18300, tobaccoRateCents: 18300 }],
  [17, { rateCents: 17000, tobaccoRateCents: 17000 }],
  [19, { rateCents: 18000, tobaccoRateCents: 18000 }],
  [21, { rateCents: 28700, tobaccoRateCents: 34440 }],
  [38, { rateCents: 35000, tobaccoRateCents: 42000 }],
  [40, { rateCents: 36700, tobaccoRateCents: 44100 }],
  [64, { rateCents: 86100, tobaccoRateCents: 103320 }],
]);

const member = (age: number, tobacco = false): RatedPerson => ({ role: 'member', age, tobacco });
const spouse = (age: number, tobacco = false): RatedPerson => ({ role: 'spouse', age, tobacco });
const child = (age: number): RatedPerson => ({ role: 'child', age, tobacco: false });

describe('familyPremium', () => {
  it.each([
    ['member 40 (README: $367.00)', [member(40)], 36700],
    ['member 40, tobacco (README: $441.00)', [member(40, true)], 44100],
    ['member 21 (README: $287.00)', [member(21)], 28700],
    ['member 70 is 64 and over (README: $861.00)', [member(70)], 86100],
    ['member 40 + spouse 38', [member(40), spouse(38)], 36700 + 35000],
    ['member 40 + child 5 (README 0-14: $183.00)', [member(40), child(5)], 36700 + 18300],
    ['three children under 21: all charged', [member(40), child(5), child(10), child(12)], 36700 + 3 * 18300],
    ['four children under 21: the youngest is free', [member(40), child(3), child(5), child(10), child(12)], 36700 + 3 * 18300],
    ['five children: the two youngest free, the oldest (17, 19) charged', [member(40), child(1), child(19), child(2), child(17), child(8)], 36700 + 18000 + 17000 + 18300],
    ['a child of 21 is always charged and does not count toward the three', [member(40), child(21), child(3), child(5), child(10)], 36700 + 28700 + 3 * 18300],
    ['a smoking spouse pays the tobacco rate', [member(40), spouse(38, true)], 36700 + 42000],
  ])('%s', (_name, people, cents) => {
    expect(familyPremium(people, kaiserOr03)?.totalCents).toBe(cents);
  });

  it('marks the free children', () => {
    const people = [member(40), child(3), child(5), child(10), child(12)];
    expect(chargedFlags(people)).toEqual([true, false, true, true, true]);
    expect(familyPremium(people, kaiserOr03)!.lines.map((line) => line.cents)).toEqual([36700, 0, 18300, 18300, 18300]);
  });

  it('answers null when a band has no rate', () => {
    expect(familyPremium([member(41)], kaiserOr03)).toBeNull();
  });
});

describe('ratesYearFor', () => {
  it.each([
    [2024, [2024], { ratesYear: 2024, estimated: false }],
    [2027, [2024], { ratesYear: 2024, estimated: true }],
    [2027, [2024, 2026, 2025], { ratesYear: 2026, estimated: true }],
    [2025, [2024, 2025, 2026], { ratesYear: 2025, estimated: false }],
    [2027, [], null],
  ])('plan year %i with catalogue years %j', (planYear, years, answer) => {
    expect(ratesYearFor(planYear, years)).toEqual(answer);
  });
});
