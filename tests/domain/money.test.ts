import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  currentBalanceCents,
  dollarsToCents,
  employeeCostCents,
  formatCents,
  formatCurrency,
  payrollDeductionCents,
} from '#domain/money.ts';

describe('dollarsToCents', () => {
  it.each([
    ['9.99', 999],
    [9.99, 999],
    [19.9, 1990],
    ['0.1', 10],
    [0.07, 7],
    ['12', 1200],
    [0, 0],
    ['-5.25', -525],
    [' 3.50 ', 350],
    [1234567.89, 123456789],
  ])('%j -> %i cents', (value, cents) => {
    expect(dollarsToCents(value)).toBe(cents);
  });

  it.each([['9.999'], [1.005], [''], ['abc'], ['1e3'], ['1,000'], [Number.NaN], [Number.POSITIVE_INFINITY], ['.5']])(
    'rejects %j',
    (value) => {
      expect(() => dollarsToCents(value)).toThrow(RangeError);
    },
  );
});

describe('centsToDollars', () => {
  it.each([
    [999, 9.99],
    [1990, 19.9],
    [0, 0],
    [-525, -5.25],
    [123456789, 1234567.89],
  ])('%i -> %d', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });

  it('rejects fractions of a cent', () => {
    expect(() => centsToDollars(1.5)).toThrow(RangeError);
  });

  it('round-trips every cent amount up to $100', () => {
    for (let cents = 0; cents <= 10_000; cents += 1) expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
  });
});

describe('formatCurrency (spec §5 Display rules)', () => {
  it.each([
    ['$450.00', '$450.00'],
    ['$1,000 after deductible', '$1,000 after deductible'],
    [450, '$450.00'],
    [1234.5, '$1,234.50'],
    [1234567.891, '$1,234,567.89'],
    [0, '$0.00'],
    [-3, '-$3.00'],
    ['1500', '$1,500.00'],
    ['99.9', '$99.90'],
    ['Included', 'Included'],
    ['No Charge After Deductible', 'No Charge After Deductible'],
    ['', ''],
  ])('%j -> %j', (value, shown) => {
    expect(formatCurrency(value)).toBe(shown);
  });

  it('formats cents', () => {
    expect(formatCents(199900)).toBe('$1,999.00');
  });
});

describe('money rules (spec §9)', () => {
  it.each([
    [45000, 999, 40000, 5999],
    [30000, 0, 40000, 0],
    [40000, 0, 40000, 0],
    [0, 1999, 0, 1999],
  ])('employee cost of plan %i + service %i - contribution %i = %i', (planCents, serviceCents, contributionCents, cost) => {
    expect(employeeCostCents({ planCents, serviceCents, contributionCents })).toBe(cost);
  });

  it.each([
    [40000, 35000, 5000, 0],
    [40000, 45000, 0, 5000],
    [40000, 40000, 0, 0],
    [0, 999, 0, 999],
  ])('contribution %i, spent %i -> balance %i, payroll deduction %i', (contributionCents, spentCents, balance, deduction) => {
    expect(currentBalanceCents({ contributionCents, spentCents })).toBe(balance);
    expect(payrollDeductionCents({ contributionCents, spentCents })).toBe(deduction);
  });
});
