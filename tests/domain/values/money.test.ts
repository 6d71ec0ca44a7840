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

  it.each([
    { name: 'refuses "9.999" (a fraction of a cent)', period: '', input: '9.999', output: RangeError },
    { name: 'refuses 1.005 (a fraction of a cent)', period: '', input: 1.005, output: RangeError },
    { name: 'refuses ""', period: '', input: '', output: RangeError },
    { name: 'refuses "abc"', period: '', input: 'abc', output: RangeError },
    { name: 'refuses "1e3" (an exponent)', period: '', input: '1e3', output: RangeError },
    { name: 'refuses "1,000" (a grouping comma)', period: '', input: '1,000', output: RangeError },
    { name: 'refuses NaN', period: '', input: Number.NaN, output: RangeError },
    { name: 'refuses Infinity', period: '', input: Number.POSITIVE_INFINITY, output: RangeError },
    { name: 'refuses ".5" (no whole dollars)', period: '', input: '.5', output: RangeError },
  ] satisfies RuleCase<string | number, typeof RangeError>[])('$name', ({ input, output }) => {
    expect(() => dollarsToCents(input)).toThrow(output);
  });
});

describe('dollarsToCentsOrNull (a number as dollarsToCents reads it; null when there is no number)', () => {
  it.each([
    { name: '367 -> 36700 cents', period: '', input: 367, output: 36700 },
    { name: '886.36 -> 88636 cents', period: '', input: 886.36, output: 88636 },
    { name: '0 -> 0 cents', period: '', input: 0, output: 0 },
    { name: 'null -> null', period: '', input: null, output: null },
    { name: 'undefined -> null', period: '', input: undefined, output: null },
    { name: 'the text "450" -> null (no number)', period: '', input: '450', output: null },
    { name: 'NaN -> null', period: '', input: Number.NaN, output: null },
    { name: 'an object -> null', period: '', input: {}, output: null },
  ] satisfies RuleCase<unknown, number | null>[])('$name', ({ input, output }) => {
    expect(dollarsToCentsOrNull(input)).toBe(output);
  });

  it.each([
    { name: 'refuses 1.005: more than two decimals, never rounded', period: '', input: 1.005, output: RangeError },
  ] satisfies RuleCase<number, typeof RangeError>[])('$name', ({ input, output }) => {
    expect(() => dollarsToCentsOrNull(input)).toThrow(output);
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

  it.each([
    { name: 'refuses 1.5 cents (a fraction of a cent)', period: '', input: 1.5, output: RangeError },
  ] satisfies RuleCase<number, typeof RangeError>[])('$name', ({ input, output }) => {
    expect(() => centsToDollars(input)).toThrow(output);
  });

  it('round-trips every cent amount up to $100', () => {
    for (let cents = 0; cents <= 10_000; cents += 1) expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
  });
});

describe('formatCurrency (spec §5 Display rules)', () => {
  it.each([
    { name: 'a text with its dollar sign is kept: "$450.00"', period: '', input: '$450.00', output: '$450.00' },
    { name: 'a text with its dollar sign is kept: "$1,000 after deductible"', period: '', input: '$1,000 after deductible', output: '$1,000 after deductible' },
    { name: '450 -> $450.00', period: '', input: 450, output: '$450.00' },
    { name: '1234.5 -> $1,234.50', period: '', input: 1234.5, output: '$1,234.50' },
    { name: '1234567.891 -> $1,234,567.89', period: '', input: 1234567.891, output: '$1,234,567.89' },
    { name: '0 -> $0.00', period: '', input: 0, output: '$0.00' },
    { name: '-3 -> -$3.00', period: '', input: -3, output: '-$3.00' },
    { name: 'the text "1500" -> $1,500.00', period: '', input: '1500', output: '$1,500.00' },
    { name: 'the text "99.9" -> $99.90', period: '', input: '99.9', output: '$99.90' },
    { name: '"Included" is kept', period: '', input: 'Included', output: 'Included' },
    { name: '"No Charge After Deductible" is kept', period: '', input: 'No Charge After Deductible', output: 'No Charge After Deductible' },
    { name: '"" is kept', period: '', input: '', output: '' },
  ] satisfies RuleCase<string | number, string>[])('$name', ({ input, output }) => {
    expect(formatCurrency(input)).toBe(output);
  });

  it.each([
    { name: '199900 cents -> $1,999.00', period: '', input: 199900, output: '$1,999.00' },
  ] satisfies RuleCase<number, string>[])('formatCents: $name', ({ input, output }) => {
    expect(formatCents(input)).toBe(output);
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

  // 26 U.S.C. 105(b) and 213(d): the HRA pays for medical care; an HSA deposit is not medical care.
  it.each([
    {
      name: 'never spends the ICHRA contribution on the HSA: a family $98.01 under its contribution, $200.00 a month to the HSA',
      period: '',
      input: { premiumCents: 101_199, serviceCents: 0, hsaCents: 20_000, contributionCents: 111_000 },
      output: { premiumDeductionCents: 0, hsaDeductionCents: 20_000, currentBalanceCents: 9_801, payrollDeductionCents: 20_000 },
    },
  ] satisfies RuleCase<Parameters<typeof enrollmentTotals>[0], Partial<ReturnType<typeof enrollmentTotals>>>[])('$name', ({ input, output }) => {
    const family = enrollmentTotals(input);
    for (const [figure, cents] of Object.entries(output)) expect(family[figure as keyof typeof family], figure).toBe(cents);
  });

  it.each([
    { name: 'refuses a negative premium', period: '', input: { premiumCents: -1, serviceCents: 0, hsaCents: 0, contributionCents: 0 }, output: RangeError },
    { name: 'refuses a fraction of a cent', period: '', input: { premiumCents: 1.5, serviceCents: 0, hsaCents: 0, contributionCents: 0 }, output: RangeError },
  ] satisfies RuleCase<Parameters<typeof enrollmentTotals>[0], typeof RangeError>[])('$name', ({ input, output }) => {
    expect(() => enrollmentTotals(input)).toThrow(output);
  });
});

describe("formatCurrency in a locale (the page language): dollars the reader's way, the spec's rule kept", () => {
  const dollarsIn = (locale: string, dollars: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(dollars);
  it.each([
    { name: '1234.5 in en-US -> $1,234.50', period: '', input: { value: 1234.5, locale: 'en-US' }, output: '$1,234.50' },
    { name: '-3 in es-US -> -$3.00', period: '', input: { value: -3, locale: 'es-US' }, output: '-$3.00' },
    { name: '-0.001 in es-US -> $0.00 (no negative zero)', period: '', input: { value: -0.001, locale: 'es-US' }, output: '$0.00' },
    { name: '"Included" in es-US is kept', period: '', input: { value: 'Included', locale: 'es-US' }, output: 'Included' },
    // A locale writing dollars its own way shows it: the locale is used, not ignored.
    { name: "1234.5 in de-DE is written the German way", period: '', input: { value: 1234.5, locale: 'de-DE' }, output: dollarsIn('de-DE', 1234.5) },
  ] satisfies RuleCase<{ value: string | number; locale: string }, string>[])('$name', ({ input, output }) => {
    expect(formatCurrency(input.value, input.locale)).toBe(output);
  });

  it.each([
    { name: '123456 cents in es-US are written the es-US way', period: '', input: { cents: 123456, locale: 'es-US' }, output: dollarsIn('es-US', 1234.56) },
  ] satisfies RuleCase<{ cents: number; locale: string }, string>[])('formatCents: $name', ({ input, output }) => {
    expect(formatCents(input.cents, input.locale)).toBe(output);
  });

  it('uses the locale rather than ignoring it', () => {
    expect(formatCurrency(1234.5, 'de-DE')).not.toBe('$1,234.50');
  });
});
