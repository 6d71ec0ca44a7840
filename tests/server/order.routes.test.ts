/**
 * POST /api/Order and GET /api/Order/GetOrderByMember on PGlite and PostgreSQL. Every test makes the members it
 * needs (enrollment.fixtures.ts newMember), so any test runs alone or in any order; the world's alice, bob and
 * carol only stand for another member and another employer, and place nothing.
 * A main order (waive, health insurance) makes an enrollment; an HSA or additional-services order lives only inside
 * one: refused without it (and an HSA order after a waiver or with a plan that is not HSA eligible), one current
 * order of each kind even under simultaneous calls, the HSA amount within the IRS limit.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HSA_ADMINISTRATOR, DEMO_PRODUCT_ID } from '#db/seed/demo-employer.ts';
import { effectiveDateChoices } from '#domain/enrollment/effective-dates.ts';
import { additionalServicesOrder, toOrderRequest, waiveOrder } from '#domain/enrollment/orders.ts';
import { databases } from './helpers/databases.ts';
import type { RegisteredMember } from './helpers/fixtures.ts';
import { newMember, useEnrollmentWorld } from './enrollment.fixtures.ts';
import { FIXTURE_COUNTY, FIXTURE_ZIP, fixturePlanPremiums, HSA_PLAN, PPO_PLAN } from './plan-premiums.fixture.ts';

const INDIVIDUAL_OPTION = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a32';
const FAMILY_OPTION = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a33';
const NOT_OFFERED = 'This effective date is not offered. Please choose one of the effective dates shown.';
/** The cart document's ('acknowledgements') texts for an HSA or service order that cannot join an enrollment. */
const HSA_NEEDS_ENROLLMENT =
  'An HSA contribution is part of an enrollment: please place your health insurance order first, then your HSA contribution (or authorize your elections from your cart).';
const SERVICE_NEEDS_ENROLLMENT =
  'An additional service is part of an enrollment: please place your health insurance order or your waiver first, then the service (or authorize your elections from your cart).';
const HSA_WITH_WAIVER =
  'You have waived coverage, and a waiver has no HSA contribution. To contribute to an HSA, please choose an HSA-eligible health plan instead of waiving.';
const HSA_PLAN_NOT_ELIGIBLE =
  'Your health plan is not HSA eligible, so it has no HSA contribution. To contribute to an HSA, please choose an HSA-eligible plan first.';

/** A fixed clock: 20 November 2025, so 2026-01-01 and 2026-02-01 are offered (the demo's plan year is 2026). */
const NOW = () => new Date('2025-11-20T12:00:00Z');

type Caller = Pick<RegisteredMember, 'auth' | 'memberId'>;

describe.each(databases())('order routes on $name', (database) => {
  const world = useEnrollmentWorld(database, { now: NOW, planPremiums: fixturePlanPremiums });
  /** The effective dates offered on the clock's today by the demo employer (2026-01-01 and 2026-02-01). */
  let offered: string[] = [];
  beforeAll(async () => {
    const employer = await world.db.selectFrom('employer').selectAll().where('accountid', '=', world.demo.accountid).executeTakeFirstOrThrow();
    offered = effectiveDateChoices(world.today, { edocPeriod: employer.edoc_period, planYearStart: employer.planyearstart, planYearEnd: employer.planyearend });
  });

  const post = (member: Caller | null, payload: object) =>
    world.app.inject({ method: 'POST', url: '/api/Order', headers: member ? member.auth : {}, payload });
  const waive = (order: object = {}) => ({ order: { category: 'waive', policyeffectivedate: offered[0], ...order }, memberAccount: { waivecoveragereason: 'Coverage under Medicare' } });
  const buy = (planid: string, order: object = {}) => ({
    order: { category: 'healthinsurance', planid, countycode: FIXTURE_COUNTY, policyeffectivedate: offered[0], ...order },
    memberAccount: {},
    ichraacknowledged: true,
  });
  const hsa = (dollars: number, order: object = {}) => ({ order: { category: 'HSA', amountspent: dollars, ...order }, memberAccount: {} });
  const service = (productfeeid: string, order: object = {}) => ({ order: { category: 'additionalservices', productid: DEMO_PRODUCT_ID, productfeeid, ...order }, memberAccount: {} });

  /** Placed (200), or the test fails with the answer's body; answers the order. */
  async function placed(member: Caller, payload: object) {
    const response = await post(member, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  /** A member's orders (history included) and member accounts: what a refused order leaves as it was. */
  const stored = async (memberId: string) => ({
    orders: await world.db.selectFrom('member_order').select(['id', 'supersededon']).where('memberid', '=', memberId).orderBy('id').execute(),
    accounts: await world.db.selectFrom('member_account').select('id').where('memberid', '=', memberId).orderBy('id').execute(),
    plan: await world.db.selectFrom('member').select(['currentplanid', 'currentplanyear']).where('id', '=', memberId).executeTakeFirstOrThrow(),
  });

  /** Refused with 400 VALIDATION_FAILED (the message, when given, on `field`); nothing of the member's changed. */
  async function expectRefused(member: Caller, payload: object, field: string, message?: string) {
    const before = await stored(member.memberId);
    const response = await post(member, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
    if (message !== undefined) {
      expect(response.json().message).toBe(message);
      expect(response.json().fieldErrors[field]).toEqual([message]);
    }
    expect(await stored(member.memberId)).toEqual(before);
  }

  /** The member's current orders, oldest first. */
  const current = (memberId: string) =>
    world.db
      .selectFrom('member_order')
      .select(['category', 'amountspent_cents', 'enrollmentid', 'policyeffectivedate'])
      .where('memberid', '=', memberId)
      .where('supersededon', 'is', null)
      .orderBy('createdon')
      .orderBy('id')
      .execute();
  const accountOf = async (member: Caller) =>
    (await world.app.inject({ method: 'GET', url: '/api/MemberAccount/GetMemberAccount', headers: member.auth })).json().data;
  const memberPlan = (memberId: string) =>
    world.db.selectFrom('member').select(['currentplanid', 'currentplanyear']).where('id', '=', memberId).executeTakeFirstOrThrow();

  describe('main orders', () => {
    it('places a waive order with its member account in one go (body built with the domain)', async () => {
      const member = await newMember(world);
      const body = toOrderRequest(waiveOrder({ today: world.today, effectiveDate: offered[0], reason: 'Coverage through another Employer' }));
      const order = await placed(member, body);
      expect(order).toMatchObject({
        memberid: member.memberId,
        category: 'waive',
        description: 'I choose not to purchase health insurance',
        amountspent: 0,
        status: 0,
        waivecoverage: 1,
        productid: '00000000-0000-0000-0000-000000000000',
        policyeffectivedate: offered[0],
        createdby: member.email,
      });
      // The body's order number '0' is no number: the server gives the order its own.
      expect(order.ordernumber).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
      const account = await world.db.selectFrom('member_account').selectAll().where('memberid', '=', member.memberId).executeTakeFirstOrThrow();
      // A waiver receives no employer contribution (not the 40-49 band's employee-only 450 either).
      expect(account).toMatchObject({
        waivecoverage: 1,
        waivecoveragereason: 'Coverage through another Employer',
        currentemployercontribution_cents: 0,
        currentbalance_cents: 0,
        currentpayrolldeduction_cents: 0,
        memberaccounttype: 1,
        status: 1,
      });
    });

    it("stores the person's own words for reason Other", async () => {
      const member = await newMember(world);
      const data = await placed(member, { order: { category: 'waive' }, memberAccount: { waivecoveragereason: 'Other', waivecoveragereasonother: 'Covered by my parents' } });
      // No date sent: the first date offered (never today, which is not a coverage date).
      expect(data.policyeffectivedate).toBe(offered[0]);
      expect((await accountOf(member)).waivecoveragereason).toBe('Covered by my parents');
    });

    it.each([
      ['no reason', {}, '/memberAccount/waivecoveragereason'],
      ['a reason that is not on the list', { waivecoveragereason: 'I forgot' }, '/memberAccount/waivecoveragereason'],
      ['Other without words', { waivecoveragereason: 'Other', waivecoveragereasonother: '' }, '/memberAccount/waivecoveragereasonother'],
    ])('refuses a waive order with %s: 400, nothing stored', async (_label, memberAccount, field) => {
      await expectRefused(await newMember(world), { order: { category: 'waive' }, memberAccount }, field);
    });

    it('refuses an effective date that is not offered (another age band, another year): 400, nothing stored', async () => {
      const member = await newMember(world);
      for (const date of ['2035-01-01', world.today, '2026-03-01', '2025-12-01', '2027-01-01']) {
        await expectRefused(member, waive({ policyeffectivedate: date }), '/order/policyeffectivedate', NOT_OFFERED);
      }
    });

    it('refuses a waive order that says it spends something: 400, nothing stored', async () => {
      await expectRefused(await newMember(world), waive({ amountspent: 10 }), '/order/amountspent');
    });

    it("refuses a health insurance order whose premium is not the plan's for the family on file: 400, nothing stored", async () => {
      await expectRefused(
        await newMember(world),
        buy(HSA_PLAN, { amountspent: 1_000_000 }),
        '/order/amountspent',
        "The plan's monthly premium for your family is $400.00, not $1,000,000.00. Please review your cart.",
      );
    });

    it("refuses a health insurance order quoted for another county than the profile's: 400, nothing stored", async () => {
      // 17001 (Adams County) is not the county of the fixture's ZIP on file.
      await expectRefused(await newMember(world), buy(HSA_PLAN, { countycode: '17001' }), '/order/countycode', 'The plan must be quoted for the county of your profile. Please search for plans again.');
    });

    it('places a health insurance order priced on the server, with its member account, superseding the earlier enrollment with its service', async () => {
      const member = await newMember(world, { children: 1 });
      const waived = await placed(member, waive());
      await placed(member, service(FAMILY_OPTION));
      const data = await placed(member, buy(HSA_PLAN, { description: 'ignored', productname: 'ignored' }));
      // Two covered people at $400: $800, whatever the request said about the plan.
      expect(data).toMatchObject({
        category: 'healthinsurance',
        amountspent: 800,
        waivecoverage: 0,
        productname: 'Prairie Bronze HSA',
        description: `Health insurance plan ${HSA_PLAN}`,
        policyishsaeligible: 1,
      });
      // Age 45 with one child: the employee + children tier, 810; the new enrollment has the plan only (the
      // waiver's service is history with it): 10 left, nothing from pay.
      expect(await accountOf(member)).toMatchObject({ waivecoverage: 0, waivecoveragereason: null, currentemployercontribution: 810, currenthealthinsurancepremium: 800, currentbalance: 10, currentpayrolldeduction: 0 });
      expect((await current(member.memberId)).map((order) => order.category)).toEqual(['healthinsurance']);
      const history = await world.db.selectFrom('member_order').select(['id', 'category']).where('memberid', '=', member.memberId).where('supersededon', 'is not', null).execute();
      expect(history.map((order) => order.category).sort()).toEqual(['additionalservices', 'waive']);
      expect(history.map((order) => order.id)).toContain(waived.id);
      expect(await memberPlan(member.memberId)).toEqual({ currentplanid: HSA_PLAN, currentplanyear: Number(offered[0]!.slice(0, 4)) });
    });

    it("ignores dependents a request carries (the spec body's member object is for display): the family on file decides", async () => {
      const member = await newMember(world);
      const kids = Array.from({ length: 50 }, (_, i) => ({ firstname: `K${i}`, dateofbirth: '2020-01-01', relationship: 'child' }));
      await placed(member, { ...buy(PPO_PLAN, { amountspent: 525 }), member: { id: member.memberId, dependents: kids, memberdependentlist: kids } });
      // No dependent on file: one person's premium and the employee amount of the band, nothing for the 50.
      expect(await accountOf(member)).toMatchObject({ currenthealthinsurancepremium: 525, currentemployercontribution: 450, currentpayrolldeduction: 75 });
    });

    it("a waiver placed after a purchase clears the member's current plan, as an authorization does", async () => {
      const member = await newMember(world);
      await placed(member, buy(PPO_PLAN));
      expect((await memberPlan(member.memberId)).currentplanid).toBe(PPO_PLAN);
      await placed(member, waive());
      expect((await memberPlan(member.memberId)).currentplanid).toBeNull();
    });

    it("a new main order ends the enrollment's HSA and service orders (history): the new enrollment starts without them", async () => {
      const member = await newMember(world);
      await placed(member, buy(HSA_PLAN));
      await placed(member, hsa(100));
      await placed(member, service(INDIVIDUAL_OPTION));
      // Not HSA eligible: fine, since the HSA order leaves with the enrollment it belonged to.
      const ppo = await placed(member, buy(PPO_PLAN));
      expect((await current(member.memberId)).map((order) => order.category)).toEqual(['healthinsurance']);
      expect(ppo.productname).toBe('Prairie Silver PPO');
      expect(await accountOf(member)).toMatchObject({ currenthealthinsurancepremium: 525, currentemployercontribution: 450, currentbalance: 0, currentpayrolldeduction: 75 });
    });

    it('writes the main order and its member account in one transaction: both or neither', async () => {
      const member = await newMember(world);
      // A test-only constraint makes the member account insert fail after the order insert succeeded.
      await sql`alter table member_account add constraint test_refuse check (familystatus is distinct from 'refuse')`.execute(world.db);
      try {
        const before = await stored(member.memberId);
        const response = await post(member, { order: { category: 'waive' }, memberAccount: { waivecoveragereason: 'Coverage under Medicare', familystatus: 'refuse' } });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toMatchObject({ success: false, code: 'INTERNAL', message: 'Something went wrong.' });
        expect(await stored(member.memberId)).toEqual(before);
      } finally {
        await sql`alter table member_account drop constraint test_refuse`.execute(world.db);
      }
    });
  });

  describe('additional services', () => {
    it("places an additional service inside the member's enrollment, priced from the database; a request amount that differs is refused, nothing stored", async () => {
      const member = await newMember(world);
      await placed(member, waive());
      const products = (await world.app.inject({ method: 'GET', url: '/api/Product', headers: member.auth })).json().data.productlist;
      const family = products[0].options.find((o: { option: string }) => o.option === 'Family');
      const withCost = (costCents: number) =>
        toOrderRequest(additionalServicesOrder({ today: world.today, effectiveDate: offered[0], product: products[0], option: { id: family.id, option: 'Family', costCents } }));
      await expectRefused(member, withCost(1), '/order/amountspent', 'The additional service costs $19.99 a month, not $0.01. Please review your cart.');

      expect(await placed(member, withCost(1999))).toMatchObject({
        category: 'additionalservices',
        options: 'Family',
        productname: 'Telehealth Plus',
        vendorname: 'CareLine Virtual Health',
        productid: DEMO_PRODUCT_ID,
        productfeeid: FAMILY_OPTION,
        amountspent: 19.99,
        tax_status: 'Pre-Tax',
        policyeffectivedate: offered[0],
      });
      const orders = await current(member.memberId);
      expect(orders.map((order) => order.category)).toEqual(['waive', 'additionalservices']);
      expect(orders[1]!.enrollmentid).toBe(orders[0]!.enrollmentid);
      // The waiver's account again: no contribution, so the $19.99 service comes from pay.
      expect(await accountOf(member)).toMatchObject({ waivecoverage: 1, waivecoveragereason: 'Coverage under Medicare', currentemployercontribution: 0, currenthealthinsurancepremium: 0, currentbalance: 0, currentpayrolldeduction: 19.99 });
    });

    it.each([
      ['an unknown option', { productid: DEMO_PRODUCT_ID, productfeeid: randomUUID() }],
      ['an option of another product', { productid: randomUUID(), productfeeid: FAMILY_OPTION }],
      ['no product at all', {}],
    ])('refuses an additional service with %s: 400, nothing stored', async (_label, ids) => {
      const member = await newMember(world);
      await placed(member, waive());
      await expectRefused(member, { order: { category: 'additionalservices', ...ids }, memberAccount: {} }, '/order/productfeeid');
    });

    it("refuses another employer's own additional service: 400, nothing stored", async () => {
      const member = await newMember(world, { employer: world.other });
      await placed(member, { order: { category: 'waive' }, memberAccount: { waivecoveragereason: 'Coverage under Medicare' } });
      await expectRefused(member, service(FAMILY_OPTION), '/order/productfeeid');
    });

    it('refuses an additional service without an enrollment to join: 400, nothing stored', async () => {
      await expectRefused(await newMember(world), service(FAMILY_OPTION), '/order/category', SERVICE_NEEDS_ENROLLMENT);
    });
  });

  describe('HSA orders', () => {
    it("places an HSA order inside the member's purchase, on its effective date, within the IRS limit", async () => {
      const member = await newMember(world);
      // From February: 11 months, so $400.00 a month fits the $4,400.00 self-only limit.
      await placed(member, buy(HSA_PLAN, { policyeffectivedate: offered[1] }));
      expect(await placed(member, hsa(400))).toMatchObject({
        category: 'HSA',
        options: 'HSA Contribution',
        productname: 'HSA Plan',
        // The demo employer's HSA administrator (its set-up), not a placeholder.
        vendorname: DEMO_HSA_ADMINISTRATOR,
        policyishsaeligible: 1,
        amountspent: 400,
        policyeffectivedate: offered[1],
      });
      const orders = await current(member.memberId);
      expect(orders.map((order) => order.category)).toEqual(['healthinsurance', 'HSA']);
      expect(orders[1]!.enrollmentid).toBe(orders[0]!.enrollmentid);
      // The employee-only 450 pays the plan (400), leaving 50; the HSA's 400 comes from pay on its own.
      expect(await accountOf(member)).toMatchObject({ currenthealthinsurancepremium: 400, currentemployercontribution: 450, currentbalance: 50, currentpayrolldeduction: 0, currenthsadeduction: 400 });
    });

    it('names no vendor on the HSA order of an employer without an HSA administrator', async () => {
      const member = await newMember(world);
      await placed(member, buy(HSA_PLAN, { policyeffectivedate: offered[1] }));
      const administrator = (value: string | null) =>
        world.db.updateTable('employer').set({ hsaadministrator: value }).where('accountid', '=', world.demo.accountid).execute();
      await administrator(null);
      try {
        expect((await placed(member, hsa(100))).vendorname).toBeNull();
      } finally {
        await administrator(DEMO_HSA_ADMINISTRATOR);
      }
      const [stored] = await world.db.selectFrom('member_order').select('vendorname').where('memberid', '=', member.memberId).where('category', '=', 'HSA').execute();
      expect(stored!.vendorname).toBeNull();
    });

    it("refuses an HSA order above the IRS limit for the enrollment's months: 400, nothing stored", async () => {
      const member = await newMember(world);
      await placed(member, buy(HSA_PLAN));
      // From January: 12 months, so $400.00 is over the limit that $400.00 from February fits.
      await expectRefused(
        member,
        hsa(400),
        '/order/amountspent',
        '$400.00 a month for the 12 months left in the plan year is $4,800.00, more than your annual HSA limit of $4,400.00. Please enter $366.66 or less.',
      );
      await expectRefused(
        member,
        hsa(5000),
        '/order/amountspent',
        '$5,000.00 a month for the 12 months left in the plan year is $60,000.00, more than your annual HSA limit of $4,400.00. Please enter $366.66 or less.',
      );
    });

    it.each([
      ['without an enrollment to join', async (_member: Caller) => {}, HSA_NEEDS_ENROLLMENT],
      ['after a waiver', async (member: Caller) => void (await placed(member, waive())), HSA_WITH_WAIVER],
      ['with a plan that is not HSA eligible', async (member: Caller) => void (await placed(member, buy(PPO_PLAN))), HSA_PLAN_NOT_ELIGIBLE],
    ])('refuses an HSA order %s: 400 with what to do, nothing stored', async (_label, enroll, message) => {
      const member = await newMember(world);
      await enroll(member);
      await expectRefused(member, hsa(100), '/order/category', message);
    });

    it("refuses an HSA or service order for another date than its enrollment's: 400, nothing stored", async () => {
      const member = await newMember(world);
      await placed(member, buy(HSA_PLAN));
      const message = `An HSA contribution or an additional service starts with your enrollment on ${offered[0]}: please send that effective date, or none.`;
      await expectRefused(member, hsa(100, { policyeffectivedate: offered[1] }), '/order/policyeffectivedate', message);
      await expectRefused(member, service(FAMILY_OPTION, { policyeffectivedate: offered[1] }), '/order/policyeffectivedate', message);
      expect(await placed(member, hsa(100, { policyeffectivedate: offered[0] }))).toMatchObject({ policyeffectivedate: offered[0] });
    });

    it('keeps one current HSA order and one service: a later one replaces the earlier, so the HSA sum stays within the IRS limit', async () => {
      const member = await newMember(world);
      await placed(member, buy(HSA_PLAN));
      // $300.00 twice would be $7,200.00 over 12 months, above the $4,400.00 limit: the second replaces the first.
      const first = await placed(member, hsa(300));
      const second = await placed(member, hsa(300));
      await placed(member, service(FAMILY_OPTION));
      await placed(member, service(INDIVIDUAL_OPTION));
      expect((await current(member.memberId)).map((order) => [order.category, order.amountspent_cents])).toEqual([
        ['healthinsurance', 40000],
        ['HSA', 30000],
        ['additionalservices', 999],
      ]);
      const listed = (await world.app.inject({ method: 'GET', url: '/api/Order/GetOrderByMember', headers: member.auth })).json().data.orderdetails;
      expect(listed.filter((order: { category: string }) => order.category === 'HSA').map((order: { id: string }) => order.id)).toEqual([second.id]);
      expect(listed.map((order: { id: string }) => order.id)).not.toContain(first.id);
      // 450 pays 400 + 9.99, leaving 40.01; the HSA's 300 comes from pay.
      expect(await accountOf(member)).toMatchObject({ currenthealthinsurancepremium: 400, currentemployercontribution: 450, currentbalance: 40.01, currentpayrolldeduction: 0, currenthsadeduction: 300 });
    });

    it("replaces the HSA order of an authorization (POST /api/Enrollment/Authorize) rather than adding a second one", async () => {
      const member = await newMember(world);
      const authorized = await world.app.inject({
        method: 'POST',
        url: '/api/Enrollment/Authorize',
        headers: { ...member.auth, 'idempotency-key': randomUUID() },
        payload: { effectivedate: offered[0], healthoption: 'buy', planid: HSA_PLAN, postalcode: FIXTURE_ZIP, countycode: FIXTURE_COUNTY, hsamonthly: 300, productoptionid: INDIVIDUAL_OPTION, ichraacknowledged: true },
      });
      expect(authorized.statusCode, authorized.body).toBe(200);
      const { enrollmentid } = authorized.json().data;
      await placed(member, hsa(200));
      const orders = await current(member.memberId);
      expect(orders).toHaveLength(3);
      expect(Object.fromEntries(orders.map((order) => [order.category, [order.amountspent_cents, order.enrollmentid]]))).toEqual({
        HSA: [20000, enrollmentid],
        additionalservices: [999, enrollmentid],
        healthinsurance: [40000, enrollmentid],
      });
      // The employee-only 450 pays 400 + 9.99; the HSA's 200 comes from pay.
      expect(await accountOf(member)).toMatchObject({ currenthealthinsurancepremium: 400, currentemployercontribution: 450, currentbalance: 40.01, currentpayrolldeduction: 0, currenthsadeduction: 200 });
    });

    it('two or more simultaneous HSA and service orders leave one current order of each kind, the one the member account counts', async () => {
      const member = await newMember(world);
      await placed(member, buy(HSA_PLAN));
      const answers = await Promise.all([
        post(member, hsa(100)),
        post(member, hsa(200)),
        post(member, service(FAMILY_OPTION)),
        post(member, hsa(300)),
        post(member, service(INDIVIDUAL_OPTION)),
        post(member, hsa(350)),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const orders = await current(member.memberId);
      const hsaOrders = orders.filter((order) => order.category === 'HSA');
      const services = orders.filter((order) => order.category === 'additionalservices');
      expect([hsaOrders.length, services.length]).toEqual([1, 1]);
      // The account written last counts the orders that stayed: 450 pays 400 + service; the HSA comes from pay.
      const account = await accountOf(member);
      expect(account.currentpayrolldeduction).toBe(Math.max(0, 40000 + services[0]!.amountspent_cents - 45000) / 100);
      expect(account.currentbalance).toBe(Math.max(0, 45000 - 40000 - services[0]!.amountspent_cents) / 100);
      expect(account.currenthsadeduction).toBe(hsaOrders[0]!.amountspent_cents / 100);
    });
  });

  describe('any order', () => {
    it.each([
      ['more than two decimals', { category: 'HSA', amountspent: 10.005 }, '/order/amountspent'],
      ['a negative amount', { category: 'HSA', amountspent: -5 }, '/order/amountspent'],
      ['an unknown category', { category: 'lottery' }, '/order/category'],
      ['an effective date that does not exist', { category: 'HSA', amountspent: 5, policyeffectivedate: '2026-02-30' }, '/order/policyeffectivedate'],
    ])('refuses %s: 400, nothing stored', async (_label, order, field) => {
      await expectRefused(world.alice, { order, memberAccount: {} }, field);
    });

    it.each([
      ['order.memberid', (other: string) => ({ order: { category: 'HSA', amountspent: 1, memberid: other }, memberAccount: {} })],
      ['memberAccount.memberid', (other: string) => ({ order: { category: 'HSA', amountspent: 1 }, memberAccount: { memberid: other } })],
      ['member.id', (other: string) => ({ order: { category: 'HSA', amountspent: 1 }, memberAccount: {}, member: { id: other } })],
    ])('refuses an order naming another member in %s: 403, nothing stored', async (_label, build) => {
      const before = await stored(world.alice.memberId);
      const response = await post(world.alice, build(world.bob.memberId));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You may not access this record.' });
      expect(await stored(world.alice.memberId)).toEqual(before);
      expect(await current(world.bob.memberId)).toEqual([]);
    });

    it('refuses an order naming another employer: 403, nothing stored', async () => {
      const before = await stored(world.alice.memberId);
      const response = await post(world.alice, { order: { category: 'HSA', amountspent: 1 }, memberAccount: {}, employer_id: world.other.accountid });
      expect(response.statusCode).toBe(403);
      expect(await stored(world.alice.memberId)).toEqual(before);
    });

    it("lists the caller's current orders newest first (the superseded waiver is history), and nobody else's", async () => {
      const member = await newMember(world);
      await placed(member, waive());
      await placed(member, buy(HSA_PLAN));
      await placed(member, hsa(125.5));
      await placed(member, service(FAMILY_OPTION));
      const response = await world.app.inject({ method: 'GET', url: '/api/Order/GetOrderByMember', headers: member.auth });
      expect(response.statusCode).toBe(200);
      const orders: { category: string; memberid: string }[] = response.json().data.orderdetails;
      expect(orders.map((order) => order.category)).toEqual(['additionalservices', 'HSA', 'healthinsurance']);
      expect(new Set(orders.map((order) => order.memberid))).toEqual(new Set([member.memberId]));
      const history = await world.db.selectFrom('member_order').select('category').where('memberid', '=', member.memberId).where('supersededon', 'is not', null).execute();
      expect(history.map((order) => order.category)).toEqual(['waive']);
      const carols = await world.app.inject({ method: 'GET', url: '/api/Order/GetOrderByMember', headers: world.carol.auth });
      expect(carols.json()).toEqual({ success: true, data: { orderdetails: [] }, message: '' });
    });

    it('requires a sign-in', async () => {
      expect((await post(null, hsa(1))).statusCode).toBe(401);
      expect((await world.app.inject({ method: 'GET', url: '/api/Order/GetOrderByMember' })).statusCode).toBe(401);
    });
  });
});
