/**
 * The contribution calls (spec §7) and GET /api/EffectiveDates, on a fixed clock: 20 November 2025 12:00 UTC, so
 * the member is offered 2026-01-01 and 2026-02-01 (day 20 shifts; the demo's plan year is 2026). The server
 * computes from the stored member and family; the path's dob, state and dependents must describe them.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '#db/database.ts';
import { padDependentBirthdates } from '#domain/enrollment/contribution.ts';
import { monthlyContributionForMember, offeredEffectiveDates, selfOnlyContributionForMember } from '#server/services/enrollment/contributions.ts';
import { databases } from './helpers/databases.ts';
import { countRows, movableClock, setBirthdate, setState, useEnrollmentWorld } from './enrollment.fixtures.ts';
import { FIXTURE_COUNTY, FIXTURE_ZIP, fixturePlanPremiums, PPO_PLAN } from './plan-premiums.fixture.ts';

const PAD = '1920-01-01';
const PADS = `${PAD}/${PAD}/${PAD}/${PAD}/${PAD}`;
const monthly = (accountid: string, rest: string) => `/api/EmployerContribution/GetMonthlyEmployerContributionWithClass/${accountid}/${rest}`;
const waived = (accountid: string, rest: string) => `/api/EmployerContribution/GetWaivedContribution/${accountid}/${rest}`;

/** Dependents are listed in the order they were added (createdon); a clock of whole milliseconds can tie, so each gets its own second. */
let added = 0;
async function addDependent(db: Kysely<Database>, memberid: string, relationship: 'spouse' | 'child', dateofbirth: string): Promise<void> {
  const createdon = new Date(Date.UTC(2025, 0, 1) + (added += 1) * 1000).toISOString();
  await db
    .insertInto('dependent')
    .values({ id: randomUUID(), memberid, firstname: 'D', lastname: 'X', dateofbirth, relationship, createdon, createdby: 't', modifiedby: 't' })
    .execute();
}

async function clearDependents(db: Kysely<Database>, memberid: string): Promise<void> {
  await db.deleteFrom('dependent').where('memberid', '=', memberid).execute();
}

describe.each(databases())('contribution routes on $name', (database) => {
  const clock = movableClock('2025-11-20T12:00:00Z');
  // Plans are priced from the order tests' fixture catalogue (contract 2's signature), so an order can be placed.
  const world = useEnrollmentWorld(database, { now: clock.now, planPremiums: fixturePlanPremiums });
  beforeAll(async () => {
    await setBirthdate(world.db, world.alice.memberId, '1980-03-01');
    await setState(world.db, world.alice.memberId, 'VA');
    await setBirthdate(world.db, world.carol.memberId, '1990-06-15');
    await setState(world.db, world.carol.memberId, 'TX');
  });
  beforeEach(async () => {
    clock.set('2025-11-20T12:00:00Z');
    await clearDependents(world.db, world.alice.memberId);
  });

  const get = (url: string, member: 'alice' | 'bob' | 'carol' | null = 'alice') =>
    world.app.inject({ method: 'GET', url, headers: member ? world[member].auth : {} });
  const aliceMonthly = (effectiveDate: string, dependents = PADS, dob = '1980-03-01', state = 'VA', cls = 'empty') =>
    get(monthly(world.demo.accountid, `${effectiveDate}/${dob}/${state}/${cls}/${dependents}`));

  describe('GET /api/EffectiveDates', () => {
    it('answers the dates the server offers today, within the plan year', async () => {
      const response = await get('/api/EffectiveDates');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, data: { effectivedates: ['2026-01-01', '2026-02-01'], today: '2025-11-20' }, message: '' });
    });

    it('follows the clock across the year boundary and the plan year', async () => {
      clock.set('2025-11-19T23:59:59Z');
      expect((await get('/api/EffectiveDates')).json().data.effectivedates).toEqual(['2026-01-01']);
      clock.set('2026-12-05T00:00:00Z');
      expect((await get('/api/EffectiveDates')).json().data.effectivedates).toEqual([]);
    });

    it("answers another employer's plan year for its member, and needs a sign-in", async () => {
      expect((await get('/api/EffectiveDates', 'carol')).json().data.effectivedates).toEqual(['2026-01-01', '2026-02-01']);
      expect((await get('/api/EffectiveDates', null)).statusCode).toBe(401);
    });
  });

  describe('GET .../GetMonthlyEmployerContributionWithClass/... (the stored family tier)', () => {
    it('pays the employee tier for age 45 without dependents', async () => {
      const response = await aliceMonthly('2026-01-01');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, data: 450, message: '' });
    });

    it.each([
      ['a child: employee + children', [['child', '2014-01-01']], 810],
      ['a spouse: employee + spouse', [['spouse', '1982-02-02']], 900],
      ['a spouse and two children: family', [['spouse', '1982-02-02'], ['child', '2014-01-01'], ['child', '2016-01-01']], 1260],
    ] as const)('%s', async (_label, family, dollars) => {
      for (const [relationship, dob] of family) await addDependent(world.db, world.alice.memberId, relationship, dob);
      const path = padDependentBirthdates(family.map(([, dob]) => dob)).join('/');
      expect((await aliceMonthly('2026-01-01', path)).json()).toEqual({ success: true, data: dollars, message: '' });
    });

    it('twelve dependents: the call carries five, the answer is the family amount, the same as the order and the service', async () => {
      const zip = (await world.db.selectFrom('member').select('postalcode').where('id', '=', world.alice.memberId).executeTakeFirstOrThrow()).postalcode;
      await world.db.updateTable('member').set({ postalcode: FIXTURE_ZIP }).where('id', '=', world.alice.memberId).execute();
      await addDependent(world.db, world.alice.memberId, 'spouse', '1982-02-02');
      const children = Array.from({ length: 11 }, (_, i) => `20${String(i + 5).padStart(2, '0')}-03-03`);
      for (const dob of children) await addDependent(world.db, world.alice.memberId, 'child', dob);
      const path = padDependentBirthdates(['1982-02-02', ...children]).join('/');
      const screen = (await aliceMonthly('2026-01-01', path)).json().data;
      expect(screen).toBe(1260);
      expect(await monthlyContributionForMember(world.db, world.alice.memberId, '2026-01-01')).toBe(126000);
      const order = await world.app.inject({
        method: 'POST',
        url: '/api/Order',
        headers: world.alice.auth,
        // The server prices the plan (the fixture's, at the profile's ZIP code); the contribution is the point here.
        payload: { order: { category: 'healthinsurance', planid: PPO_PLAN, countycode: FIXTURE_COUNTY, policyeffectivedate: '2026-01-01' }, memberAccount: {}, ichraacknowledged: true },
      });
      expect(order.statusCode, order.body).toBe(200);
      const account = (await get('/api/MemberAccount/GetMemberAccount')).json().data;
      expect(account.currentemployercontribution).toBe(screen);
      await world.db.deleteFrom('member_account').where('memberid', '=', world.alice.memberId).execute();
      await world.db.deleteFrom('member_order').where('memberid', '=', world.alice.memberId).execute();
      await world.db.updateTable('member').set({ postalcode: zip }).where('id', '=', world.alice.memberId).execute();
    });

    it('the age on each offered date decides the band (a 30th birthday between the two dates)', async () => {
      await setBirthdate(world.db, world.alice.memberId, '1996-01-15');
      try {
        expect((await aliceMonthly('2026-01-01', PADS, '1996-01-15')).json().data).toBe(300);
        expect((await aliceMonthly('2026-02-01', PADS, '1996-01-15')).json().data).toBe(350);
      } finally {
        await setBirthdate(world.db, world.alice.memberId, '1980-03-01');
      }
    });

    it("ignores the class segment: the employer's class for the member is used", async () => {
      expect((await aliceMonthly('2026-01-01', PADS, '1980-03-01', 'VA', 'Executives')).json().data).toBe(450);
    });

    it('answers 0 for an employer without rules', async () => {
      const response = await get(monthly(world.other.accountid, `2026-01-01/1990-06-15/TX/empty/${PADS}`), 'carol');
      expect(response.json()).toEqual({ success: true, data: 0, message: '' });
    });

    it.each([
      ['2026-03-01', 'a later month'],
      ['2025-12-01', 'a date before the cut-off shift'],
      ['2027-01-01', 'January 1 outside the plan year'],
      ['2026-01-02', 'not the first of a month'],
    ])('refuses an effective date that is not offered (%s, %s): 400 with the document\'s message', async (date) => {
      const response = await aliceMonthly(date);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'This effective date is not offered. Please choose one of the effective dates shown.',
        fieldErrors: { 'params/effectiveDate': ['This effective date is not offered. Please choose one of the effective dates shown.'] },
      });
    });

    it.each([
      ['another date of birth', () => aliceMonthly('2026-01-01', PADS, '1990-03-01'), ['params/dob']],
      ['another state', () => aliceMonthly('2026-01-01', PADS, '1980-03-01', 'CA'), ['params/state']],
      ['a dependent that is not stored', () => aliceMonthly('2026-01-01', `2015-05-05/${PAD}/${PAD}/${PAD}/${PAD}`), ['params/d1', 'params/d5']],
    ])('refuses a path that does not describe the stored member (%s): 400, profile-changed', async (_label, call, fields) => {
      const response = await call();
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Your saved profile has changed since this page was loaded (date of birth, state or dependents). Please reload the page.',
      );
      for (const field of fields) expect(Object.keys(response.json().fieldErrors)).toContain(field);
    });

    it('refuses a NUL in the state before the route (400, the field named)', async () => {
      const response = await aliceMonthly('2026-01-01', PADS, '1980-03-01', 'V%00A');
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ 'params/state': ['Contains a character that is not allowed (a NUL or an unpaired surrogate).'] });
    });

    it('refuses a stored dependent left out of the path', async () => {
      await addDependent(world.db, world.alice.memberId, 'child', '2014-01-01');
      const response = await aliceMonthly('2026-01-01');
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toContain('params/d1');
    });

    it.each([
      ['a day that does not exist', `2026-02-30/1980-03-01/VA/empty/${PADS}`, 'params/effectiveDate'],
      ['a dob that is not a date', `2026-01-01/June-15/VA/empty/${PADS}`, 'params/dob'],
      ['a dependent birthdate that does not exist', `2026-01-01/1980-03-01/VA/empty/2015-13-01/${PAD}/${PAD}/${PAD}/${PAD}`, 'params/d1'],
      ['a state of 51 characters', `2026-01-01/1980-03-01/${'V'.repeat(51)}/empty/${PADS}`, 'params/state'],
      ['a NUL in the date of birth', `2026-01-01/1980-03-01%00/VA/empty/${PADS}`, ''],
    ])('answers 400 for %s, and writes nothing', async (_label, rest, field) => {
      const before = [await countRows(world.db, 'member_order'), await countRows(world.db, 'member_account'), await countRows(world.db, 'log_fact')];
      const response = await get(monthly(world.demo.accountid, rest));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      if (field) expect(Object.keys(response.json().fieldErrors ?? {}).join(' ')).toContain(field.replace('params/', ''));
      expect([await countRows(world.db, 'member_order'), await countRows(world.db, 'member_account'), await countRows(world.db, 'log_fact')]).toEqual(before);
    });

    it('answers 400 for a path that is not valid UTF-8 (a lone surrogate), writing nothing', async () => {
      // Fastify's router refuses the URL before any route runs (its own 400 body, not the envelope).
      const before = await countRows(world.db, 'log_fact');
      expect((await get(monthly(world.demo.accountid, `2026-01-01/1980-03-01/%ED%A0%80/empty/${PADS}`))).statusCode).toBe(400);
      expect(await countRows(world.db, 'log_fact')).toBe(before);
    });

    it("refuses another employer's account id (403) before anything else, and no sign-in (401)", async () => {
      const response = await get(monthly(world.other.accountid, `2026-01-01/1980-03-01/VA/empty/${PADS}`));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You may not access this record.' });
      expect((await get(monthly(world.demo.accountid, `2026-01-01/1980-03-01/VA/empty/${PADS}`), null)).statusCode).toBe(401);
    });

    it("another member of the same employer gets their own stored amount, never alice's", async () => {
      // Bob has no date of birth stored: alice's dob in bob's call is refused.
      const response = await get(monthly(world.demo.accountid, `2026-01-01/1980-03-01/VA/empty/${PADS}`), 'bob');
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toContain('params/dob');
    });
  });

  describe('GET .../GetWaivedContribution/... (the self-only amount)', () => {
    it("is the employee tier, whatever the family, and the same as the service's; a waive order stores none of it", async () => {
      await addDependent(world.db, world.alice.memberId, 'spouse', '1982-02-02');
      await addDependent(world.db, world.alice.memberId, 'child', '2014-01-01');
      const response = await get(waived(world.demo.accountid, '2026-01-01/1980-03-01/VA'));
      expect(response.json()).toEqual({ success: true, data: 450, message: '' });
      expect(await selfOnlyContributionForMember(world.db, world.alice.memberId, '2026-01-01')).toBe(45000);
      const order = await world.app.inject({
        method: 'POST',
        url: '/api/Order',
        headers: world.alice.auth,
        payload: { order: { category: 'waive', policyeffectivedate: '2026-01-01' }, memberAccount: { waivecoveragereason: 'Coverage through another Employer' } },
      });
      expect(order.statusCode).toBe(200);
      // The spec's call answers the self-only amount; a waiver receives no contribution (docs/decisions/035-a-waiver-receives-no-contribution.md).
      expect((await get('/api/MemberAccount/GetMemberAccount')).json().data.currentemployercontribution).toBe(0);
    });

    it("accepts the member's own enrollment date after it is no longer offered (for /welcome), nothing else", async () => {
      // The waive order of the test above is on 2026-01-01; in March 2026 that date is no longer offered.
      clock.set('2026-03-15T12:00:00Z');
      expect(await offeredEffectiveDates(world.db, world.alice.memberId, '2026-03-15')).toEqual(['2026-04-01', '2026-05-01']);
      expect((await get(waived(world.demo.accountid, '2026-01-01/1980-03-01/VA'))).json().data).toBe(450);
      expect((await get(waived(world.demo.accountid, '2026-02-01/1980-03-01/VA'))).statusCode).toBe(400);
    });

    it('answers 400 for bad dates and a date that is not offered', async () => {
      expect((await get(waived(world.demo.accountid, '2026-01-32/1980-03-01/VA'))).statusCode).toBe(400);
      expect((await get(waived(world.demo.accountid, '2026-01-01/1980-3-01/VA'))).statusCode).toBe(400);
      expect((await get(waived(world.demo.accountid, '2026-06-01/1980-03-01/VA'))).statusCode).toBe(400);
    });

    it("refuses another employer's account id, and no sign-in", async () => {
      expect((await get(waived(world.other.accountid, '2026-01-01/1980-03-01/VA'))).statusCode).toBe(403);
      expect((await get(waived(world.demo.accountid, '2026-01-01/1980-03-01/VA'), null)).statusCode).toBe(401);
    });
  });
});
