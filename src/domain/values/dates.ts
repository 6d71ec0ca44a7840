/**
 * Calendar dates as ISO 'YYYY-MM-DD' strings. Nothing here hands a Date object out: a Date carries a time zone
 * and a time of day, which is how a birthday turns into the day before.
 */

/** A calendar date's parts; month is 1..12. */
export type DateParts = { year: number; month: number; day: number };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a year has February 29 (Gregorian). */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The number of days of a month (1..12) of a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Parses 'YYYY-MM-DD' into its parts; null when the text is not a real calendar date ('2025-02-30', '2025-1-1'). */
export function parseIsoDate(text: string): DateParts | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Whether the text is a real 'YYYY-MM-DD' calendar date. */
export function isIsoDate(text: string): boolean {
  return parseIsoDate(text) !== null;
}

/** Formats parts as 'YYYY-MM-DD'. */
export function formatIsoDate(parts: DateParts): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(parts.year, 4)}-${pad(parts.month, 2)}-${pad(parts.day, 2)}`;
}

const longDates = new Map<string, Intl.DateTimeFormat>();

/**
 * A 'YYYY-MM-DD' date as a person reads it, in their locale (an Intl tag): 'en-US' January 1, 2027, 'es-US' 1 de
 * enero de 2027. A text that is no date is returned as it is.
 */
export function formatLongDate(text: string, locale = 'en-US'): string {
  if (!isIsoDate(text)) return text;
  let format = longDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    longDates.set(locale, format);
  }
  return format.format(new Date(`${text}T00:00:00Z`));
}

const versionDates = new Map<string, Intl.DateTimeFormat>();

/**
 * A 'YYYY-MM-DD' date the way the footer writes its version date (spec §2: '04 Feb. 2025'): the day in two digits,
 * the month abbreviated with a period, the year, in the locale's words ('es-US' 04 feb. 2025).
 */
export function formatVersionDate(text: string, locale = 'en-US'): string {
  if (!isIsoDate(text)) return text;
  let format = versionDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
    versionDates.set(locale, format);
  }
  const parts = format.formatToParts(new Date(`${text}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((found) => found.type === type)?.value ?? '';
  return `${part('day')} ${part('month').replace(/\.$/, '')}. ${part('year')}`;
}

function mustParse(text: string): DateParts {
  const parts = parseIsoDate(text);
  if (!parts) throw new RangeError(`Not a date (YYYY-MM-DD): ${text}`);
  return parts;
}

/** The first day of the month `months` after the month of `date` ('2025-12-19', 1 -> '2026-01-01'). */
export function firstOfMonthAfter(date: string, months: number): string {
  const { year, month } = mustParse(date);
  const index = year * 12 + (month - 1) + months;
  return formatIsoDate({ year: Math.floor(index / 12), month: (index % 12) + 1, day: 1 });
}

/** January 1 of the year after `date` ('2025-12-19' -> '2026-01-01'): the next-year effective date (spec §9). */
export function firstOfNextYear(date: string): string {
  return formatIsoDate({ year: mustParse(date).year + 1, month: 1, day: 1 });
}

/** Today's date in UTC ('YYYY-MM-DD'), from the clock the caller passes in. */
export function todayUtc(now: Date): string {
  return formatIsoDate({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() });
}

/**
 * Age in whole years on a date. A birthday on February 29 counts as reached on March 1 in common years.
 * Throws a RangeError for text that is not a date.
 */
export function ageOn(birthdate: string, date: string): number {
  const born = mustParse(birthdate);
  const on = mustParse(date);
  const hadBirthday = on.month > born.month || (on.month === born.month && on.day >= born.day);
  return on.year - born.year - (hadBirthday ? 0 : 1);
}
