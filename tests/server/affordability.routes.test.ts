/**
 * POST /api/Affordability on the real Oregon 2024 catalogue (Marion County imported): the numbers and the
 * verdict for Alice (40 on the effective date, the demo schedule's $450.00 self-only allowance), the stored
 * location, a state without plans, no address, and bad input.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { demoPlanYear } from '#db/seed/demo-employer.ts';
import { effectiveDateChoices } from '#domain/enrollment/effective-dates.ts';
import { importPlanCatalogue } from '#server/data-import/plans.import.ts';
import en from '#content/schemas/messages/en.json';
import es from '#content/schemas/messages/es.json';
import { databases } from './helpers/databases.ts';
import { setBirthdate, useEnrollmentWorld } from './enrollment.fixtures.ts';

describe.each(databases())('POST /api/Affordability on $name', (database) => {
  const world = useEnrollmentWorld(database);
  let effectiveDate: string;
  let planYear: number;

  beforeAll(async () => {
    await importPlanCatalogue(world.db, { only: { counties: ['41047'] } });
    const year = demoPlanYear(world.today);
    effectiveDate = effectiveDateChoices(world.today, { edocPeriod: null, planYearStart: `${year}-01-01`, planYearEnd: `${year}-12-31` })[0]!;
    planYear = Number(effectiveDate.slice(0, 4));
    await setBirthdate(world.db, world.alice.memberId, `${planYear - 40}-01-01`);
    await world.db.updateTable('member').set({ istobaccouser: 'Yes' }).where('id', '=', world.alice.memberId).execute();
  });

  const post = (payload: Record<string, unknown>, auth: Record<string, string> = world.alice.auth) =>
    world.app.inject({ method: 'POST', url: '/api/Affordability', headers: auth, payload: { effectivedate: effectiveDate, householdsize: 1, ...payload } });
  const marion = { postalcode: '97002', countycode: '41047' };

  it('shows the numbers: KP OR Silver 4000/40 at $478.00 (no tobacco load), $450.00 allowance, $28.00 against 9.96 % of income', async () => {
    const response = await post({ householdincome: 60000, ...marion });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      status: 'checked',
      planyear: planYear,
      ratesyear: 2024,
      householdincome: 60000,
      householdsize: 1,
      silverplan: { planid: '71287OR0420012', planname: 'KP OR Silver 4000/40', issuername: 'Kaiser Foundation Healthplan of the NW' },
      selfonlypremium: 478,
      allowance: 450,
      employeecost: 28,
      monthlyincome: 5000,
      affordable: true,
      verdict: 'shop-off-exchange',
    });
    if (planYear >= 2026) expect(data).toMatchObject({ requiredpercent: 9.96, threshold: 498, percentyear: 2026 });
    if (planYear !== 2024) expect(data.message).toBe(en.messages['plans-estimated-rates'].replace('{planYear}', String(planYear)).replace('{ratesYear}', '2024'));
    expect(data.percentofpoverty).toBeGreaterThan(300);
  });

  it('says the employee may decline when the cost is above the threshold', async () => {
    const data = (await post({ householdincome: 3000, householdsize: 3, ...marion })).json().data;
    expect(data).toMatchObject({ status: 'checked', employeecost: 28, affordable: false, verdict: 'may-decline' });
    expect(data.threshold).toBeLessThan(28);
  });

  it("uses the member's stored ZIP and county when the body names none", async () => {
    await world.db.updateTable('member').set({ postalcode: '97002', county: 'Marion', stateorprovince: 'OR' }).where('id', '=', world.alice.memberId).execute();
    const data = (await post({ householdincome: 60000 })).json().data;
    expect(data).toMatchObject({ status: 'checked', selfonlypremium: 478 });
  });

  it("names a state without plan data in the request's language ('Nueva York')", async () => {
    const answer = await post({ householdincome: 60000, postalcode: '10001', countycode: '36061' }, { ...world.alice.auth, cookie: 'bp_lang=es' });
    expect(answer.json().data).toMatchObject({ status: 'no-plan-data', statewithoutplans: 'Nueva York', message: es.messages['plans-none-for-state'].replace('{state}', 'Nueva York') });
  });

  it('says plainly when no plan data covers the area', async () => {
    const texas = (await post({ householdincome: 60000, postalcode: '75007', countycode: '48113' })).json().data;
    expect(texas).toMatchObject({ status: 'no-plan-data', statewithoutplans: 'Texas', affordable: null, verdict: null, message: en.messages['plans-none-for-state'].replace('{state}', 'Texas') });
    await world.db.updateTable('member').set({ postalcode: null, county: null, stateorprovince: null }).where('id', '=', world.alice.memberId).execute();
    const nowhere = (await post({ householdincome: 60000 })).json().data;
    expect(nowhere).toMatchObject({ status: 'no-plan-data', message: null, selfonlypremium: null, allowance: 450 });
  });

  it.each([
    ['a negative income', { householdincome: -1 }],
    ['a huge income', { householdincome: 1e308 }],
    ['an income with three decimals', { householdincome: 100.005 }],
    ['text for the income', { householdincome: 'lots' }],
    ['a household of no one', { householdincome: 1, householdsize: 0 }],
    ['a household size with decimals', { householdincome: 1, householdsize: 1.5 }],
    ['a ZIP with NUL', { householdincome: 1, postalcode: '9700\u0000' }],
    ['an effective date not offered', { householdincome: 1, effectivedate: `${new Date().getUTCFullYear()}-06-15` }],
  ])('answers 400 for %s', async (_label, payload) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('needs a token (401) and reads only the caller (no ids in the body)', async () => {
    const response = await world.app.inject({ method: 'POST', url: '/api/Affordability', payload: { effectivedate: effectiveDate, householdincome: 1, householdsize: 1 } });
    expect(response.statusCode).toBe(401);
  });
});
