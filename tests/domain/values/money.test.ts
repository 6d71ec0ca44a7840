import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  dollarsToCentsOrNull,
  formatCents,
  formatCurrency,
  enrollmentTotals,
} from '#domain/values/money.ts';
import type { RuleCase } from '../rule-case.ts';

describe('dollarsToCents', () => {
  it.each([
    { name: '"9.99" -> 999 cents', period: '', input: '9.99', output: 999 },
    { name: '9.99 -> 999 cents', period: '', input: 9.99, output: 999 },
    { name: '19.9 -> 1990 cents', period: '', input: 19.9, output: 1990 },
    { name: '"0.1" -> 10 cents', period: '', input: '0.1', output: 10 },
    { name: '0.07 -> 7 cents', period: '', input: 0.07, output: 7 },
    { name: '"12" -> 1200 cents', period: '', input: '12', output: 1200 },
    { name: '0 -> 0 cents', period: '', input: 0, output: 0 },
    { name: '"-5.25" -> -525 cents', period: '', input: '-5.25', output: -525 },
    { name: '" 3.50 " -> 350 cents', period: '', input: ' 3.50 ', output: 350 },
    { name: '1234567.89 -> 123456789 cents', period: '', input: 1234567.89, output: 123456789 },
  ] satisfies RuleCase<string | number, number>[])('$name', ({ input, output }) => {
    expect(dollarsToCents(input)).toBe(output);
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
    { name: '999 -> 9.99', period: '', input: 999, output: 9.99 },
    { name: '1990 -> 19.9', period: '', input: 1990, output: 19.9 },
    { name: '0 -> 0', period: '', input: 0, output: 0 },
    { name: '-525 -> -5.25', period: '', input: -525, output: -5.25 },
    { name: '123456789 -> 1234567.89', period: '', input: 123456789, output: 1234567.89 },
  ] satisfies RuleCase<number, number>[])('$name', ({ input, output }) => {
    expect(centsToDollars(input)).toBe(output);
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
    { name: 'employee cost of plan 45000 + service 999 - contribution 40000 = 5999', period: '', input: { planCents: 45000, serviceCents: 999, contributionCents: 40000 }, output: 5999 },
    { name: 'employee cost of plan 30000 + service 0 - contribution 40000 = 0', period: '', input: { planCents: 30000, serviceCents: 0, contributionCents: 40000 }, output: 0 },
    { name: 'employee cost of plan 40000 + service 0 - contribution 40000 = 0', period: '', input: { planCents: 40000, serviceCents: 0, contributionCents: 40000 }, output: 0 },
    { name: 'employee cost of plan 0 + service 1999 - contribution 0 = 1999', period: '', input: { planCents: 0, serviceCents: 1999, contributionCents: 0 }, output: 1999 },
  ] satisfies RuleCase<{ planCents: number; serviceCents: number; contributionCents: number }, number>[])('$name', ({ input, output }) => {
    expect(totals(input.planCents, input.serviceCents, 0, input.contributionCents).premiumDeductionCents).toBe(output);
  });

  it.each([
    { name: 'contribution above the spend', period: '', input: { premiumCents: 40000, serviceCents: 999, hsaCents: 0, contributionCents: 45000 }, output: { spentCents: 40999, coverageCents: 40999, currentBalanceCents: 4001, premiumDeductionCents: 0, hsaDeductionCents: 0, payrollDeductionCents: 0, mainOrderCents: 40000 } },
    { name: 'spend with HSA above the contribution', period: '', input: { premiumCents: 70000, serviceCents: 0, hsaCents: 25000, contributionCents: 60000 }, output: { spentCents: 95000, coverageCents: 70000, currentBalanceCents: 0, premiumDeductionCents: 10000, hsaDeductionCents: 25000, payrollDeductionCents: 35000, mainOrderCents: 70000 } },
    { name: 'waiving with a service', period: '', input: { premiumCents: 0, serviceCents: 1999, hsaCents: 0, contributionCents: 45000 }, output: { spentCents: 1999, coverageCents: 1999, currentBalanceCents: 43001, premiumDeductionCents: 0, hsaDeductionCents: 0, payrollDeductionCents: 0, mainOrderCents: 0 } },
  ] satisfies RuleCase<Parameters<typeof enrollmentTotals>[0], ReturnType<typeof enrollmentTotals>>[])('$name', ({ input, output }) => {
    expect(enrollmentTotals(input)).toEqual(output);
  });

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
