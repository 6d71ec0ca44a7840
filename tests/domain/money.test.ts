import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  currentBalanceCents,
  dollarsToCents,
  employeeCostCents,
  formatCents,
  formatCurrency,
  payrollDeductionCents,
  enrollmentTotals,
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

describe('enrollmentTotals (spec §9 Money, the cart summary\'s rules)', () => {
  it.each([
    ['contribution above the spend', { premiumCents: 40000, serviceCents: 999, hsaCents: 0, contributionCents: 45000 }, { spentCents: 40999, employeeCostCents: 0, currentBalanceCents: 4001, payrollDeductionCents: 0, mainOrderCents: 40000 }],
    ['spend with HSA above the contribution', { premiumCents: 70000, serviceCents: 0, hsaCents: 25000, contributionCents: 60000 }, { spentCents: 95000, employeeCostCents: 10000, currentBalanceCents: 0, payrollDeductionCents: 35000, mainOrderCents: 70000 }],
    ['waiving with a service', { premiumCents: 0, serviceCents: 1999, hsaCents: 0, contributionCents: 45000 }, { spentCents: 1999, employeeCostCents: 0, currentBalanceCents: 43001, payrollDeductionCents: 0, mainOrderCents: 0 }],
  ])('%s', (_label, amounts, totals) => expect(enrollmentTotals(amounts)).toEqual(totals));

  it('refuses a negative or fractional amount', () => {
    expect(() => enrollmentTotals({ premiumCents: -1, serviceCents: 0, hsaCents: 0, contributionCents: 0 })).toThrow(RangeError);
    expect(() => enrollmentTotals({ premiumCents: 1.5, serviceCents: 0, hsaCents: 0, contributionCents: 0 })).toThrow(RangeError);
  });
});

describe('formatCurrency in a locale (the page language)', () => {
  it("writes dollars the reader's way, the spec's rule kept", () => {
    expect(formatCurrency(1234.5, 'en-US')).toBe('$1,234.50');
    expect(formatCurrency(-3, 'es-US')).toBe('-$3.00');
    expect(formatCurrency(-0.001, 'es-US')).toBe('$0.00');
    expect(formatCurrency('Included', 'es-US')).toBe('Included');
    expect(formatCents(123456, 'es-US')).toBe(new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(1234.56));
    // A locale writing dollars its own way shows it: the locale is used, not ignored.
    expect(formatCurrency(1234.5, 'de-DE')).toBe(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(1234.5));
    expect(formatCurrency(1234.5, 'de-DE')).not.toBe('$1,234.50');
  });
});
