import { describe, expect, it } from 'vitest';
import { fittingOption } from '#domain/enrollment/additional-services.ts';

const options = [{ option: 'Individual' }, { option: 'Family' }, { option: 'Employee + Spouse' }];

describe('fittingOption', () => {
  it('gives a lone employee the first option, a family the one named for a family, else the last', () => {
    expect(fittingOption(options, 1)?.option).toBe('Individual');
    expect(fittingOption(options, 5)?.option).toBe('Family');
    expect(fittingOption([{ option: 'Employee' }, { option: 'Employee + Dependents' }], 2)?.option).toBe('Employee + Dependents');
    expect(fittingOption([], 3)).toBeUndefined();
  });
});
