/**
 * Authorize Elections priced by the real plan catalogue (contract 2's planPremiumForFamily on the shipped Oregon
 * 2024 data, Marion County imported through the start-up import): the premium is the catalogue's for the family
 * on file, a forged one is refused, a plan or location the catalogue does not sell is refused; nothing written.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { importPlanCatalogue } from '#server/data-import/plans.import.ts';
import { databases } from './helpers/databases.ts';
import { completeProfile, countRows, setBirthdate, useEnrollmentWorld } from './enrollment.fixtures.ts';

const MARION = '41047';
const CLACKAMAS = '41005';
const KAISER_BRONZE = '71287OR0420018';
/** 20 November 2025: 2026-01-01 is offered; the catalogue's 2024 rates quote it (estimated). */
const NOW = () => new Date('2025-11-20T12:00:00Z');

describe.each(databases())('Authorize Elections on the Oregon catalogue on $name', (database) => {
  const world = useEnrollmentWorld(database, { now: NOW });

  beforeAll(async () => {
    await importPlanCatalogue(world.db, { only: { counties: [MARION] } });
    // Alice is 40 on 2026-01-01, no tobacco, at ZIP 97002 (Aurora, Marion County), with a child of 5.
    await completeProfile(world.db, world.alice.memberId);
    await setBirthdate(world.db, world.alice.memberId, '1986-01-01');
    await world.db.updateTable('member').set({ istobaccouser: 'No', postalcode: '97002', stateorprovince: 'OR' }).where('id', '=', world.alice.memberId).execute();
    await world.db
      .insertInto('dependent')
      .values({ id: randomUUID(), memberid: world.alice.memberId, firstname: 'Kid', lastname: 'A', dateofbirth: '2020-06-01', gender: 'Female', relationship: 'child', createdby: 't', modifiedby: 't' })
      .execute();
  });

  const authorize = (plan: Record<string, unknown>) =>
    world.app.inject({
      method: 'POST',
      url: '/api/Enrollment/Authorize',
      headers: { ...world.alice.auth, 'idempotency-key': randomUUID() },
      payload: { effectivedate: '2026-01-01', healthoption: 'buy', planid: KAISER_BRONZE, postalcode: '97002', countycode: MARION, hsamonthly: 0, ichraacknowledged: true, ...plan },
    });
  const counts = async () => [await countRows(world.db, 'member_order'), await countRows(world.db, 'member_account'), await countRows(world.db, 'idempotency_key')];

  it.each([
    ['a forged premium', { rate: 1_000_000 }, "The plan's monthly premium for your family is $550.00, not $1,000,000.00. Please review your cart.", '/rate'],
    ['a plan the catalogue does not sell there', { planid: '00000OR0000000' }, 'Plan not found: please choose a plan from the plans shown for your ZIP code and effective date.', '/planid'],
    ['a county that is not the county on file', { countycode: CLACKAMAS }, 'The plan must be quoted for the county of your profile. Please search for plans again.', '/countycode'],
  ])('refuses %s: 400, nothing written', async (_label, plan, message, field) => {
    const before = await counts();
    const response = await authorize(plan);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message, fieldErrors: { [field]: [message] } });
    expect(await counts()).toEqual(before);
  });

  it("writes the catalogue's premium for the family on file (40 and 5: $367 + $183)", async () => {
    const response = await authorize({ rate: 550 });
    expect(response.statusCode, response.body).toBe(200);
    const { orders, memberAccount } = response.json().data;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ category: 'healthinsurance', amountspent: 550, description: `Health insurance plan ${KAISER_BRONZE}`, policyeffectivedate: '2026-01-01' });
    expect(memberAccount).toMatchObject({ currenthealthinsurancepremium: 550, waivecoverage: 0 });
    const member = await world.db.selectFrom('member').select(['currentplanid', 'currentplanyear']).where('id', '=', world.alice.memberId).executeTakeFirstOrThrow();
    expect(member).toEqual({ currentplanid: KAISER_BRONZE, currentplanyear: 2026 });
  });
});
