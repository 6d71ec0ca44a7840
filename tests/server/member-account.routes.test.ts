import { describe, expect, it } from 'vitest';
import { databases } from './helpers/databases.ts';
import { setBirthdate, useEnrollmentWorld } from './enrollment.fixtures.ts';

describe.each(databases())('member account routes on $name', (database) => {
  // A fixed clock (20 November 2025): 2026-01-01 is an offered effective date.
  const world = useEnrollmentWorld(database, { now: () => new Date('2025-11-20T12:00:00Z') });

  const getAccount = (member: 'alice' | 'bob') =>
    world.app.inject({ method: 'GET', url: '/api/MemberAccount/GetMemberAccount', headers: world[member].auth });

  it('answers null before the first authorization', async () => {
    const response = await getAccount('alice');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null, message: '' });
  });

  it("answers the caller's latest account, never another member's", async () => {
    await setBirthdate(world.db, world.alice.memberId, '1990-06-15');
    const order = await world.app.inject({
      method: 'POST',
      url: '/api/Order',
      headers: world.alice.auth,
      // No date: the first effective date offered.
      payload: { order: { category: 'waive' }, memberAccount: { waivecoveragereason: 'Coverage under Medicare' } },
    });
    expect(order.statusCode).toBe(200);

    const response = await getAccount('alice');
    expect(response.json().data).toEqual({
      id: expect.any(String),
      memberid: world.alice.memberId,
      memberaccounttype: 1,
      status: 1,
      familystatus: null,
      // A waiver receives no employer contribution.
      currentbalance: 0,
      currenthealthinsurancepremium: 0,
      currentemployercontribution: 0,
      currentemployeeclass: 'ALL',
      currentpayrolldeduction: 0,
      currenthsadeduction: 0,
      waivecoverage: 1,
      waivecoveragereason: 'Coverage under Medicare',
      spousemedicareeligible: 0,
      createdon: expect.any(String),
      modifiedon: expect.any(String),
    });
    expect((await getAccount('bob')).json().data).toBeNull();
  });

  it('requires a sign-in', async () => {
    expect((await world.app.inject({ method: 'GET', url: '/api/MemberAccount/GetMemberAccount' })).statusCode).toBe(401);
  });
});
