import { describe, expect, it } from 'vitest';
import { ageBand, ageBandLabel, ageBandOfLabel, chargedFlags, familyPremium, ratesYearFor, type BandRate, type RatedPerson } from '#domain/plans/rating.ts';
import type { RuleCase } from '../rule-case.ts';

describe('ageBand', () => {
  it.each([
    { name: 'age 0 is in band 0', period: '', input: 0, output: 0 },
    { name: 'age 14 is in band 0', period: '', input: 14, output: 0 },
    { name: 'age 15 is in band 15', period: '', input: 15, output: 15 },
    { name: 'age 20 is in band 20', period: '', input: 20, output: 20 },
    { name: 'age 21 is in band 21', period: '', input: 21, output: 21 },
    { name: 'age 40 is in band 40', period: '', input: 40, output: 40 },
    { name: 'age 63 is in band 63', period: '', input: 63, output: 63 },
    { name: 'age 64 is in band 64', period: '', input: 64, output: 64 },
    { name: 'age 99 is in band 64', period: '', input: 99, output: 64 },
  ] satisfies RuleCase<number, number>[])('$name', ({ input, output }) => {
    expect(ageBand(input)).toBe(output);
  });

  it.each([-1, 1.5, Number.NaN])('refuses %s', (age) => {
    expect(() => ageBand(age)).toThrow(RangeError);
  });

  it.each([
    { name: 'Rate PUF label 0-14 -> 0', period: '', input: '0-14', output: 0 },
    { name: 'Rate PUF label 15 -> 15', period: '', input: '15', output: 15 },
    { name: 'Rate PUF label 63 -> 63', period: '', input: '63', output: 63 },
    { name: 'Rate PUF label 64 and over -> 64', period: '', input: '64 and over', output: 64 },
    { name: 'Rate PUF label 14 -> null', period: '', input: '14', output: null },
    { name: 'Rate PUF label 64 -> null', period: '', input: '64', output: null },
    { name: 'Rate PUF label x -> null', period: '', input: 'x', output: null },
  ] satisfies RuleCase<string, number | null>[])('$name', ({ input, output }) => {
    expect(ageBandOfLabel(input)).toBe(output);
    if (output !== null) expect(ageBandLabel(output)).toBe(input);
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
    { name: 'member 40 (README: $367.00)', period: '2024', input: [member(40)], output: 36700 },
    { name: 'member 40, tobacco (README: $441.00)', period: '2024', input: [member(40, true)], output: 44100 },
    { name: 'member 21 (README: $287.00)', period: '2024', input: [member(21)], output: 28700 },
    { name: 'member 70 is 64 and over (README: $861.00)', period: '2024', input: [member(70)], output: 86100 },
    { name: 'member 40 + spouse 38', period: '2024', input: [member(40), spouse(38)], output: 36700 + 35000 },
    { name: 'member 40 + child 5 (README 0-14: $183.00)', period: '2024', input: [member(40), child(5)], output: 36700 + 18300 },
    { name: 'three children under 21: all charged', period: '2024', input: [member(40), child(5), child(10), child(12)], output: 36700 + 3 * 18300 },
    { name: 'four children under 21: the youngest is free', period: '2024', input: [member(40), child(3), child(5), child(10), child(12)], output: 36700 + 3 * 18300 },
    { name: 'five children: the two youngest free, the oldest (17, 19) charged', period: '2024', input: [member(40), child(1), child(19), child(2), child(17), child(8)], output: 36700 + 18000 + 17000 + 18300 },
    { name: 'a child of 21 is always charged and does not count toward the three', period: '2024', input: [member(40), child(21), child(3), child(5), child(10)], output: 36700 + 28700 + 3 * 18300 },
    { name: 'a smoking spouse pays the tobacco rate', period: '2024', input: [member(40), spouse(38, true)], output: 36700 + 42000 },
  ] satisfies RuleCase<RatedPerson[], number>[])('$name', ({ input, output }) => {
    expect(familyPremium(input, kaiserOr03)?.totalCents).toBe(output);
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
    { name: 'plan year 2024 with catalogue years [2024]', period: '2024', input: [2024], output: { ratesYear: 2024, estimated: false } },
    { name: 'plan year 2027 with catalogue years [2024]', period: '2027', input: [2024], output: { ratesYear: 2024, estimated: true } },
    { name: 'plan year 2027 with catalogue years [2024, 2026, 2025]', period: '2027', input: [2024, 2026, 2025], output: { ratesYear: 2026, estimated: true } },
    { name: 'plan year 2025 with catalogue years [2024, 2025, 2026]', period: '2025', input: [2024, 2025, 2026], output: { ratesYear: 2025, estimated: false } },
    { name: 'plan year 2027 with catalogue years []', period: '2027', input: [], output: null },
  ] satisfies RuleCase<number[], { ratesYear: number; estimated: boolean } | null>[])('$name', ({ period, input, output }) => {
    expect(ratesYearFor(Number(period), input)).toEqual(output);
  });
});
