import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCT_ID } from '#db/seed/demo-employer.ts';
import { effectiveDateChoices } from '#domain/effective-dates.ts';
import { additionalServicesOrder, toOrderRequest, waiveOrder } from '#domain/orders.ts';
import { databases } from './helpers/databases.ts';
import { countRows, setBirthdate, useEnrollmentWorld } from './enrollment.fixtures.ts';
import { registerMember } from './helpers/fixtures.ts';
import { FIXTURE_COUNTY, FIXTURE_ZIP, fixturePlanPremiums, HSA_PLAN, PPO_PLAN } from './plan-premiums.fixture.ts';

const FAMILY_OPTION = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a33';
const NOT_OFFERED = 'This effective date is not offered. Please choose one of the effective dates shown.';

/** A fixed clock: 20 November 2025, so 2026-01-01 and 2026-02-01 are offered (the demo's plan year is 2026). */
const NOW = () => new Date('2025-11-20T12:00:00Z');

describe.each(databases())('order routes on $name', (database) => {
  const world = useEnrollmentWorld(database, { now: NOW, planPremiums: fixturePlanPremiums });
  /** The effective dates offered on the clock's today by the demo employer (2026-01-01 and 2026-02-01). */
  let offered: string[] = [];
  beforeAll(async () => {
    await setBirthdate(world.db, world.alice.memberId, '1980-03-01');
    await world.db.updateTable('member').set({ postalcode: FIXTURE_ZIP }).where('id', '=', world.alice.memberId).execute();
    const employer = await world.db.selectFrom('employer').selectAll().where('accountid', '=', world.demo.accountid).executeTakeFirstOrThrow();
    offered = effectiveDateChoices(world.today, { edocPeriod: employer.edoc_period, planYearStart: employer.planyearstart, planYearEnd: employer.planyearend });
  });

  const post = (member: 'alice' | 'bob' | 'carol' | null, payload: object) =>
    world.app.inject({ method: 'POST', url: '/api/Order', headers: member ? world[member].auth : {}, payload });
  const counts = async () => [await countRows(world.db, 'member_order'), await countRows(world.db, 'member_account')];

  it('places a waive order with its member account in one go (body built with the domain)', async () => {
    const body = toOrderRequest(waiveOrder({ today: world.today, effectiveDate: offered[0], reason: 'Coverage through another Employer' }));
    const response = await post('alice', body);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      memberid: world.alice.memberId,
      category: 'waive',
      description: 'I choose not to purchase health insurance',
      amountspent: 0,
      status: 0,
      waivecoverage: 1,
      productid: '00000000-0000-0000-0000-000000000000',
      policyeffectivedate: offered[0],
      createdby: world.alice.email,
    });
    // The body's order number '0' is no number: the server gives the order its own.
    expect(response.json().data.ordernumber).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    const account = await world.db.selectFrom('member_account').selectAll().where('memberid', '=', world.alice.memberId).executeTakeFirstOrThrow();
    // Born 1980-03-01: 45 on 2026-01-01, the employee-only amount of the 40-49 band.
    expect(account).toMatchObject({
      waivecoverage: 1,
      waivecoveragereason: 'Coverage through another Employer',
      currentemployercontribution_cents: 45000,
      currentbalance_cents: 45000,
      currentpayrolldeduction_cents: 0,
      memberaccounttype: 1,
      status: 1,
    });
  });

  it("stores the person's own words for reason Other", async () => {
    const response = await post('bob', { order: { category: 'waive' }, memberAccount: { waivecoveragereason: 'Other', waivecoveragereasonother: 'Covered by my parents' } });
    expect(response.statusCode).toBe(200);
    // No date sent: the first date offered (never today, which is not a coverage date).
    expect(response.json().data.policyeffectivedate).toBe(offered[0]);
    const account = await world.app.inject({ method: 'GET', url: '/api/MemberAccount/GetMemberAccount', headers: world.bob.auth });
    expect(account.json().data.waivecoveragereason).toBe('Covered by my parents');
  });

  it.each([
    ['no reason', {}, '/memberAccount/waivecoveragereason'],
    ['a reason that is not on the list', { waivecoveragereason: 'I forgot' }, '/memberAccount/waivecoveragereason'],
    ['Other without words', { waivecoveragereason: 'Other', waivecoveragereasonother: '' }, '/memberAccount/waivecoveragereasonother'],
  ])('refuses a waive order with %s: 400, nothing stored', async (_label, memberAccount, field) => {
    const before = await counts();
    const response = await post('bob', { order: { category: 'waive' }, memberAccount });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
    expect(await counts()).toEqual(before);
  });

  it('prices an additional service from the database; a request amount that differs is refused, nothing stored', async () => {
    const products = (await world.app.inject({ method: 'GET', url: '/api/Product', headers: world.alice.auth })).json().data.productlist;
    const family = products[0].options.find((o: { option: string }) => o.option === 'Family');
    const forged = toOrderRequest(
      additionalServicesOrder({ today: world.today, effectiveDate: offered[0], product: products[0], option: { id: family.id, option: 'Family', costCents: 1 } }),
    );
    const before = await counts();
    const refused = await post('alice', forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The additional service costs $19.99 a month, not $0.01. Please review your cart.');
    expect(refused.json().fieldErrors).toHaveProperty('/order/amountspent');
    expect(await counts()).toEqual(before);

    const body = toOrderRequest(
      additionalServicesOrder({ today: world.today, effectiveDate: offered[0], product: products[0], option: { id: family.id, option: 'Family', costCents: 1999 } }),
    );
    const response = await post('alice', body);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      category: 'additionalservices',
      options: 'Family',
      productname: 'Telehealth Plus',
      vendorname: 'CareLine Virtual Health',
      productid: DEMO_PRODUCT_ID,
      productfeeid: FAMILY_OPTION,
      amountspent: 19.99,
      tax_status: 'Pre-Tax',
    });
    expect(await countRows(world.db, 'member_account')).toBe(before[1]);
  });

  it.each([
    ['an unknown option', { productid: DEMO_PRODUCT_ID, productfeeid: randomUUID() }],
    ['an option of another product', { productid: randomUUID(), productfeeid: FAMILY_OPTION }],
    ['no product at all', {}],
  ])('refuses an additional service with %s: 400, nothing stored', async (_label, ids) => {
    const before = await counts();
    const response = await post('alice', { order: { category: 'additionalservices', ...ids }, memberAccount: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty('/order/productfeeid');
    expect(await counts()).toEqual(before);
  });

  it("refuses another employer's own additional service: 400, nothing stored", async () => {
    const before = await counts();
    const response = await post('carol', { order: { category: 'additionalservices', productid: DEMO_PRODUCT_ID, productfeeid: FAMILY_OPTION }, memberAccount: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty('/order/productfeeid');
    expect(await counts()).toEqual(before);
  });

  it('places an HSA order with the amount asked for, within the IRS limit', async () => {
    const response = await post('alice', { order: { category: 'HSA', amountspent: 125.5 }, memberAccount: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ category: 'HSA', options: 'HSA Contribution', productname: 'HSA Plan', vendorname: null, policyishsaeligible: 1, amountspent: 125.5 });
  });

  it('refuses an HSA order above the IRS limit for the months left: 400, nothing stored', async () => {
    const before = await counts();
    const response = await post('alice', { order: { category: 'HSA', amountspent: 5000, policyeffectivedate: offered[0] }, memberAccount: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('$5,000.00 a month for the 12 months left in the plan year is $60,000.00, more than your annual HSA limit of $4,400.00. Please enter $366.66 or less.');
    expect(await counts()).toEqual(before);
  });

  it('refuses an effective date that is not offered (another age band, another year): 400, nothing stored', async () => {
    const before = await counts();
    for (const date of ['2035-01-01', world.today, '2026-03-01', '2025-12-01', '2027-01-01']) {
      const response = await post('bob', { order: { category: 'waive', policyeffectivedate: date }, memberAccount: { waivecoveragereason: 'Coverage under Medicare' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: NOT_OFFERED, fieldErrors: { '/order/policyeffectivedate': [NOT_OFFERED] } });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a waive order that says it spends something: 400, nothing stored', async () => {
    const before = await counts();
    const response = await post('bob', { order: { category: 'waive', amountspent: 10 }, memberAccount: { waivecoveragereason: 'Coverage under Medicare' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty('/order/amountspent');
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['more than two decimals', { category: 'HSA', amountspent: 10.005 }, '/order/amountspent'],
    ['a negative amount', { category: 'HSA', amountspent: -5 }, '/order/amountspent'],
    ['an unknown category', { category: 'lottery' }, '/order/category'],
    ['an effective date that does not exist', { category: 'HSA', amountspent: 5, policyeffectivedate: '2026-02-30' }, '/order/policyeffectivedate'],
  ])('refuses %s: 400, nothing stored', async (_label, order, field) => {
    const before = await counts();
    const response = await post('alice', { order, memberAccount: {} });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
    expect(await counts()).toEqual(before);
  });

  it('refuses a health insurance order whose premium is not the plan\'s for the family on file: 400, nothing stored', async () => {
    const before = await counts();
    const response = await post('alice', {
      order: { category: 'healthinsurance', planid: HSA_PLAN, countycode: FIXTURE_COUNTY, amountspent: 1_000_000, policyeffectivedate: offered[0] },
      memberAccount: {},
      ichraacknowledged: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("The plan's monthly premium for your family is $400.00, not $1,000,000.00. Please review your cart.");
    expect(await counts()).toEqual(before);
  });

  it('refuses a health insurance order for a plan that is not HSA eligible while an HSA order waits: 400, nothing stored', async () => {
    const before = await counts();
    const response = await post('alice', { order: { category: 'healthinsurance', planid: PPO_PLAN, countycode: FIXTURE_COUNTY }, memberAccount: {}, ichraacknowledged: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty('/order/planid');
    expect(await counts()).toEqual(before);
  });

  it('places a health insurance order priced on the server, with its member account, superseding the earlier enrollment', async () => {
    await world.db
      .insertInto('dependent')
      .values({ id: randomUUID(), memberid: world.alice.memberId, firstname: 'Kid', lastname: 'A', dateofbirth: '2014-01-01', relationship: 'child', createdby: 't', modifiedby: 't' })
      .execute();
    const response = await post('alice', {
      order: { category: 'healthinsurance', planid: HSA_PLAN, countycode: FIXTURE_COUNTY, description: 'ignored', productname: 'ignored', policyeffectivedate: offered[0] },
      memberAccount: {},
      ichraacknowledged: true,
    });
    expect(response.statusCode).toBe(200);
    // Two covered people at $400: $800, whatever the request said about the plan.
    expect(response.json().data).toMatchObject({
      category: 'healthinsurance',
      amountspent: 800,
      waivecoverage: 0,
      productname: 'Prairie Bronze HSA',
      description: `Health insurance plan ${HSA_PLAN}`,
      policyishsaeligible: 1,
    });
    const account = (await world.app.inject({ method: 'GET', url: '/api/MemberAccount/GetMemberAccount', headers: world.alice.auth })).json().data;
    // Age 45 with one child: the employee + children tier, 810; the fund pays the plan, the waiting service (19.99)
    // and the waiting HSA order (125.50): 945.49, so 135.49 is deducted from pay.
    expect(account).toMatchObject({ waivecoverage: 0, waivecoveragereason: null, currentemployercontribution: 810, currenthealthinsurancepremium: 800, currentbalance: 0, currentpayrolldeduction: 135.49 });
    const member = await world.db.selectFrom('member').select(['currentplanid', 'currentplanyear']).where('id', '=', world.alice.memberId).executeTakeFirstOrThrow();
    expect(member).toEqual({ currentplanid: HSA_PLAN, currentplanyear: Number(offered[0]!.slice(0, 4)) });
  });

  it('ignores dependents a request carries (the spec body\'s member object is for display): the family on file decides', async () => {
    await setBirthdate(world.db, world.bob.memberId, '1980-03-01');
    await world.db.updateTable('member').set({ postalcode: FIXTURE_ZIP }).where('id', '=', world.bob.memberId).execute();
    const kids = Array.from({ length: 50 }, (_, i) => ({ firstname: `K${i}`, dateofbirth: '2020-01-01', relationship: 'child' }));
    const response = await post('bob', {
      order: { category: 'healthinsurance', planid: PPO_PLAN, countycode: FIXTURE_COUNTY, amountspent: 525 },
      memberAccount: {},
      ichraacknowledged: true,
      member: { id: world.bob.memberId, dependents: kids, memberdependentlist: kids },
    });
    expect(response.statusCode, response.body).toBe(200);
    const account = (await world.app.inject({ method: 'GET', url: '/api/MemberAccount/GetMemberAccount', headers: world.bob.auth })).json().data;
    // Bob has no dependent on file: one person's premium and the employee amount of his band, nothing for the 50.
    expect(account).toMatchObject({ currenthealthinsurancepremium: 525, currentemployercontribution: 450, currentpayrolldeduction: 75 });
  });

  /** A member of the demo employer of its own, born 1980, living at the fixture's ZIP, with no order yet. */
  async function freshMember(firstname: string) {
    const member = await registerMember(world.app, world.demo, { firstname });
    await setBirthdate(world.db, member.memberId, '1980-03-01');
    await world.db.updateTable('member').set({ postalcode: FIXTURE_ZIP }).where('id', '=', member.memberId).execute();
    return {
      ...member,
      post: (payload: object) => world.app.inject({ method: 'POST', url: '/api/Order', headers: member.auth, payload }),
      plan: async () => world.db.selectFrom('member').select(['currentplanid', 'currentplanyear']).where('id', '=', member.memberId).executeTakeFirstOrThrow(),
    };
  }

  it('a waiver placed after a purchase clears the member\'s current plan, as an authorization does', async () => {
    const dana = await freshMember('Dana');
    const bought = await dana.post({ order: { category: 'healthinsurance', planid: PPO_PLAN, countycode: FIXTURE_COUNTY, policyeffectivedate: offered[0] }, memberAccount: {}, ichraacknowledged: true });
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await dana.plan()).currentplanid).toBe(PPO_PLAN);
    const waived = await dana.post({ order: { category: 'waive', policyeffectivedate: offered[0] }, memberAccount: { waivecoveragereason: 'Coverage under Medicare' } });
    expect(waived.statusCode, waived.body).toBe(200);
    expect((await dana.plan()).currentplanid).toBeNull();
  });

  it('checks a waiting HSA amount again for the date of the enrollment that gathers it: more months over the limit is refused, nothing stored', async () => {
    const erin = await freshMember('Erin');
    // $400.00 a month fits the $4,400.00 limit for the 11 months from February, not for the 12 from January.
    const hsa = await erin.post({ order: { category: 'HSA', amountspent: 400, policyeffectivedate: offered[1] }, memberAccount: {} });
    expect(hsa.statusCode, hsa.body).toBe(200);
    const before = await counts();
    const january = await erin.post({ order: { category: 'healthinsurance', planid: HSA_PLAN, countycode: FIXTURE_COUNTY, policyeffectivedate: offered[0] }, memberAccount: {}, ichraacknowledged: true });
    expect(january.statusCode).toBe(400);
    expect(january.json().fieldErrors['/order/policyeffectivedate']).toEqual([
      '$400.00 a month for the 12 months left in the plan year is $4,800.00, more than your annual HSA limit of $4,400.00. Please enter $366.66 or less.',
    ]);
    expect(await counts()).toEqual(before);
    expect(await erin.plan()).toEqual({ currentplanid: null, currentplanyear: null });
    const february = await erin.post({ order: { category: 'healthinsurance', planid: HSA_PLAN, countycode: FIXTURE_COUNTY, policyeffectivedate: offered[1] }, memberAccount: {}, ichraacknowledged: true });
    expect(february.statusCode, february.body).toBe(200);
  });

  it.each([
    ['order.memberid', (other: string) => ({ order: { category: 'HSA', amountspent: 1, memberid: other }, memberAccount: {} })],
    ['memberAccount.memberid', (other: string) => ({ order: { category: 'HSA', amountspent: 1 }, memberAccount: { memberid: other } })],
    ['member.id', (other: string) => ({ order: { category: 'HSA', amountspent: 1 }, memberAccount: {}, member: { id: other } })],
  ])("refuses an order naming another member in %s: 403, nothing stored", async (_label, build) => {
    const before = await counts();
    const response = await post('alice', build(world.bob.memberId));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You may not access this record.' });
    expect(await counts()).toEqual(before);
  });

  it('refuses an order naming another employer: 403, nothing stored', async () => {
    const before = await counts();
    const response = await post('alice', { order: { category: 'HSA', amountspent: 1 }, memberAccount: {}, employer_id: world.other.accountid });
    expect(response.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('writes the main order and its member account in one transaction: both or neither', async () => {
    // A test-only constraint makes the member account insert fail after the order insert succeeded.
    await sql`alter table member_account add constraint test_refuse check (familystatus is distinct from 'refuse')`.execute(world.db);
    try {
      const before = await counts();
      const response = await post('bob', {
        order: { category: 'waive' },
        memberAccount: { waivecoveragereason: 'Coverage under Medicare', familystatus: 'refuse' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ success: false, code: 'INTERNAL', message: 'Something went wrong.' });
      expect(await counts()).toEqual(before);
    } finally {
      await sql`alter table member_account drop constraint test_refuse`.execute(world.db);
    }
  });

  it("lists the caller's current orders newest first (the superseded waiver is history), and nobody else's", async () => {
    const response = await world.app.inject({ method: 'GET', url: '/api/Order/GetOrderByMember', headers: world.alice.auth });
    expect(response.statusCode).toBe(200);
    const categories = response.json().data.orderdetails.map((order: { category: string }) => order.category);
    expect(categories).toEqual(['healthinsurance', 'HSA', 'additionalservices']);
    const history = await world.db.selectFrom('member_order').select(['category', 'supersededon']).where('memberid', '=', world.alice.memberId).execute();
    expect(history.filter((order) => order.supersededon !== null).map((order) => order.category)).toEqual(['waive']);
    const carols = await world.app.inject({ method: 'GET', url: '/api/Order/GetOrderByMember', headers: world.carol.auth });
    expect(carols.json()).toEqual({ success: true, data: { orderdetails: [] }, message: '' });
  });

  it('requires a sign-in', async () => {
    expect((await post(null, { order: { category: 'HSA', amountspent: 1 }, memberAccount: {} })).statusCode).toBe(401);
    expect((await world.app.inject({ method: 'GET', url: '/api/Order/GetOrderByMember' })).statusCode).toBe(401);
  });
});
