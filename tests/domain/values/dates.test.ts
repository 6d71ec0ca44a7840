import { describe, expect, it } from 'vitest';
import {
  formatLongDate,
  formatVersionDate,
  ageOn,
  daysInMonth,
  firstOfMonthAfter,
  firstOfNextYear,
  formatIsoDate,
  isIsoDate,
  parseIsoDate,
  todayUtc,
  type DateParts,
} from '#domain/values/dates.ts';
import type { RuleCase } from '../rule-case.ts';

describe('parseIsoDate / formatIsoDate', () => {
  it.each([
    { name: '2025-01-31', period: '', input: '2025-01-31', output: { year: 2025, month: 1, day: 31 } },
    { name: '2024-02-29 (a leap year)', period: '', input: '2024-02-29', output: { year: 2024, month: 2, day: 29 } },
    { name: '2000-02-29 (a leap year of a century divisible by 400)', period: '', input: '2000-02-29', output: { year: 2000, month: 2, day: 29 } },
    { name: '0001-01-01 (the first day)', period: '', input: '0001-01-01', output: { year: 1, month: 1, day: 1 } },
  ] satisfies RuleCase<string, DateParts>[])('$name', ({ input, output }) => {
    expect(parseIsoDate(input)).toEqual(output);
    expect(formatIsoDate(output)).toBe(input);
  });

  it.each([
    { name: 'refuses 2025-02-29 (no leap year)', period: '', input: '2025-02-29', output: null },
    { name: 'refuses 1900-02-29 (a century not divisible by 400)', period: '', input: '1900-02-29', output: null },
    { name: 'refuses 2025-04-31 (April has 30 days)', period: '', input: '2025-04-31', output: null },
    { name: 'refuses 2025-13-01 (month 13)', period: '', input: '2025-13-01', output: null },
    { name: 'refuses 2025-00-10 (month 0)', period: '', input: '2025-00-10', output: null },
    { name: 'refuses 2025-1-1 (digits missing)', period: '', input: '2025-1-1', output: null },
    { name: 'refuses an instant', period: '', input: '2025-01-01T00:00:00Z', output: null },
    { name: 'refuses ""', period: '', input: '', output: null },
    { name: 'refuses "today"', period: '', input: 'today', output: null },
    { name: 'refuses 0000-01-01 (year 0)', period: '', input: '0000-01-01', output: null },
  ] satisfies RuleCase<string, null>[])('$name', ({ input, output }) => {
    expect(parseIsoDate(input)).toBe(output);
    expect(isIsoDate(input)).toBe(false);
  });

  it.each([
    { name: 'February 2024 has 29 days', period: '', input: { year: 2024, month: 2 }, output: 29 },
    { name: 'February 2025 has 28 days', period: '', input: { year: 2025, month: 2 }, output: 28 },
    { name: 'April 2025 has 30 days', period: '', input: { year: 2025, month: 4 }, output: 30 },
    { name: 'December 2025 has 31 days', period: '', input: { year: 2025, month: 12 }, output: 31 },
  ] satisfies RuleCase<{ year: number; month: number }, number>[])('$name', ({ input, output }) => {
    expect(daysInMonth(input.year, input.month)).toBe(output);
  });
});

describe('firstOfMonthAfter', () => {
  it.each([
    { name: '2025-05-19 + 1 month -> 2025-06-01', period: '', input: { date: '2025-05-19', months: 1 }, output: '2025-06-01' },
    { name: '2025-05-31 + 2 months -> 2025-07-01', period: '', input: { date: '2025-05-31', months: 2 }, output: '2025-07-01' },
    { name: '2025-11-20 + 2 months -> 2026-01-01 (into the next year)', period: '', input: { date: '2025-11-20', months: 2 }, output: '2026-01-01' },
    { name: '2025-12-01 + 1 month -> 2026-01-01', period: '', input: { date: '2025-12-01', months: 1 }, output: '2026-01-01' },
    { name: '2025-12-31 + 3 months -> 2026-03-01', period: '', input: { date: '2025-12-31', months: 3 }, output: '2026-03-01' },
    { name: '2025-01-15 + 0 months -> 2025-01-01 (its own month)', period: '', input: { date: '2025-01-15', months: 0 }, output: '2025-01-01' },
    { name: '2025-01-15 + 24 months -> 2027-01-01', period: '', input: { date: '2025-01-15', months: 24 }, output: '2027-01-01' },
  ] satisfies RuleCase<{ date: string; months: number }, string>[])('$name', ({ input, output }) => {
    expect(firstOfMonthAfter(input.date, input.months)).toBe(output);
  });
});

describe('todayUtc', () => {
  it.each([
    { name: 'the last millisecond of 2025-06-30 UTC', period: '', input: '2025-06-30T23:59:59.999Z', output: '2025-06-30' },
    { name: 'midnight UTC starts 2025-07-01', period: '', input: '2025-07-01T00:00:00.000Z', output: '2025-07-01' },
    { name: 'the evening of 2025-06-30 at UTC-5 is 2025-07-01 in UTC', period: '', input: '2025-06-30T22:30:00-05:00', output: '2025-07-01' },
    { name: 'the last hour of 2024-12-31 at UTC+2 is still 2024-12-31 in UTC', period: '', input: '2024-12-31T23:00:00+02:00', output: '2024-12-31' },
  ] satisfies RuleCase<string, string>[])('$name', ({ input, output }) => {
    expect(todayUtc(new Date(input))).toBe(output);
  });
});

describe('ageOn', () => {
  it.each([
    { name: 'born 1990-06-15: 34 the day before the birthday', period: '2025-06-14', input: '1990-06-15', output: 34 },
    { name: 'born 1990-06-15: 35 on the birthday', period: '2025-06-15', input: '1990-06-15', output: 35 },
    { name: 'born 1990-06-15: 35 at the end of the year', period: '2025-12-31', input: '1990-06-15', output: 35 },
    { name: 'born on a 29 February: 24 on 28 February of a year without one', period: '2025-02-28', input: '2000-02-29', output: 24 },
    { name: 'born on a 29 February: 25 on 1 March', period: '2025-03-01', input: '2000-02-29', output: 25 },
    { name: 'born on a 29 February: 24 on the 29 February of a leap year', period: '2024-02-29', input: '2000-02-29', output: 24 },
    { name: 'born today: 0', period: '2025-01-01', input: '2025-01-01', output: 0 },
  ] satisfies RuleCase<string, number>[])('$name', ({ period, input, output }) => {
    expect(ageOn(input, period)).toBe(output);
  });

  it.each([
    { name: 'refuses a birth date that is no date', period: '2025-01-01', input: '1990-02-30', output: RangeError },
  ] satisfies RuleCase<string, typeof RangeError>[])('$name', ({ period, input, output }) => {
    expect(() => ageOn(input, period)).toThrow(output);
  });
});

describe('firstOfNextYear', () => {
  it.each([
    { name: '2026-01-01 -> 2027-01-01', period: '', input: '2026-01-01', output: '2027-01-01' },
    { name: '2025-12-31 -> 2026-01-01', period: '', input: '2025-12-31', output: '2026-01-01' },
    { name: '2024-02-29 -> 2025-01-01', period: '', input: '2024-02-29', output: '2025-01-01' },
  ] satisfies RuleCase<string, string>[])('$name', ({ input, output }) => {
    expect(firstOfNextYear(input)).toBe(output);
  });

  it.each([
    { name: 'refuses text that is not a date', period: '', input: '2026-13-01', output: RangeError },
  ] satisfies RuleCase<string, typeof RangeError>[])('$name', ({ input, output }) => {
    expect(() => firstOfNextYear(input)).toThrow(output);
  });
});

describe('formatLongDate (dates as a person reads them, in the page language)', () => {
  it.each([
    { name: 'the day in en-US', period: '', input: { date: '2027-01-01', locale: 'en-US' }, output: 'January 1, 2027' },
    { name: 'the day in es-US', period: '', input: { date: '2027-01-01', locale: 'es-US' }, output: '1 de enero de 2027' },
    { name: 'a text that is no date is left as it is', period: '', input: { date: '2027-02-30', locale: 'es-US' }, output: '2027-02-30' },
  ] satisfies RuleCase<{ date: string; locale: string }, string>[])('$name', ({ input, output }) => {
    expect(formatLongDate(input.date, input.locale)).toBe(output);
  });
});

describe('formatVersionDate (the footer version date, spec §2: 04 Feb. 2025)', () => {
  it.each([
    { name: "the spec's form in English", period: '', input: { date: '2025-02-04', locale: 'en-US' }, output: '04 Feb. 2025' },
    { name: 'the same form in Spanish words', period: '', input: { date: '2025-02-04', locale: 'es-US' }, output: '04 feb. 2025' },
    { name: 'a text that is no date is left as it is', period: '', input: { date: '2025-02-30', locale: 'es-US' }, output: '2025-02-30' },
  ] satisfies RuleCase<{ date: string; locale: string }, string>[])('$name', ({ input, output }) => {
    expect(formatVersionDate(input.date, input.locale)).toBe(output);
  });
});
