import { describe, expect, it } from 'vitest';
import { fittingOption } from '#domain/enrollment/additional-services.ts';
import type { RuleCase } from '../rule-case.ts';

const options = [{ option: 'Individual' }, { option: 'Family' }, { option: 'Employee + Spouse' }];

describe('fittingOption', () => {
  it.each([
    { name: 'a lone employee gets the first option', period: '', input: { options, people: 1 }, output: 'Individual' },
    { name: 'a family gets the one named for a family', period: '', input: { options, people: 5 }, output: 'Family' },
    { name: 'with none named for a family, a family gets the last', period: '', input: { options: [{ option: 'Employee' }, { option: 'Employee + Dependents' }], people: 2 }, output: 'Employee + Dependents' },
    { name: 'no options: none', period: '', input: { options: [], people: 3 }, output: undefined },
  ] satisfies RuleCase<{ options: { option: string }[]; people: number }, string | undefined>[])('$name', ({ input, output }) => {
    const chosen = fittingOption(input.options, input.people);
    expect(chosen === undefined ? undefined : chosen.option).toBe(output);
  });
});
