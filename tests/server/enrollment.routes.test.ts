/**
 * POST /api/Enrollment/Authorize (contract 4) on PGlite and PostgreSQL: the whole cart in one transaction, every
 * amount from the server, forged amounts refused with nothing written, another member's ids refused, the
 * Idempotency-Key replay, and the races (20 presses of one cart; a waiver racing a purchase).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HSA_ADMINISTRATOR, DEMO_PRODUCT_ID } from '#db/seed/demo-employer.ts';
import { effectiveDateChoices } from '#domain/enrollment/effective-dates.ts';
import { createTestApp } from './helpers/app.ts';
import { databases } from './helpers/databases.ts';
import { latestMailText, registerMember } from './helpers/fixtures.ts';
import { signInStaff } from './staff-fixtures.ts';
import { parseCsv } from '#domain/values/csv.ts';
import { completeProfile, countRows, newMember, setBirthdate, useEnrollmentWorld } from './enrollment.fixtures.ts';
import { FIXTURE_COUNTY, FIXTURE_ZIP, fixturePlanPremiums, HSA_PLAN, PPO_PLAN } from './plan-premiums.fixture.ts';

const INDIVIDUAL_OPTION = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a32';
const NOT_OFFERED = 'This effective date is not offered. Please choose one of the effective dates shown.';
/** A fixed clock: 20 November 2025, so 2026-01-01 and 2026-02-01 are offered in the demo's 2026 plan year. */
const NOW = () => new Date('2025-11-20T12:00:00Z');
type Who = 'alice' | 'bob' | 'carol';

describe.each(databases())('Authorize Elections on $name', (database) => {
  const world = useEnrollmentWorld(database, { now: NOW, planPremiums: fixturePlanPremiums });
  let offered: string[] = [];
  /** Members of the demo employer made per test, so each test starts with no enrollment. */
  const fresh = (birthdate = '1980-03-01', children = 0) => newMember(world, { birthdate, children });

  beforeAll(async () => {
    const employer = await world.db.selectFrom('employer').selectAll().where('accountid', '=', world.demo.accountid).executeTakeFirstOrThrow();
    offered = effectiveDateChoices(world.today, { edocPeriod: employer.edoc_period, planYearStart: employer.planyearstart, planYearEnd: employer.planyearend });
    for (const who of ['alice', 'bob'] as const) {
      await completeProfile(world.db, world[who].memberId);
      await setBirthdate(world.db, world[who].memberId, '1980-03-01');
      await world.db.updateTable('member').set({ postalcode: FIXTURE_ZIP }).where('id', '=', world[who].memberId).execute();
    }
  });

  const authorize = (auth: { authorization: string } | null, payload: object, key: string | null = randomUUID()) =>
    world.app.inject({
      method: 'POST',
      url: '/api/Enrollment/Authorize',
      headers: { ...(auth ?? {}), ...(key === null ? {} : { 'idempotency-key': key }) },
      payload,
    });
  const buy = (extra: object = {}) => ({
    effectivedate: offered[0],
    healthoption: 'buy',
    planid: HSA_PLAN,
    postalcode: FIXTURE_ZIP,
    countycode: FIXTURE_COUNTY,
    hsamonthly: 0,
    ichraacknowledged: true,
    ...extra,
  });
  const waive = (extra: object = {}) => ({
    effectivedate: offered[0],
    healthoption: 'waive',
    postalcode: '',
    countycode: '',
    hsamonthly: 0,
    waivecoveragereason: 'Coverage through Spouse/Partner',
    ...extra,
  });
  const tables = ['member_order', 'member_account', 'idempotency_key', 'log_fact'] as const;
  const counts = async () => Promise.all(tables.map((table) => countRows(world.db, table)));
  const memberPlan = (memberId: string) =>
    world.db.selectFrom('member').select(['currentplanid', 'currentplanyear']).where('id', '=', memberId).executeTakeFirstOrThrow();
  const currentMain = (memberId: string) =>
    world.db
      .selectFrom('member_order')
      .selectAll()
      .where('memberid', '=', memberId)
      .where('supersededon', 'is', null)
      .where('category', 'in', ['healthinsurance', 'waive'])
      .execute();

  /** Refused with 400 and the message, and nothing at all written (orders, accounts, keys, log, member plan). */
  async function expectRefused(who: Who | { auth: { authorization: string }; memberId: string }, payload: object, message: string | RegExp, field?: string) {
    const member = typeof who === 'string' ? world[who] : who;
    const before = [await counts(), await memberPlan(member.memberId)];
    const response = await authorize(member.auth, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    if (typeof message === 'string') expect(response.json().message).toBe(message);
    else expect(response.json().message).toMatch(message);
    if (field) expect(Object.keys(response.json().fieldErrors)).toContain(field);
    expect([await counts(), await memberPlan(member.memberId)]).toEqual(before);
  }

  it('writes the whole cart at once: HSA order, additional service, member plan, main order, member account, SUBMITTED REQUEST', async () => {
    const member = await fresh('1980-03-01', 1);
    const response = await authorize(member.auth, buy({ hsamonthly: 100, productoptionid: INDIVIDUAL_OPTION, servicecost: 9.99, contribution: 810, rate: 800 }));
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    const planyear = Number(offered[0]!.slice(0, 4));
    expect(data).toMatchObject({ planyear, effectivedate: offered[0] });
    expect(data.orders.map((order: { category: string }) => order.category)).toEqual(['HSA', 'additionalservices', 'healthinsurance']);
    // The names a person reads: the catalogue's service and vendor, the member as policyholder, each order its own
    // number; the HSA order names the employer's HSA administrator from its set-up (never a placeholder).
    const { firstname, lastname } = await world.db.selectFrom('member').select(['firstname', 'lastname']).where('id', '=', member.memberId).executeTakeFirstOrThrow();
    expect(data.orders[0]).toMatchObject({ options: 'HSA Contribution', description: 'HSA Contribution Order', productname: 'HSA Plan', vendorname: DEMO_HSA_ADMINISTRATOR, policyishsaeligible: 1, amountspent: 100, policyeffectivedate: offered[0], status: 0 });
    expect(data.orders[1]).toMatchObject({ options: 'Individual', productname: 'Telehealth Plus', vendorname: 'CareLine Virtual Health', productid: DEMO_PRODUCT_ID, productfeeid: INDIVIDUAL_OPTION, amountspent: 9.99 });
    for (const order of data.orders as Array<{ id: string; ordernumber: string; policyholdersname: string }>) {
      expect(order.policyholdersname).toBe(`${firstname} ${lastname}`);
      expect(order.ordernumber).toBe(order.id.replace(/-/g, '').slice(0, 12).toUpperCase().replace(/(.{4})(.{4})(.{4})/, '$1-$2-$3'));
    }
    expect(data.orders[2]).toMatchObject({ policycarriername: 'Prairie Health' });
    // Two covered people at $400 a month; the main order's amount is the amount spent minus the HSA contribution.
    expect(data.orders[2]).toMatchObject({ category: 'healthinsurance', description: `Health insurance plan ${HSA_PLAN}`, productname: 'Prairie Bronze HSA', vendorname: 'Prairie Health', amountspent: 800, waivecoverage: 0, policyishsaeligible: 1, businessyear: planyear });
    // Age 45 with a child: the employee + children tier, 810; it pays plan and service, 809.99, leaving 0.01; the HSA
    // deposit of 100 comes from pay on its own, never from the contribution (26 U.S.C. 105(b), 213(d)).
    expect(data.memberAccount).toMatchObject({ memberid: member.memberId, currentemployercontribution: 810, currenthealthinsurancepremium: 800, currentbalance: 0.01, currentpayrolldeduction: 0, currenthsadeduction: 100, waivecoverage: 0, waivecoveragereason: null, memberaccounttype: 1, status: 1 });
    expect(await memberPlan(member.memberId)).toEqual({ currentplanid: HSA_PLAN, currentplanyear: planyear });
    const logged = await world.db.selectFrom('log_fact').selectAll().where('memberid', '=', member.memberId).execute();
    expect(logged).toMatchObject([{ title: 'SUBMITTED REQUEST', action: 'SUBMITTED REQUEST', accountid: world.demo.accountid, effectivedate: offered[0] }]);
    const listed = (await world.app.inject({ method: 'GET', url: '/api/Order/GetOrderByMember', headers: member.auth })).json().data.orderdetails;
    expect(listed.map((order: { id: string }) => order.id).sort()).toEqual(data.orders.map((order: { id: string }) => order.id).sort());
    // The payroll file says what the cart and the account say: nothing from pay for the coverage, the HSA's 100
    // on its own, 0.01 of the contribution left.
    const viewer = await signInStaff(world.app, 'viewer');
    const payroll = await world.app.inject({ method: 'GET', url: `/api/staff/employers/${world.demo.accountid}/reports/payroll.csv`, headers: viewer.headers });
    expect(payroll.statusCode).toBe(200);
    const [header, ...lines] = parseCsv(payroll.body).records.map((record) => record.fields);
    const line = lines.find((fields) => fields.includes(member.email))!;
    const column = (name: string) => line[header!.indexOf(name)];
    expect([column('contribution'), column('coverage cost'), column('pre-tax premium deduction'), column('pre-tax hsa deduction'), column('remaining contribution')]).toEqual(['810.00', '809.99', '0.00', '100.00', '0.01']);
  });

  it('a returning member who signs in again reads their enrollment: the current main order of the plan year, the latest only', async () => {
    const member = await fresh('1980-03-01', 0);
    const planyear = (await world.db.selectFrom('employer').select('businessyear').where('accountid', '=', world.demo.accountid).executeTakeFirstOrThrow()).businessyear;
    expect((await authorize(member.auth, waive({ waivecoveragereason: 'Coverage under Medicare' }))).statusCode).toBe(200);
    const latest = await authorize(member.auth, buy({ productoptionid: INDIVIDUAL_OPTION }));
    expect(latest.statusCode, latest.body).toBe(200);

    // Signed out and in again: a new session reads what the server stores, not what a tab kept.
    const login = await world.app.inject({ method: 'POST', url: '/api/Login', payload: { email: member.email, password: member.password } });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().data.tokenResponse.access_token}` };
    const current = (await world.app.inject({ method: 'GET', url: '/api/Order/GetOrderByMember', headers: auth })).json().data.orderdetails as Array<{ id: string; category: string; businessyear: number }>;
    const main = current.filter((order) => order.category === 'healthinsurance' || order.category === 'waive');
    expect(main).toEqual([expect.objectContaining({ category: 'healthinsurance', businessyear: planyear })]);
    expect(current.map((order) => order.id).sort()).toEqual(latest.json().data.orders.map((order: { id: string }) => order.id).sort());
  });

  it('waives end to end: the waive order, no employer contribution, the service from pay, the reason, no plan', async () => {
    const member = await fresh('1995-07-01', 2);
    const response = await authorize(member.auth, waive({ waivecoveragereason: 'Other', waivecoveragereasonother: 'Covered by my parents', productoptionid: INDIVIDUAL_OPTION }));
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.orders.map((order: { category: string }) => order.category)).toEqual(['additionalservices', 'waive']);
    // A waiver bought no policy: it has no policyholder; it still has its own order number.
    expect(data.orders[1]).toMatchObject({ description: 'I choose not to purchase health insurance', amountspent: 0, waivecoverage: 1, policyholdersname: null });
    expect(data.orders[1].ordernumber).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    // An ICHRA pays only toward individual coverage: the waiver gets none of the employee-only 350 its band has, so
    // the $9.99 service comes from pay and nothing remains (docs/decisions/035-a-waiver-receives-no-contribution.md).
    expect(data.memberAccount).toMatchObject({ waivecoverage: 1, waivecoveragereason: 'Covered by my parents', currentemployercontribution: 0, currenthealthinsurancepremium: 0, currentbalance: 0, currentpayrolldeduction: 9.99, currenthsadeduction: 0 });
    expect(await memberPlan(member.memberId)).toMatchObject({ currentplanid: null });
    const account = (await world.app.inject({ method: 'GET', url: '/api/MemberAccount/GetMemberAccount', headers: member.auth })).json().data;
    expect(account.id).toBe(data.memberAccount.id);
  });

  describe('forged amounts are refused and nothing is written', () => {
    it('a premium that is not the plan\'s for the family on file', async () => {
      await expectRefused('alice', buy({ rate: 1_000_000 }), "The plan's monthly premium for your family is $400.00, not $1,000,000.00. Please review your cart.", '/rate');
      await expectRefused('alice', buy({ rate: 0 }), /is \$400\.00, not \$0\.00/);
    });

    it('an effective date that is not offered (another age band or year), or today', async () => {
      for (const date of ['2035-01-01', '1990-01-01', world.today, `${offered[0]!.slice(0, 4)}-06-15`]) {
        await expectRefused('alice', buy({ effectivedate: date }), NOT_OFFERED, '/effectivedate');
      }
    });

    it('dependents (or any price) in the request: refused, the family on file decides', async () => {
      const kids = Array.from({ length: 50 }, (_, i) => ({ dateofbirth: '2020-01-01', firstname: `K${i}` }));
      await expectRefused('alice', buy({ dependents: kids }), /^This field is not allowed/, '/dependents');
      await expectRefused('alice', buy({ memberdependentlist: kids }), /^This field is not allowed/, '/memberdependentlist');
      await expectRefused('alice', buy({ premium: 1 }), /^This field is not allowed/, '/premium');
      await expectRefused('alice', waive({ amountspent: 0 }), /^This field is not allowed/, '/amountspent');
    });

    it('a contribution that is not the employer\'s for the family on file', async () => {
      await expectRefused('alice', buy({ contribution: 450 * 6 }), "Your employer's monthly contribution is $450.00, not $2,700.00. Please review your cart.", '/contribution');
    });

    it('an HSA contribution over the IRS limit for the months left', async () => {
      // Self-only (no dependents), 46 or 47 at the end of the plan year: at most the self-only limit over the months left.
      // The Flexible Spending screen's own text (schemas/messages/en.json hsa-over-limit), with the server's figures.
      await expectRefused('alice', buy({ hsamonthly: 5000 }), '$5,000.00 a month for the 12 months left in the plan year is $60,000.00, more than your annual HSA limit of $4,400.00. Please enter $366.66 or less.', '/hsamonthly');
      // One cent above the monthly maximum is refused; the maximum itself is accepted (below).
      const max = '366.66';
      await expectRefused('alice', buy({ hsamonthly: Number((Number(max) + 0.01).toFixed(2)) }), /more than your annual HSA limit of \$4,400\.00/);
      const accepted = await authorize(world.alice.auth, buy({ hsamonthly: Number(max) }));
      expect(accepted.statusCode, accepted.body).toBe(200);
    });

    it('accepts exactly what GET /api/Hsa/Limit (the Flexible Spending screen) says is the most a month', async () => {
      const member = await fresh('1980-03-01', 1);
      const limit = (await world.app.inject({ method: 'GET', url: `/api/Hsa/Limit?effectivedate=${offered[1]}`, headers: member.auth })).json().data;
      expect(limit).toMatchObject({ tier: 'family', monthsleft: 11, annuallimit: 8750, maxmonthly: 795.45 });
      await expectRefused(member, buy({ effectivedate: offered[1], hsamonthly: limit.maxmonthly + 0.01 }), /more than your annual HSA limit of \$8,750\.00/, '/hsamonthly');
      expect((await authorize(member.auth, buy({ effectivedate: offered[1], hsamonthly: limit.maxmonthly }))).statusCode).toBe(200);
    });

    it('the 55-or-older catch-up and the family tier raise the limit', async () => {
      const older = await fresh('1960-01-01', 1);
      const response = await authorize(older.auth, buy({ hsamonthly: 5000 }));
      expect(response.json().message).toMatch(/annual HSA limit of \$9,750\.00\. Please enter \$812\.50 or less\.$/);
    });

    it('an HSA contribution without an HSA-eligible plan, or when waiving', async () => {
      await expectRefused('alice', buy({ planid: PPO_PLAN, hsamonthly: 10 }), 'An HSA contribution needs an HSA-eligible health plan in your cart.', '/hsamonthly');
      await expectRefused('alice', waive({ hsamonthly: 10 }), 'An HSA contribution needs an HSA-eligible health plan in your cart.', '/hsamonthly');
    });

    it('an amount or a choice that does not apply: a plan or rate with a waiver, a service cost without a service, a waiver\'s other ZIP or county', async () => {
      await expectRefused('alice', waive({ rate: 400 }), 'A waiver has no plan premium: please remove the rate.', '/rate');
      await expectRefused('alice', waive({ planid: HSA_PLAN }), 'A waiver chooses no plan: please remove the plan, or choose to buy a plan.', '/planid');
      await expectRefused('alice', buy({ servicecost: 9.99 }), 'A service cost needs a service: please choose the additional service, or remove its cost.', '/servicecost');
      await expectRefused('alice', waive({ postalcode: '97201' }), 'A waiver is recorded with the ZIP code of your profile, not another one.', '/postalcode');
      await expectRefused('alice', waive({ postalcode: FIXTURE_ZIP, countycode: '17001' }), 'A waiver is recorded with the county of your profile, not another one.', '/countycode');
    });

    it('a service price that is not the catalogue\'s, or a service that is not offered', async () => {
      await expectRefused('alice', buy({ productoptionid: INDIVIDUAL_OPTION, servicecost: 0.01 }), 'The additional service costs $9.99 a month, not $0.01. Please review your cart.', '/servicecost');
      await expectRefused('alice', buy({ productoptionid: randomUUID() }), 'Please choose an additional service that is offered.', '/productoptionid');
    });

    it('a plan that is not in the catalogue, or quoted for another ZIP code or county than the profile\'s', async () => {
      const notFound = 'Plan not found: please choose a plan from the plans shown for your ZIP code and effective date.';
      await expectRefused('alice', buy({ planid: '99999ZZ9999999' }), notFound, '/planid');
      // Another county of the ZIP (or any other county) is refused: the premium is the county on file's.
      await expectRefused('alice', buy({ countycode: '17001' }), 'The plan must be quoted for the county of your profile. Please search for plans again.', '/countycode');
      await expectRefused('alice', buy({ postalcode: '90210' }), /ZIP code of your profile/, '/postalcode');
      await expectRefused('alice', buy({ planid: undefined }), notFound, '/planid');
    });
  });

  it('refuses an additional service when the employer offers none (employeazecustomer 2), nothing written', async () => {
    await world.db.updateTable('employer').set({ employeazecustomer: 2 }).where('accountid', '=', world.demo.accountid).execute();
    try {
      await expectRefused('alice', waive({ productoptionid: INDIVIDUAL_OPTION }), 'Your employer does not offer additional services.', '/productoptionid');
    } finally {
      await world.db.updateTable('employer').set({ employeazecustomer: 1 }).where('accountid', '=', world.demo.accountid).execute();
    }
  });

  it('prices through contract 2 by default: a plan the catalogue does not sell there is not found, nothing written', async () => {
    // The app's own source (plan-quotes.ts); no catalogue holds Illinois, so nothing is sold at this ZIP.
    const bare = await createTestApp(world.db, { now: NOW });
    try {
      const member = await registerMember(bare.app, world.demo);
      await completeProfile(world.db, member.memberId);
      await setBirthdate(world.db, member.memberId, '1980-03-01');
      await world.db.updateTable('member').set({ postalcode: FIXTURE_ZIP }).where('id', '=', member.memberId).execute();
      const before = await counts();
      const response = await bare.app.inject({ method: 'POST', url: '/api/Enrollment/Authorize', headers: { ...member.auth, 'idempotency-key': randomUUID() }, payload: buy({ rate: 400 }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Plan not found: please choose a plan from the plans shown for your ZIP code and effective date.');
      expect(await counts()).toEqual(before);
    } finally {
      await bare.close();
    }
  });

  it('prices a ZIP of two counties at the county on file (Marion, not Clackamas at 97002), whatever the request names', async () => {
    const pricedAt: string[] = [];
    const recording = await createTestApp(world.db, {
      now: NOW,
      planPremiums: async (_db, _family, planid, location) => {
        pricedAt.push(location.countycode);
        return { plan: { planid, planname: 'Recorded plan' } as never, premiumCents: 133136 };
      },
    });
    try {
      const member = await registerMember(recording.app, world.demo);
      await completeProfile(world.db, member.memberId);
      await world.db.updateTable('member').set({ postalcode: '97002', county: 'Marion', stateorprovince: 'OR' }).where('id', '=', member.memberId).execute();
      const send = (payload: object) =>
        recording.app.inject({ method: 'POST', url: '/api/Enrollment/Authorize', headers: { ...member.auth, 'idempotency-key': randomUUID() }, payload });
      const before = await counts();
      const clackamas = await send(buy({ postalcode: '97002', countycode: '41005', hsamonthly: 0 }));
      expect(clackamas.statusCode).toBe(400);
      expect(clackamas.json().fieldErrors).toEqual({ '/countycode': ['The plan must be quoted for the county of your profile. Please search for plans again.'] });
      expect(await counts()).toEqual(before);
      expect(pricedAt).toEqual([]);
      const marion = await send(buy({ postalcode: '97002', countycode: '41047', hsamonthly: 0 }));
      expect(marion.statusCode, marion.body).toBe(200);
      expect(pricedAt).toEqual(['41047']);
    } finally {
      await recording.close();
    }
  });

  it.each([
    ['no health option', { effectivedate: '2027-01-01' }, '/healthoption'],
    ['an unknown health option', { effectivedate: '2027-01-01', healthoption: 'both' }, '/healthoption'],
    ['a date that does not exist', { effectivedate: '2027-02-30', healthoption: 'waive' }, '/effectivedate'],
    ['a NUL in the waiver words', { effectivedate: '2027-01-01', healthoption: 'waive', waivecoveragereason: 'Other', waivecoveragereasonother: 'a\u0000b' }, '/waivecoveragereasonother'],
    ['a lone surrogate in the waiver words', { effectivedate: '2027-01-01', healthoption: 'waive', waivecoveragereason: 'Other', waivecoveragereasonother: 'a\ud800b' }, '/waivecoveragereasonother'],
    ['an HSA amount with three decimals', { effectivedate: '2027-01-01', healthoption: 'waive', waivecoveragereason: 'Coverage under Medicare', hsamonthly: 10.005 }, '/hsamonthly'],
    ['a huge HSA amount', { effectivedate: '2027-01-01', healthoption: 'waive', hsamonthly: 1e300 }, '/hsamonthly'],
    ['a negative contribution', { effectivedate: '2027-01-01', healthoption: 'waive', contribution: -1 }, '/contribution'],
    ['a plan id with odd characters', { effectivedate: '2027-01-01', healthoption: 'buy', planid: "x'; drop table member;--", postalcode: '62701', countycode: '17167' }, '/planid'],
    ['a ZIP code of four digits', { effectivedate: '2027-01-01', healthoption: 'buy', planid: 'A1', postalcode: '6270', countycode: '17167' }, '/postalcode'],
    ['an option id that is no id', { effectivedate: '2027-01-01', healthoption: 'waive', productoptionid: 'abc' }, '/productoptionid'],
    ['no waiver reason', { effectivedate: '2027-01-01', healthoption: 'waive' }, '/waivecoveragereason'],
    ['Other without words', { effectivedate: '2027-01-01', healthoption: 'waive', waivecoveragereason: 'Other' }, '/waivecoveragereasonother'],
    ['a deep object', { effectivedate: '2027-01-01', healthoption: 'waive', waivecoveragereason: { a: { b: { c: {} } } } }, '/waivecoveragereason'],
  ])('refuses %s: 400, nothing written', async (_label, payload, field) => {
    const before = await counts();
    const response = await authorize(world.bob.auth, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().fieldErrors ?? {})).toContain(field);
    expect(await counts()).toEqual(before);
  });

  it('needs an Idempotency-Key of visible characters', async () => {
    const before = await counts();
    for (const key of [null, '', 'has space', 'x'.repeat(201)]) {
      const response = await authorize(world.bob.auth, waive(), key);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please send an Idempotency-Key header (1 to 200 visible characters) with each authorization.');
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses another member's or another employer's ids: 403, nothing written", async () => {
    const before = await counts();
    for (const ids of [{ memberid: world.bob.memberId }, { accountid: world.other.accountid }, { memberid: world.carol.memberId }]) {
      const response = await authorize(world.alice.auth, waive(ids));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You may not access this record.' });
    }
    expect(await counts()).toEqual(before);
  });

  it("never replays another member's answer: keys are the caller's own", async () => {
    const a = await fresh();
    const b = await fresh();
    const key = randomUUID();
    const first = await authorize(a.auth, waive(), key);
    const second = await authorize(b.auth, waive(), key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().data.memberAccount.memberid).toBe(b.memberId);
    expect(second.json().data.enrollmentid).not.toBe(first.json().data.enrollmentid);
  });

  it('e-mails the confirmation once, with the stored elections and no SSN, however often the key is retried', async () => {
    const member = await fresh();
    const key = randomUUID();
    const confirmations = async () => {
      await world.app.inFlight.settled();
      return world.db.selectFrom('mail_outbox').select(['subject']).where('recipient', '=', member.email).where('subject', 'like', '%elections are confirmed').execute();
    };
    const first = await authorize(member.auth, buy({ hsamonthly: 50 }), key);
    expect(first.statusCode, first.body).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await authorize(member.auth, buy({ hsamonthly: 50 }), key)).headers['idempotent-replayed']).toBe('true');
    const planyear = first.json().data.planyear;
    expect(await confirmations()).toEqual([{ subject: `Your ${planyear} benefits elections are confirmed` }]);
    const text = await latestMailText(world, member.email);
    const account = first.json().data.memberAccount;
    expect(text).toContain('Health plan: Prairie Bronze HSA (Prairie Health)');
    expect(text).toContain(`Employer contribution: $${account.currentemployercontribution.toFixed(2)} a month`);
    expect(text).toContain('HSA deposit (pre-tax payroll deduction): $50.00 a month');
    expect(text).toContain('Effective date: ');
    // No SSN in any shape (the profile's is on file, encrypted).
    expect(text).not.toMatch(/\d{3}-?\d{2}-?\d{4}/);
  });

  it('answers a repeated key with the first answer, and refuses the key with other choices (422)', async () => {
    const member = await fresh();
    const key = randomUUID();
    const first = await authorize(member.auth, buy({ hsamonthly: 50 }), key);
    expect(first.statusCode, first.body).toBe(200);
    const before = await counts();
    // The same choices with the keys in another order are the same request.
    const again = await authorize(member.auth, { ichraacknowledged: true, hsamonthly: 50, countycode: FIXTURE_COUNTY, planid: HSA_PLAN, postalcode: FIXTURE_ZIP, healthoption: 'buy', effectivedate: offered[0] }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await authorize(member.auth, waive(), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'CONFLICT', message: 'This Idempotency-Key was already used for different elections. Please authorize again from your cart.' });
    expect(await counts()).toEqual(before);
  });

  it('answers what became of a key (a tab reloaded during Authorize asks): pending while it runs, then confirmed; unknown otherwise', async () => {
    // The authorization is held inside its transaction (while it prices the plan) until the test lets it go.
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = await createTestApp(world.db, {
      now: NOW,
      planPremiums: async (...args) => {
        entered();
        await gate;
        return fixturePlanPremiums(...args);
      },
    });
    try {
      const member = await registerMember(held.app, world.demo);
      await completeProfile(world.db, member.memberId);
      await setBirthdate(world.db, member.memberId, '1980-03-01');
      await world.db.updateTable('member').set({ postalcode: FIXTURE_ZIP }).where('id', '=', member.memberId).execute();
      const state = async (key: string | null, auth: { authorization: string } = member.auth) => {
        const response = await held.app.inject({ method: 'GET', url: '/api/Enrollment/Authorize', headers: { ...auth, ...(key === null ? {} : { 'idempotency-key': key }) } });
        return { status: response.statusCode, body: response.json() };
      };
      const key = randomUUID();
      const sent = held.app.inject({ method: 'POST', url: '/api/Enrollment/Authorize', headers: { ...member.auth, 'idempotency-key': key }, payload: buy() });
      await inside;
      expect(await state(key)).toEqual({ status: 200, body: { success: true, data: { state: 'pending', enrollmentid: null }, message: '' } });
      release();
      const answer = await sent;
      expect(answer.statusCode, answer.body).toBe(200);
      expect((await state(key)).body.data).toEqual({ state: 'confirmed', enrollmentid: answer.json().data.enrollmentid });
      // A key never sent, and the key of another member: nothing of theirs is told.
      expect((await state(randomUUID())).body.data).toEqual({ state: 'unknown', enrollmentid: null });
      const other = await registerMember(held.app, world.demo);
      expect((await state(key, other.auth)).body.data).toEqual({ state: 'unknown', enrollmentid: null });
      expect((await state(null)).status).toBe(400);
      expect((await held.app.inject({ method: 'GET', url: '/api/Enrollment/Authorize', headers: { 'idempotency-key': key } })).statusCode).toBe(401);
    } finally {
      release();
      await held.close();
    }
  });

  it('replaces the earlier enrollment of the plan year on a change of mind, keeping it as history', async () => {
    const member = await fresh();
    const bought = await authorize(member.auth, buy({ hsamonthly: 20, productoptionid: INDIVIDUAL_OPTION }));
    expect(bought.statusCode).toBe(200);
    const waived = await authorize(member.auth, waive());
    expect(waived.statusCode).toBe(200);
    const current = (await world.app.inject({ method: 'GET', url: '/api/Order/GetOrderByMember', headers: member.auth })).json().data.orderdetails;
    expect(current.map((order: { category: string }) => order.category)).toEqual(['waive']);
    const all = await world.db.selectFrom('member_order').selectAll().where('memberid', '=', member.memberId).execute();
    expect(all).toHaveLength(4);
    expect(all.filter((order) => order.supersededon !== null).map((order) => order.enrollmentid)).toEqual(Array(3).fill(bought.json().data.enrollmentid));
    expect(await memberPlan(member.memberId)).toMatchObject({ currentplanid: null });
    const account = (await world.app.inject({ method: 'GET', url: '/api/MemberAccount/GetMemberAccount', headers: member.auth })).json().data;
    expect(account).toMatchObject({ waivecoverage: 1, id: waived.json().data.memberAccount.id });
  });

  it('writes all or nothing: a failure after the first writes leaves no order, no key, no plan change', async () => {
    const member = await fresh();
    await sql`alter table member_account add constraint test_refuse check (currentemployercontribution_cents <> 45000) not valid`.execute(world.db);
    try {
      const before = [await counts(), await memberPlan(member.memberId)];
      const response = await authorize(member.auth, buy({ hsamonthly: 10, productoptionid: INDIVIDUAL_OPTION }));
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ success: false, code: 'INTERNAL', message: 'Something went wrong.' });
      expect([await counts(), await memberPlan(member.memberId)]).toEqual(before);
    } finally {
      await sql`alter table member_account drop constraint test_refuse`.execute(world.db);
    }
  });

  it('makes exactly one enrollment of 20 simultaneous authorizations of one cart', async () => {
    const member = await fresh('1980-03-01', 1);
    const key = randomUUID();
    const cart = buy({ hsamonthly: 25, productoptionid: INDIVIDUAL_OPTION });
    const answers = await Promise.all(Array.from({ length: 20 }, () => authorize(member.auth, cart, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.json().data.enrollmentid)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    const orders = await world.db.selectFrom('member_order').selectAll().where('memberid', '=', member.memberId).execute();
    expect(orders.map((order) => order.category).sort()).toEqual(['HSA', 'additionalservices', 'healthinsurance']);
    expect(await world.db.selectFrom('member_account').selectAll().where('memberid', '=', member.memberId).execute()).toHaveLength(1);
    expect(await world.db.selectFrom('log_fact').selectAll().where('memberid', '=', member.memberId).execute()).toHaveLength(1);
  });

  it('leaves one current enrollment when 20 tabs authorize at once with their own keys', async () => {
    const member = await fresh();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => authorize(member.auth, i % 2 ? waive() : buy())));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(await currentMain(member.memberId)).toHaveLength(1);
    expect(await countRowsOf(member.memberId)).toBe(20);
  });

  it('leaves exactly one current enrollment when a waiver and a purchase race', async () => {
    const member = await fresh();
    // A few rounds, so the race is run with either side first.
    for (let round = 0; round < 4; round += 1) {
      const pair = await Promise.all([authorize(member.auth, waive()), authorize(member.auth, buy({ hsamonthly: 10 }))]);
      expect(pair.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(await currentMain(member.memberId)).toHaveLength(1);
    }
    const [waived, bought] = await Promise.all([authorize(member.auth, waive()), authorize(member.auth, buy({ hsamonthly: 10 }))]);
    expect([waived.statusCode, bought.statusCode]).toEqual([200, 200]);
    const current = await currentMain(member.memberId);
    expect(current).toHaveLength(1);
    // The one that committed last is current; the other is history; the member account and plan agree with it.
    const last = current[0]!.enrollmentid;
    const account = (await world.app.inject({ method: 'GET', url: '/api/MemberAccount/GetMemberAccount', headers: member.auth })).json().data;
    const winner = [waived, bought].find((answer) => answer.json().data.enrollmentid === last)!.json().data;
    expect(account.id).toBe(winner.memberAccount.id);
    expect((await memberPlan(member.memberId)).currentplanid).toBe(current[0]!.category === 'waive' ? null : HSA_PLAN);
    const listed = (await world.app.inject({ method: 'GET', url: '/api/Order/GetOrderByMember', headers: member.auth })).json().data.orderdetails;
    expect(listed.filter((order: { category: string }) => order.category === 'waive' || order.category === 'healthinsurance')).toHaveLength(1);
  });

  it('refuses a second current main order in the database itself (the partial unique index)', async () => {
    const member = await fresh();
    expect((await authorize(member.auth, waive())).statusCode).toBe(200);
    const [order] = await currentMain(member.memberId);
    const { id: _id, createdon: _c, modifiedon: _m, ...copy } = order!;
    await expect(world.db.insertInto('member_order').values({ ...copy, id: randomUUID() }).execute()).rejects.toThrow(/member_order_one_current_main/);
  });

  it('requires a sign-in, whatever the body', async () => {
    expect((await authorize(null, waive())).statusCode).toBe(401);
    expect((await authorize(null, { dependents: [] })).statusCode).toBe(401);
  });

  async function countRowsOf(memberId: string): Promise<number> {
    const rows = await world.db.selectFrom('member_order').select('id').where('memberid', '=', memberId).where('category', 'in', ['healthinsurance', 'waive']).execute();
    return rows.length;
  }
});
