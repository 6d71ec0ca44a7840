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
} from '#domain/values/dates.ts';

describe('parseIsoDate / formatIsoDate', () => {
  it.each([
    ['2025-01-31', { year: 2025, month: 1, day: 31 }],
    ['2024-02-29', { year: 2024, month: 2, day: 29 }],
    ['2000-02-29', { year: 2000, month: 2, day: 29 }],
    ['0001-01-01', { year: 1, month: 1, day: 1 }],
  ])('%s', (text, parts) => {
    expect(parseIsoDate(text)).toEqual(parts);
    expect(formatIsoDate(parts)).toBe(text);
  });

  it.each(['2025-02-29', '1900-02-29', '2025-04-31', '2025-13-01', '2025-00-10', '2025-1-1', '2025-01-01T00:00:00Z', '', 'today', '0000-01-01'])(
    'rejects %j',
    (text) => {
      expect(parseIsoDate(text)).toBeNull();
      expect(isIsoDate(text)).toBe(false);
    },
  );

  it.each([
    [2024, 2, 29],
    [2025, 2, 28],
    [2025, 4, 30],
    [2025, 12, 31],
  ])('days in %i-%i: %i', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
});

describe('firstOfMonthAfter', () => {
  it.each([
    ['2025-05-19', 1, '2025-06-01'],
    ['2025-05-31', 2, '2025-07-01'],
    ['2025-11-20', 2, '2026-01-01'],
    ['2025-12-01', 1, '2026-01-01'],
    ['2025-12-31', 3, '2026-03-01'],
    ['2025-01-15', 0, '2025-01-01'],
    ['2025-01-15', 24, '2027-01-01'],
  ])('%s + %i months -> %s', (date, months, first) => {
    expect(firstOfMonthAfter(date, months)).toBe(first);
  });
});

describe('todayUtc', () => {
  it.each([
    ['2025-06-30T23:59:59.999Z', '2025-06-30'],
    ['2025-07-01T00:00:00.000Z', '2025-07-01'],
    ['2025-06-30T22:30:00-05:00', '2025-07-01'],
    ['2024-12-31T23:00:00+02:00', '2024-12-31'],
  ])('%s -> %s', (instant, today) => {
    expect(todayUtc(new Date(instant))).toBe(today);
  });
});

describe('ageOn', () => {
  it.each([
    ['1990-06-15', '2025-06-14', 34],
    ['1990-06-15', '2025-06-15', 35],
    ['1990-06-15', '2025-12-31', 35],
    ['2000-02-29', '2025-02-28', 24],
    ['2000-02-29', '2025-03-01', 25],
    ['2000-02-29', '2024-02-29', 24],
    ['2025-01-01', '2025-01-01', 0],
  ])('born %s, on %s: %i', (birthdate, date, age) => {
    expect(ageOn(birthdate, date)).toBe(age);
  });

  it('rejects a non-date', () => {
    expect(() => ageOn('1990-02-30', '2025-01-01')).toThrow(RangeError);
  });
});

describe('firstOfNextYear', () => {
  it.each([
    ['2026-01-01', '2027-01-01'],
    ['2025-12-31', '2026-01-01'],
    ['2024-02-29', '2025-01-01'],
  ])('%s -> %s', (date, expected) => {
    expect(firstOfNextYear(date)).toBe(expected);
  });

  it('refuses text that is not a date', () => {
    expect(() => firstOfNextYear('2026-13-01')).toThrow(RangeError);
  });
});

describe('formatLongDate (dates as a person reads them, in the page language)', () => {
  it('writes the day in the locale, and leaves a text that is no date as it is', () => {
    expect(formatLongDate('2027-01-01', 'en-US')).toBe('January 1, 2027');
    expect(formatLongDate('2027-01-01', 'es-US')).toBe('1 de enero de 2027');
    expect(formatLongDate('2027-02-30', 'es-US')).toBe('2027-02-30');
  });
});

describe('formatVersionDate (the footer version date, spec §2: 04 Feb. 2025)', () => {
  it("writes the spec's form in English and the same form in Spanish words", () => {
    expect(formatVersionDate('2025-02-04', 'en-US')).toBe('04 Feb. 2025');
    expect(formatVersionDate('2025-02-04', 'es-US')).toBe('04 feb. 2025');
    expect(formatVersionDate('2025-02-30', 'es-US')).toBe('2025-02-30');
  });
});
