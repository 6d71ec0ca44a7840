import { describe, expect, it } from 'vitest';
import { databases } from './helpers/databases.ts';
import { setBirthdate, useEnrollmentWorld } from './enrollment.fixtures.ts';

const child = {
  firstname: 'Sam',
  lastname: 'Doe',
  dateofbirth: '2015-04-03',
  gender: 'Male',
  relationship: 'child',
  istobaccouser: false,
  additionalid: '123456789',
};

describe.each(databases())('GET /api/Hsa/Limit on $name', (database) => {
  const world = useEnrollmentWorld(database);

  const limit = (query: string, member: 'alice' | 'bob' | 'carol' | null = 'alice') =>
    world.app.inject({ method: 'GET', url: `/api/Hsa/Limit${query}`, headers: member ? world[member].auth : {} });
  const planYear = (start: string, end: string) =>
    world.db.updateTable('employer').set({ planyearstart: start, planyearend: end }).where('accountid', '=', world.demo.accountid).execute();

  it('answers the self-only limit without the catch-up under 55, over the months left in the plan year', async () => {
    await planYear('2026-01-01', '2026-12-31');
    await setBirthdate(world.db, world.alice.memberId, '1990-06-15');
    const response = await limit('?effectivedate=2026-02-01');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        annuallimit: 4400,
        monthsleft: 11,
        maxmonthly: 400,
        tier: 'self-only',
        catchup: 0,
        figuresyear: 2026,
        eligiblemonths: 11,
        proratedlimit: 4033.33,
      },
      message: '',
    });
  });

  it('answers the family limit with the catch-up from 55 (reached by December 31), the most a month rounded down', async () => {
    await planYear('2026-01-01', '2026-12-31');
    await setBirthdate(world.db, world.bob.memberId, '1971-12-31');
    const added = await world.app.inject({ method: 'POST', url: '/api/Dependent', headers: world.bob.auth, payload: child });
    expect(added.statusCode).toBe(200);
    const response = await limit('?effectivedate=2026-02-01', 'bob');
    expect(response.json().data).toEqual({
      annuallimit: 9750,
      monthsleft: 11,
      maxmonthly: 886.36,
      tier: 'family',
      catchup: 1000,
      figuresyear: 2026,
      eligiblemonths: 11,
      proratedlimit: 8937.5,
    });
    // The 2025 figures for a 2025 date; a member without a birthdate gets no catch-up.
    await setBirthdate(world.db, world.bob.memberId, null as unknown as string);
    expect((await limit('?effectivedate=2025-12-01', 'bob')).json().data).toEqual({
      annuallimit: 8550,
      monthsleft: 1,
      maxmonthly: 8550,
      tier: 'family',
      catchup: 0,
      figuresyear: 2025,
      eligiblemonths: 1,
      proratedlimit: 712.5,
    });
  });

  it("answers 2027 with Rev. Proc. 2026-24's figures, and a later year with the newest figures, named by their year", async () => {
    await planYear('2027-01-01', '2027-12-31');
    await setBirthdate(world.db, world.alice.memberId, '1990-06-15');
    expect((await limit('?effectivedate=2027-04-01')).json().data).toEqual({
      annuallimit: 4500,
      monthsleft: 9,
      maxmonthly: 500,
      tier: 'self-only',
      catchup: 0,
      figuresyear: 2027,
      eligiblemonths: 9,
      proratedlimit: 3375,
    });
    await planYear('2028-01-01', '2028-12-31');
    expect((await limit('?effectivedate=2028-01-01')).json().data).toMatchObject({ annuallimit: 4500, figuresyear: 2027, eligiblemonths: 12, proratedlimit: 4500 });
  });

  it.each([
    ['no date', ''],
    ['a day that does not exist', '?effectivedate=2026-02-30'],
    ['not a date', '?effectivedate=soon'],
    ['a NUL', '?effectivedate=2026-02-01%00'],
  ])('answers 400 for %s', async (_label, query) => {
    const response = await limit(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it("answers only for the caller: 401 without a token, and a member id in the query never names another's", async () => {
    await planYear('2026-01-01', '2026-12-31');
    await setBirthdate(world.db, world.alice.memberId, '1990-06-15');
    await setBirthdate(world.db, world.bob.memberId, '1960-01-01');
    expect((await limit('?effectivedate=2026-02-01', null)).statusCode).toBe(401);
    const response = await limit(`?effectivedate=2026-02-01&memberid=${world.bob.memberId}`, 'alice');
    expect(response.json().data).toMatchObject({ tier: 'self-only', catchup: 0 });
  });
});
