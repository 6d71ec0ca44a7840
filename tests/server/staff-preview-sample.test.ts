/**
 * GET /api/staff/employers/{accountid}/preview-sample: the console's preview of the member wizard reads, for a
 * made-up employee, what a member of the same age and place reads from the member API: the same plans at the
 * same prices (a few of each kind), the same HSA limit, the employer's services, its contribution. Any staff
 * session may read it, nobody else, and it writes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PreviewSample } from '#contracts/staff/staff-preview.ts';
import { demoPlanYear } from '#db/seed/demo-employer.ts';
import { effectiveDateChoices } from '#domain/enrollment/effective-dates.ts';
import { importPlanCatalogue } from '#server/data-import/plans.import.ts';
import { monthlyContributionForMember } from '#server/services/enrollment/contributions.ts';
import { PREVIEW_PLANS_EACH } from '#server/services/staff-employers/staff-preview-sample.ts';
import { databases } from './helpers/databases.ts';
import { countRows, MARION, quoteRequest, setBirthdate, useEnrollmentWorld } from './enrollment.fixtures.ts';
import { signInStaff, type SignedInStaff } from './staff-fixtures.ts';

describe.each(databases())('the staff preview sample on $name', (database) => {
  const world = useEnrollmentWorld(database);
  let viewer: SignedInStaff;
  let effectiveDate: string;
  const birthdate = '1985-04-12';

  beforeAll(async () => {
    await importPlanCatalogue(world.db, { only: { counties: [MARION] } });
    viewer = await signInStaff(world.app, 'viewer');
    const year = demoPlanYear(world.today);
    effectiveDate = effectiveDateChoices(world.today, { edocPeriod: null, planYearStart: `${year}-01-01`, planYearEnd: `${year}-12-31` })[0]!;
    // Alice lives where the sample lives and was born the same day: the member API answers her what the sample gets.
    await setBirthdate(world.db, world.alice.memberId, birthdate);
    await world.db
      .updateTable('member')
      .set({ istobaccouser: 'No', postalcode: '97002', county: 'Marion', stateorprovince: 'OR', city: 'Aurora' })
      .where('id', '=', world.alice.memberId)
      .execute();
  });

  const sampleUrl = (language = 'en') =>
    `/api/staff/employers/${world.demo.accountid}/preview-sample?zip=97002&county=Marion&birthdate=${birthdate}&effectivedate=${effectiveDate}&language=${language}`;
  const readSample = async (language?: string) => {
    const response = await world.app.inject({ method: 'GET', url: sampleUrl(language), headers: { cookie: viewer.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as PreviewSample;
  };
  const asAlice = (method: 'GET' | 'POST', url: string, payload?: object) => world.app.inject({ method, url, headers: world.alice.auth, payload });

  it("answers a few plans of each kind, priced as the member's quote prices the same person at the same place", async () => {
    const sample = await readSample();
    const quoted = (await asAlice('POST', '/api/HealthPlanQuote', quoteRequest(world.demo.accountid, effectiveDate, {}))).json().data;
    const hsa = sample.quote.healthplans.filter((plan) => plan.ishsaeligible === 'Yes');
    const others = sample.quote.healthplans.filter((plan) => plan.ishsaeligible !== 'Yes');
    expect(hsa.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    expect(hsa.length).toBeLessThanOrEqual(PREVIEW_PLANS_EACH);
    expect(others.length).toBeLessThanOrEqual(PREVIEW_PLANS_EACH);
    for (const plan of sample.quote.healthplans) {
      expect(quoted.healthplans.find((member: { planid: string }) => member.planid === plan.planid)).toEqual(plan);
    }
    expect(sample.quote.location).toMatchObject({ zipcode: '97002', countyname: expect.stringContaining('Marion'), state: 'OR' });
    expect({ planyear: sample.quote.planyear, estimated: sample.quote.estimated, message: sample.quote.message }).toEqual({
      planyear: quoted.planyear,
      estimated: quoted.estimated,
      message: quoted.message,
    });
  });

  it("answers the member's HSA limit, the employer's services and its contribution for the same person", async () => {
    const sample = await readSample();
    expect(sample.hsalimit).toEqual((await asAlice('GET', `/api/Hsa/Limit?effectivedate=${effectiveDate}`)).json().data);
    expect(sample.productlist).toEqual((await asAlice('GET', '/api/Product')).json().data.productlist);
    expect(sample.productlist.length).toBeGreaterThan(0);
    // Dollars on the wire, as every amount of the sample (the member routes' edge): the service's cents / 100.
    expect(sample.contribution).toBe((await monthlyContributionForMember(world.db, world.alice.memberId, effectiveDate)) / 100);
    expect(sample.contribution).toBeGreaterThan(0);
  });

  it('is for staff only, refuses a ZIP the crosswalk lacks, and writes nothing', async () => {
    const written = () => Promise.all((['member', 'dependent', 'member_order', 'enrollment', 'log_fact', 'staff_audit'] as const).map((table) => countRows(world.db, table)));
    const before = await written();
    expect((await world.app.inject({ method: 'GET', url: sampleUrl() })).statusCode).toBe(401);
    expect((await world.app.inject({ method: 'GET', url: sampleUrl(), headers: world.alice.auth })).statusCode).toBe(401);
    const unknownZip = await world.app.inject({ method: 'GET', url: sampleUrl().replace('97002', '99999'), headers: { cookie: viewer.cookie } });
    expect(unknownZip.statusCode).toBe(400);
    // A birthdate no employee has (year 0, or after the effective date) is refused, naming the field.
    for (const wrong of ['0000-01-01', '2999-01-01']) {
      const refused = await world.app.inject({ method: 'GET', url: sampleUrl().replace(birthdate, wrong), headers: { cookie: viewer.cookie } });
      expect(refused.statusCode, wrong).toBe(400);
      expect(Object.keys(refused.json().fieldErrors)).toEqual(['querystring/birthdate']);
    }
    await readSample('es');
    expect(await written()).toEqual(before);
  });
});
