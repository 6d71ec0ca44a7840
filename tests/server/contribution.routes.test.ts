import { describe, expect, it } from 'vitest';
import { databases } from './helpers/databases.ts';
import { useEnrollmentWorld } from './enrollment.fixtures.ts';

const PAD = '1920-01-01';
const monthly = (accountid: string, rest: string) => `/api/EmployerContribution/GetMonthlyEmployerContributionWithClass/${accountid}/${rest}`;
const waived = (accountid: string, rest: string) => `/api/EmployerContribution/GetWaivedContribution/${accountid}/${rest}`;

describe.each(databases())('contribution routes on $name', (database) => {
  const world = useEnrollmentWorld(database);

  const get = (url: string, member: 'alice' | 'carol' | null = 'alice') =>
    world.app.inject({ method: 'GET', url, headers: member ? world[member].auth : {} });

  describe('GET .../GetMonthlyEmployerContributionWithClass/...', () => {
    // The demo schedule: 300 (<30), 350 (30-39), 450 (40-49), 600 (50+) plus 150 per dependent.
    it.each([
      ['age 35, no dependents', `2026-01-01/1990-06-15/VA/empty/${PAD}/${PAD}/${PAD}/${PAD}/${PAD}`, 350],
      ['age 29 the day before the 30th birthday', `2026-06-01/1996-06-02/VA/ALL/${PAD}/${PAD}/${PAD}/${PAD}/${PAD}`, 300],
      ['age 45 with two dependents', `2026-01-01/1980-03-01/VA/ALL/2012-05-05/2015-07-07/${PAD}/${PAD}/${PAD}`, 750],
      ['age 60 with five dependents', '2026-01-01/1965-01-01/TX/empty/2001-01-01/2002-01-01/2003-01-01/2004-01-01/2005-01-01', 1350],
      ["a class in the path that is not the member's own is not used", `2026-01-01/1990-06-15/VA/Executives/${PAD}/${PAD}/${PAD}/${PAD}/${PAD}`, 350],
    ])('%s', async (_label, rest, dollars) => {
      const response = await get(monthly(world.demo.accountid, rest));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, data: dollars, message: '' });
    });

    it('answers 0 for an employer without a schedule', async () => {
      const response = await get(monthly(world.other.accountid, `2026-01-01/1990-06-15/VA/empty/${PAD}/${PAD}/${PAD}/${PAD}/${PAD}`), 'carol');
      expect(response.json().data).toBe(0);
    });

    it.each([
      ['a day that does not exist', `2026-02-30/1990-06-15/VA/empty/${PAD}/${PAD}/${PAD}/${PAD}/${PAD}`, 'params/effectiveDate'],
      ['a dob that is not a date', `2026-01-01/June-15/VA/empty/${PAD}/${PAD}/${PAD}/${PAD}/${PAD}`, 'params/dob'],
      ['a dependent birthdate that does not exist', `2026-01-01/1990-06-15/VA/empty/2015-13-01/${PAD}/${PAD}/${PAD}/${PAD}`, 'params/d1'],
    ])('answers 400 for %s', async (_label, rest, field) => {
      const response = await get(monthly(world.demo.accountid, rest));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(Object.keys(response.json().fieldErrors)).toContain(field);
    });

    it("refuses another employer's account id", async () => {
      const response = await get(monthly(world.other.accountid, `2026-01-01/1990-06-15/VA/empty/${PAD}/${PAD}/${PAD}/${PAD}/${PAD}`));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You may not access this record.' });
    });

    it('requires a sign-in', async () => {
      const response = await get(monthly(world.demo.accountid, `2026-01-01/1990-06-15/VA/empty/${PAD}/${PAD}/${PAD}/${PAD}/${PAD}`), null);
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET .../GetWaivedContribution/...', () => {
    it.each([
      ['2026-01-01/1990-06-15/VA', 350],
      ['2026-01-01/1960-06-15/VA', 600],
      ['2026-01-01/2001-06-15/CA', 300],
    ])('%s -> %d dollars, the employee-only amount', async (rest, dollars) => {
      const response = await get(waived(world.demo.accountid, rest));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, data: dollars, message: '' });
    });

    it('answers 400 for bad dates', async () => {
      expect((await get(waived(world.demo.accountid, '2026-01-32/1990-06-15/VA'))).statusCode).toBe(400);
      expect((await get(waived(world.demo.accountid, '2026-01-01/1990-6-15/VA'))).statusCode).toBe(400);
    });

    it("refuses another employer's account id, and no sign-in", async () => {
      expect((await get(waived(world.other.accountid, '2026-01-01/1990-06-15/VA'))).statusCode).toBe(403);
      expect((await get(waived(world.demo.accountid, '2026-01-01/1990-06-15/VA'), null)).statusCode).toBe(401);
    });
  });
});
