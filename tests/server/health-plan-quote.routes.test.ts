/**
 * POST /api/HealthPlanQuote on the real Oregon 2024 catalogue (Marion and Clackamas counties imported through
 * the start-up import): figures of shared/data/README.md for a known family, tobacco, the three-children rule,
 * the fallback year, a partial-county service area, a state without plans, bad input, another employer's id and
 * a date not offered. Plus planPremiumForFamily (contract 2).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetPlanCatalogue } from '#db/repositories/reference/plan.repository.ts';
import { demoPlanYear } from '#db/seed/demo-employer.ts';
import { effectiveDateChoices } from '#domain/enrollment/effective-dates.ts';
import { importPlanCatalogue } from '#server/data-import/plans.import.ts';
import { plansRoot } from '#server/data-import/plan-files.ts';
import { planPremiumForFamily } from '#server/services/enrollment/plan-quotes.ts';
import { findFamily } from '#db/repositories/member/member.repository.ts';
import en from '#content/schemas/messages/en.json';
import es from '#content/schemas/messages/es.json';
import { databases } from './helpers/databases.ts';
import { countRows, MARION, quoteRequest, setBirthdate, useEnrollmentWorld } from './enrollment.fixtures.ts';

const CLACKAMAS = '41005';
const KAISER_BRONZE = '71287OR0420018';
/** Regence's service area 77969-2024-ORS002 covers ZIP 97002 of Marion County but not ZIP 97301 (same county). */
const REGENCE_PARTIAL = '77969OR5280019';

describe.each(databases())('POST /api/HealthPlanQuote on $name', (database) => {
  const world = useEnrollmentWorld(database);
  let effectiveDate: string;
  let planYear: number;

  beforeAll(async () => {
    await importPlanCatalogue(world.db, { only: { counties: [MARION, CLACKAMAS] } });
    const year = demoPlanYear(world.today);
    effectiveDate = effectiveDateChoices(world.today, { edocPeriod: null, planYearStart: `${year}-01-01`, planYearEnd: `${year}-12-31` })[0]!;
    planYear = Number(effectiveDate.slice(0, 4));
    // Alice is 40 on the effective date (born January 1), no tobacco, no dependents yet.
    await setBirthdate(world.db, world.alice.memberId, `${planYear - 40}-01-01`);
    await world.db.updateTable('member').set({ istobaccouser: 'No' }).where('id', '=', world.alice.memberId).execute();
  });

  const body = (overrides: Record<string, unknown> = {}) => quoteRequest(world.demo.accountid, effectiveDate, overrides);
  const post = (payload: unknown, member: 'alice' | 'bob' | 'carol' = 'alice') =>
    world.app.inject({ method: 'POST', url: '/api/HealthPlanQuote', headers: world[member].auth, payload: payload as object });
  const rateOf = (answer: { data: { healthplans: Array<{ planid: string; rate: number }> } }, planid: string) =>
    answer.data.healthplans.find((plan) => plan.planid === planid)?.rate;

  async function setFamily(dependents: Array<{ relationship: 'spouse' | 'child'; age: number; tobacco?: boolean }>, memberTobacco = false) {
    await world.db.deleteFrom('dependent').where('memberid', '=', world.alice.memberId).execute();
    await world.db.updateTable('member').set({ istobaccouser: memberTobacco ? 'Yes' : 'No' }).where('id', '=', world.alice.memberId).execute();
    for (const dependent of dependents) {
      await world.db
        .insertInto('dependent')
        .values({
          id: randomUUID(),
          memberid: world.alice.memberId,
          firstname: 'D',
          lastname: 'Lovelace',
          dateofbirth: `${planYear - dependent.age}-01-01`,
          relationship: dependent.relationship,
          istobaccouser: dependent.tobacco ?? false,
          gender: 'Female',
          createdby: 'test',
          modifiedby: 'test',
        })
        .execute();
    }
  }

  it('answers the 72 off-exchange base plans at 97002 in Marion County, cheapest first, with 2024 rates as estimates', async () => {
    await setFamily([]);
    const response = await post(body());
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.data.healthplans).toHaveLength(72);
    expect(answer.data).toMatchObject({ planyear: planYear, ratesyear: 2024, estimated: planYear !== 2024 });
    expect(answer.data.message).toBe(en.messages['plans-estimated-rates'].replace('{planYear}', String(planYear)).replace('{ratesYear}', '2024'));
    expect(answer.message).toBe(answer.data.message);
    const rates = answer.data.healthplans.map((plan: { rate: number }) => plan.rate);
    expect([...rates].sort((a, b) => a - b)).toEqual(rates);
    expect(answer.data.healthplans.every((plan: { planid: string }) => /^\d{5}OR\d{7}$/.test(plan.planid))).toBe(true);
    const kaiser = answer.data.healthplans.find((plan: { planid: string }) => plan.planid === KAISER_BRONZE);
    expect(kaiser).toMatchObject({
      id: KAISER_BRONZE,
      planname: 'KP OR Bronze 9100/75',
      issuername: 'Kaiser Foundation Healthplan of the NW',
      plantype: 'EPO',
      metallevel: 'Expanded Bronze',
      rate: 367,
      planeffectivedate: effectiveDate,
      // Not flagged by the carrier, but an expanded bronze plan goes with an HSA from 2026 (Public Law 119-21).
      ishsaeligible: planYear >= 2026 ? 'Yes' : 'No',
      annualdeductibleindividual: 9100,
      annualdeductiblefamily: 18200,
      annualoopmaxindividual: 9100,
      annualoopmaxfamily: 18200,
      primarycarevisit: '$75',
      genericdrugs: '$30',
    });
    expect(kaiser.benefits.specialistvisit).toBe('$0 after deductible');
  });

  it('leaves out plans sold only on the exchange', async () => {
    const onExchangeOnly = await world.db
      .selectFrom('plan')
      .select('plan_id')
      .where('off_exchange', '=', false)
      .where('service_area_id', 'in', world.db.selectFrom('plan_service_area_zip').select('service_area_id').where('zip', '=', '97002').where('county_fips', '=', MARION))
      .execute();
    expect(onExchangeOnly.length).toBeGreaterThan(0);
    const answer = (await post(body())).json();
    const quoted = new Set(answer.data.healthplans.map((plan: { planid: string }) => plan.planid));
    expect(onExchangeOnly.filter((row) => quoted.has(row.plan_id))).toEqual([]);
  });

  it('prices the county the member picks: Clackamas (OR01) at $355.00', async () => {
    const answer = (await post(body({ countycode: CLACKAMAS }))).json();
    expect(rateOf(answer, KAISER_BRONZE)).toBe(355);
  });

  it('uses the tobacco rate on file ($441.00), whatever the body says', async () => {
    await setFamily([], true);
    expect(rateOf((await post(body({ issmoker: false }))).json(), KAISER_BRONZE)).toBe(441);
    await setFamily([]);
    expect(rateOf((await post(body({ issmoker: true }))).json(), KAISER_BRONZE)).toBe(367);
  });

  it('prices the family on file: spouse 40 and four children under 21 of whom the three oldest are charged', async () => {
    await setFamily([
      { relationship: 'spouse', age: 40 },
      { relationship: 'child', age: 3 },
      { relationship: 'child', age: 5 },
      { relationship: 'child', age: 8 },
      { relationship: 'child', age: 10 },
    ]);
    // 2 x $367.00 + 3 x $183.00 (0-14); the fourth child is free. Dependents in the body change nothing.
    const answer = (await post(body({ memberdependentlist: [{ firstname: 'X', dateofbirth: '1950-01-01', relationship: 'spouse' }] }))).json();
    expect(rateOf(answer, KAISER_BRONZE)).toBe(1283);
    await setFamily([{ relationship: 'child', age: 21 }]);
    expect(rateOf((await post(body())).json(), KAISER_BRONZE)).toBe(367 + 287);
    await setFamily([]);
  });

  it('follows a service area that covers only part of a county', async () => {
    const aurora = (await post(body({ postalcode: '97002' }))).json();
    const salem = (await post(body({ postalcode: '97301' }))).json();
    expect(rateOf(aurora, REGENCE_PARTIAL)).toBeDefined();
    expect(rateOf(salem, REGENCE_PARTIAL)).toBeUndefined();
    expect(rateOf(salem, KAISER_BRONZE)).toBe(367);
  });

  it("words the estimate notice in the request's language, each language's answer kept apart", async () => {
    await setFamily([]);
    const ask = (headers: Record<string, string>) =>
      world.app.inject({ method: 'POST', url: '/api/HealthPlanQuote', headers: { ...world.alice.auth, ...headers }, payload: body() });
    const fill = (text: string) => text.replace('{planYear}', String(planYear)).replace('{ratesYear}', '2024');
    const spanish = (await ask({ cookie: 'bp_lang=es' })).json();
    const english = (await ask({})).json();
    expect(spanish.data.healthplans).toEqual(english.data.healthplans);
    if (planYear === 2024) return;
    expect(spanish.data.message).toBe(fill(es.messages['plans-estimated-rates']));
    expect(spanish.message).toBe(spanish.data.message);
    expect(english.data.message).toBe(fill(en.messages['plans-estimated-rates']));
    expect((await ask({ 'accept-language': 'es' })).json().data.message).toBe(spanish.data.message);
  });

  it('quotes the plan year itself when the catalogue has its rates (no estimate)', async () => {
    if (planYear === 2024) return;
    const root = mkdtempSync(path.join(os.tmpdir(), 'plans-year-'));
    try {
      cpSync(path.join(plansRoot, 'or-2024'), path.join(root, `or-${planYear}`), { recursive: true });
      const manifestFile = path.join(root, `or-${planYear}`, 'manifest.json');
      writeFileSync(manifestFile, JSON.stringify({ ...JSON.parse(readFileSync(manifestFile, 'utf8')), planYear }));
      await importPlanCatalogue(world.db, { root, only: { counties: [MARION] } });
      const answer = (await post(body())).json();
      expect(answer.data).toMatchObject({ planyear: planYear, ratesyear: planYear, estimated: false, message: null });
      expect(rateOf(answer, KAISER_BRONZE)).toBe(367);
    } finally {
      await world.db.deleteFrom('plan_rate').where('plan_year', '=', planYear).execute();
      await world.db.deleteFrom('plan_county').where('plan_year', '=', planYear).execute();
      await world.db.deleteFrom('plan').where('plan_year', '=', planYear).execute();
      await world.db.deleteFrom('plan_service_area_zip').where('plan_year', '=', planYear).execute();
      await world.db.deleteFrom('plan_zip_county').where('plan_year', '=', planYear).execute();
      // Deleting rows by hand is no import: the catalogue answers kept in memory must be forgotten too.
      forgetPlanCatalogue();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("quotes a body without a county at the ZIP's county that is the member's county on file (the profile's current-plan search)", async () => {
    const { countycode: _omitted, ...withoutCounty } = body();
    const answerAt = async (countycode?: string) => (await post(countycode ? body({ countycode }) : withoutCounty)).json().data;
    const [marion, clackamas] = [await answerAt(MARION), await answerAt(CLACKAMAS)];
    expect(marion.healthplans).not.toEqual(clackamas.healthplans);
    try {
      for (const [county, expected] of [['Clackamas County', clackamas], ['Marion', marion]] as const) {
        await world.db.updateTable('member').set({ county }).where('id', '=', world.alice.memberId).execute();
        expect(await answerAt()).toEqual(expected);
      }
      const unknownZip = await post({ ...withoutCounty, postalcode: '00001' });
      expect(unknownZip.statusCode).toBe(400);
      expect(unknownZip.json().fieldErrors).toHaveProperty('/postalcode');
    } finally {
      await world.db.updateTable('member').set({ county: null }).where('id', '=', world.alice.memberId).execute();
    }
  });

  it('says plainly that a state has no plans (Dallas County, Texas)', async () => {
    const response = await post(body({ postalcode: '75007', countycode: '48113', state: 'TX' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      healthplans: [],
      planyear: planYear,
      ratesyear: planYear,
      estimated: false,
      message: en.messages['plans-none-for-state'].replace('{state}', 'Texas'),
    });
  });

  it.each([
    ['a ZIP and county that are no pair of the catalogue', { postalcode: '97002', countycode: '41051' }],
    ['a county code of no state', { countycode: '99001' }],
    ['an Oregon ZIP with a county of a state without plans (Los Angeles, California)', { postalcode: '97201', countycode: '06037' }],
    ['NUL in a text', { countyname: 'Mar\u0000ion' }],
    ['a lone surrogate', { city: 'Aur\ud800ora' }],
    ['a huge number for the ZIP', { postalcode: 1e308 }],
    ['an object for the county', { countycode: { $gt: '' } }],
    ['a list that is not a list', { memberdependentlist: 'all' }],
    ['a date that does not exist', { policyeffectivedaterequested: '2027-02-30' }],
    ['no effective date', { policyeffectivedaterequested: undefined }],
  ])('answers 400 for %s', async (_label, overrides) => {
    const response = await post(body(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('answers 400 for an effective date the employer does not offer', async () => {
    const response = await post(body({ policyeffectivedaterequested: `${planYear}-06-15` }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty(['/policyeffectivedaterequested']);
  });

  it("refuses another employer's accountid (403) and needs a token (401)", async () => {
    expect((await post(body({ accountid: world.other.accountid }))).statusCode).toBe(403);
    const anonymous = await world.app.inject({ method: 'POST', url: '/api/HealthPlanQuote', payload: body() });
    expect(anonymous.statusCode).toBe(401);
  });

  it("quotes each caller's own family: Bob has no birthdate on file yet (400), Carol's employer offers other dates", async () => {
    const bob = await post(body(), 'bob');
    expect(bob.statusCode).toBe(400);
    expect(await countRows(world.db, 'member_order')).toBe(0);
  });

  it('keeps a finished answer only for the same rating inputs: a changed family, a catalogue change, another member', async () => {
    await setFamily([]);
    const first = await post(body());
    expect((await post(body())).rawPayload.equals(first.rawPayload)).toBe(true);
    // The family changes: another answer at once.
    await setFamily([{ relationship: 'child', age: 5 }]);
    expect(rateOf((await post(body())).json(), KAISER_BRONZE)).toBe(367 + 183);
    await setFamily([]);
    expect((await post(body())).rawPayload.equals(first.rawPayload)).toBe(true);
    // The catalogue changes (an import forgets the catalogue kept in memory; here by hand): another answer.
    const rate = () => world.db.updateTable('plan_rate').where('plan_id', '=', KAISER_BRONZE).where('plan_year', '=', 2024).where('age_band', '=', 40);
    await rate().set({ rate_cents: sql<number>`rate_cents + 100` }).execute();
    forgetPlanCatalogue();
    try {
      expect(rateOf((await post(body())).json(), KAISER_BRONZE)).toBe(368);
    } finally {
      await rate().set({ rate_cents: sql<number>`rate_cents - 100` }).execute();
      forgetPlanCatalogue();
    }
    expect((await post(body())).rawPayload.equals(first.rawPayload)).toBe(true);
    // Bob with Alice's rating inputs gets the same bytes, which name neither of them; with tobacco, his own.
    await setBirthdate(world.db, world.bob.memberId, `${planYear - 40}-01-01`);
    await world.db.updateTable('member').set({ istobaccouser: 'No' }).where('id', '=', world.bob.memberId).execute();
    try {
      const bob = await post(body(), 'bob');
      expect(bob.rawPayload.equals(first.rawPayload)).toBe(true);
      for (const who of [world.alice, world.bob]) expect(bob.payload).not.toContain(who.memberId);
      await world.db.updateTable('member').set({ istobaccouser: 'Yes' }).where('id', '=', world.bob.memberId).execute();
      expect(rateOf((await post(body(), 'bob')).json(), KAISER_BRONZE)).toBe(441);
      expect((await post(body())).rawPayload.equals(first.rawPayload)).toBe(true);
    } finally {
      await world.db.updateTable('member').set({ birthdate: null, istobaccouser: 'No' }).where('id', '=', world.bob.memberId).execute();
    }
    expect((await post(body(), 'bob')).statusCode).toBe(400);
  });

  it('sends the answer compressed when the client accepts it, decompressing to exactly the identity bytes', async () => {
    await setFamily([]);
    const send = (acceptEncoding: string) =>
      world.app.inject({ method: 'POST', url: '/api/HealthPlanQuote', headers: { ...world.alice.auth, 'accept-encoding': acceptEncoding }, payload: body() });
    const identity = await post(body());
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('Accept-Encoding');
    for (const [acceptEncoding, coding, decompress] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
      ['*', 'br', brotliDecompressSync],
    ] as const) {
      // Twice: the first request compresses and keeps the copy, the second is answered from it.
      for (const _time of [1, 2]) {
        const response = await send(acceptEncoding);
        expect(response.statusCode, acceptEncoding).toBe(200);
        expect(response.headers['content-encoding'], acceptEncoding).toBe(coding);
        expect(response.headers.vary).toBe('Accept-Encoding');
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(response.rawPayload.length).toBeLessThan(identity.rawPayload.length / 5);
        expect(decompress(response.rawPayload).equals(identity.rawPayload), acceptEncoding).toBe(true);
      }
    }
    for (const refused of ['br;q=0, gzip;q=0', 'identity', '', 'deflate, zstd']) {
      const response = await send(refused);
      expect(response.headers['content-encoding'], refused).toBeUndefined();
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.rawPayload.equals(identity.rawPayload), refused).toBe(true);
    }
  });

  it("is read by the web app's fetch, which decompresses the answer by itself", async () => {
    await setFamily([]);
    const identity = (await post(body())).json();
    const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    for (const acceptEncoding of ['gzip, deflate, br, zstd', 'gzip, deflate']) {
      // What api-client.ts sends, with the Accept-Encoding of Chromium and of Node's fetch over http.
      const response = await fetch(`${address}/api/HealthPlanQuote`, {
        method: 'POST',
        headers: { ...world.alice.auth, accept: 'application/json', 'content-type': 'application/json', 'accept-encoding': acceptEncoding },
        body: JSON.stringify(body()),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(acceptEncoding.includes('br') ? 'br' : 'gzip');
      expect(await response.json()).toEqual(identity);
    }
  });

  it('planPremiumForFamily answers one plan as the quote prices it (in cents: the route edge writes dollars), null for a plan not sold there', async () => {
    await setFamily([{ relationship: 'child', age: 5 }]);
    const where = { postalcode: '97002', countycode: MARION, effectiveDate };
    const family = (await findFamily(world.db, world.alice.memberId))!;
    const found = await planPremiumForFamily(world.db, family, KAISER_BRONZE, where);
    expect(found).toMatchObject({ premiumCents: 36700 + 18300, plan: { planid: KAISER_BRONZE, rate: 55000 } });
    expect(await planPremiumForFamily(world.db, family, REGENCE_PARTIAL, { ...where, postalcode: '97301' })).toBeNull();
    expect(await planPremiumForFamily(world.db, family, '00000OR0000000', where)).toBeNull();
    await setFamily([]);
  });
});
