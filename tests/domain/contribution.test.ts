import { describe, expect, it } from 'vitest';
import {
  countRealDependents,
  monthlyContributionCents,
  normalizeContributionClass,
  padDependentBirthdates,
  rowsForClass,
  scheduleProblems,
  waivedContributionCents,
  type ContributionRow,
} from '#domain/contribution.ts';

const band = (contributionclass: string, ageMin: number, ageMax: number, employeeCents: number, dependentCents = 0): ContributionRow => ({
  contributionclass,
  ageMin,
  ageMax,
  employeeCents,
  dependentCents,
});

const schedule = [
  band('ALL', 0, 29, 30000, 15000),
  band('ALL', 30, 39, 35000, 15000),
  band('ALL', 40, 49, 45000, 15000),
  band('ALL', 50, 120, 60000, 15000),
  band('PartTime', 0, 49, 20000, 5000),
  band('PartTime', 50, 120, 25000, 5000),
];
const pad = '1920-01-01';

describe('padDependentBirthdates', () => {
  it.each([
    [[], [pad, pad, pad, pad, pad]],
    [['2015-03-01'], ['2015-03-01', pad, pad, pad, pad]],
    [['2015-03-01', null, '', undefined, '2017-01-01'], ['2015-03-01', '2017-01-01', pad, pad, pad]],
    [['2001-01-01', '2002-01-01', '2003-01-01', '2004-01-01', '2005-01-01', '2006-01-01'], ['2001-01-01', '2002-01-01', '2003-01-01', '2004-01-01', '2005-01-01']],
  ])('%j -> %j', (list, padded) => {
    expect(padDependentBirthdates(list)).toEqual(padded);
  });
});

describe('countRealDependents', () => {
  it.each([
    [[pad, pad, pad, pad, pad], 0],
    [['2015-03-01', pad, pad, pad, pad], 1],
    [['2015-03-01', null, '1990-01-01', '', undefined], 2],
    [[], 0],
  ])('%j -> %i', (list, count) => {
    expect(countRealDependents(list)).toBe(count);
  });
});

describe('contribution class', () => {
  it.each([
    [null, 'ALL'],
    [undefined, 'ALL'],
    ['', 'ALL'],
    ['empty', 'ALL'],
    ['  ', 'ALL'],
    ['PartTime', 'PartTime'],
  ])('%j -> %j', (value, normalized) => {
    expect(normalizeContributionClass(value)).toBe(normalized);
  });

  it('uses the class rows, or ALL when the class has none', () => {
    expect(rowsForClass(schedule, 'parttime')).toHaveLength(2);
    expect(rowsForClass(schedule, 'Union')).toHaveLength(4);
    expect(rowsForClass(schedule, null)).toHaveLength(4);
  });
});

describe('monthlyContributionCents', () => {
  it.each([
    ['age 29 the day before the 30th birthday', 'ALL', '1996-06-02', '2026-06-01', [], 30000],
    ['age 30 on the effective date', 'ALL', '1996-06-01', '2026-06-01', [], 35000],
    ['two dependents', 'ALL', '1980-01-15', '2026-01-01', ['2010-01-01', '2012-05-05', pad, pad, pad], 45000 + 2 * 15000],
    ['padding is no dependent', 'ALL', '1980-01-15', '2026-01-01', [pad, pad, pad, pad, pad], 45000],
    ['oldest band', 'ALL', '1960-01-01', '2026-01-01', ['1962-01-01'], 60000 + 15000],
    ['class of its own', 'PartTime', '1960-01-01', '2026-01-01', ['1962-01-01'], 25000 + 5000],
    ['unknown class falls back to ALL', 'Seasonal', '1990-01-01', '2026-01-01', [], 35000],
    ['the word empty is ALL', 'empty', '2000-01-01', '2026-01-01', [], 30000],
  ])('%s', (_label, contributionclass, birthdate, effectiveDate, dependentBirthdates, cents) => {
    expect(monthlyContributionCents({ rows: schedule, contributionclass, birthdate, effectiveDate, dependentBirthdates })).toBe(cents);
  });

  it('is 0 when no band covers the age or there is no schedule', () => {
    const input = { contributionclass: 'ALL', birthdate: '1990-01-01', effectiveDate: '2026-01-01', dependentBirthdates: [] };
    expect(monthlyContributionCents({ ...input, rows: [band('ALL', 40, 64, 40000)] })).toBe(0);
    expect(monthlyContributionCents({ ...input, rows: [] })).toBe(0);
  });

  it('rejects dates that are not dates', () => {
    expect(() =>
      monthlyContributionCents({ rows: schedule, contributionclass: 'ALL', birthdate: '1990-02-30', effectiveDate: '2026-01-01', dependentBirthdates: [] }),
    ).toThrow(RangeError);
  });
});

describe('waivedContributionCents', () => {
  it.each([
    ['ALL', '1980-01-15', 45000],
    ['PartTime', '1980-01-15', 20000],
    ['ALL', '2010-01-15', 30000],
  ])('%s, born %s: employee-only %i', (contributionclass, birthdate, cents) => {
    expect(waivedContributionCents({ rows: schedule, contributionclass, birthdate, effectiveDate: '2026-01-01' })).toBe(cents);
  });
});

describe('scheduleProblems (ICHRA 3:1 age variation)', () => {
  it('accepts a valid schedule', () => {
    expect(scheduleProblems(schedule)).toEqual([]);
  });

  it.each([
    ['exactly 3:1 is allowed', [band('ALL', 0, 29, 20000), band('ALL', 30, 120, 60000)], []],
    ['above 3:1', [band('ALL', 0, 29, 20000), band('ALL', 30, 120, 60001)], ['Class ALL: the highest amount is more than 3 times the lowest.']],
    ['zero youngest with a paid oldest', [band('X', 0, 29, 0), band('X', 30, 120, 100)], ['Class X: the highest amount is more than 3 times the lowest.']],
    ['overlap', [band('ALL', 0, 30, 30000), band('ALL', 30, 120, 40000)], ['Class ALL: the bands 0-30 and 30-120 overlap.']],
    ['inverted', [band('ALL', 40, 30, 30000)], ['Class ALL: the band 40-30 is inverted.']],
    ['negative', [band('ALL', 0, 120, -1)], ['Class ALL: the band 0-120 has a negative amount.']],
  ])('%s', (_label, rows, problems) => {
    expect(scheduleProblems(rows)).toEqual(problems);
  });
});
