import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  dollarsToCentsOrNull,
  formatCents,
  formatCurrency,
  enrollmentTotals,
} from '#domain/values/money.ts';

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

describe('dollarsToCentsOrNull', () => {
  it('parses a number as dollarsToCents does, and answers null when there is no number', () => {
    expect(dollarsToCentsOrNull(367)).toBe(36700);
    expect(dollarsToCentsOrNull(886.36)).toBe(88636);
    expect(dollarsToCentsOrNull(0)).toBe(0);
    for (const none of [null, undefined, '450', Number.NaN, {}]) expect(dollarsToCentsOrNull(none)).toBeNull();
  });

  it('refuses a number with more than two decimals rather than rounding it', () => {
    expect(() => dollarsToCentsOrNull(1.005)).toThrow(RangeError);
  });
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

describe('enrollmentTotals (spec §9 Money: the cart, the member account and the payroll file)', () => {
  const totals = (premiumCents: number, serviceCents: number, hsaCents: number, contributionCents: number) =>
    enrollmentTotals({ premiumCents, serviceCents, hsaCents, contributionCents });

  it.each([
    [45000, 999, 40000, 5999],
    [30000, 0, 40000, 0],
    [40000, 0, 40000, 0],
    [0, 1999, 0, 1999],
  ])('employee cost of plan %i + service %i - contribution %i = %i', (planCents, serviceCents, contributionCents, cost) => {
    expect(totals(planCents, serviceCents, 0, contributionCents).premiumDeductionCents).toBe(cost);
  });

  it.each([
    ['contribution above the spend', [40000, 999, 0, 45000], { spentCents: 40999, coverageCents: 40999, currentBalanceCents: 4001, premiumDeductionCents: 0, hsaDeductionCents: 0, payrollDeductionCents: 0, mainOrderCents: 40000 }],
    ['spend with HSA above the contribution', [70000, 0, 25000, 60000], { spentCents: 95000, coverageCents: 70000, currentBalanceCents: 0, premiumDeductionCents: 10000, hsaDeductionCents: 25000, payrollDeductionCents: 35000, mainOrderCents: 70000 }],
    ['waiving with a service', [0, 1999, 0, 45000], { spentCents: 1999, coverageCents: 1999, currentBalanceCents: 43001, premiumDeductionCents: 0, hsaDeductionCents: 0, payrollDeductionCents: 0, mainOrderCents: 0 }],
  ] as const)('%s', (_label, [premium, service, hsa, contribution], expected) => expect(totals(premium, service, hsa, contribution)).toEqual(expected));

  it("never spends the ICHRA contribution on the HSA: a family $98.01 under its contribution, $200.00 a month to the HSA", () => {
    // 26 U.S.C. 105(b) and 213(d): the HRA pays for medical care; an HSA deposit is not medical care.
    const family = totals(101_199, 0, 20_000, 111_000);
    expect(family.premiumDeductionCents).toBe(0);
    expect(family.hsaDeductionCents).toBe(20_000);
    expect(family.currentBalanceCents).toBe(9_801);
    expect(family.payrollDeductionCents).toBe(20_000);
  });

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
