/**
 * GET /api/USZipCounty/{zip}/ on the nationwide crosswalk (imported into every test database by the product's own
 * import code), and the address check of PUT /api/Member that uses the same data.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { databases } from './helpers/databases.ts';
import { createEmployer, registerMember, TEST_PROFILE, type RegisteredMember, type TestEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';

describe.each(databases())('ZIP lookup on $name', (database) => {
  const t = useTestApp(database);
  let employer: TestEmployer;
  let member: RegisteredMember;

  beforeAll(async () => {
    employer = await createEmployer(t.db);
    member = await registerMember(t.app, employer);
  });

  const lookup = (zip: string, auth: Record<string, string> | undefined = member.auth) =>
    t.app.inject({ method: 'GET', url: `/api/USZipCounty/${zip}/`, headers: auth });

  describe('GET /api/USZipCounty/{zip}/', () => {
    it('answers a multi-county ZIP largest share first (75007: Denton, Dallas, Collin)', async () => {
      const response = await lookup('75007');
      expect(response.statusCode).toBe(200);
      const { locationlist } = response.json().data;
      expect(locationlist).toEqual([
        { city: 'Carrollton', countyname: 'Denton County', countylabel: 'Denton County', countycode: '48121', statename: 'Texas', state: 'TX', zipcode: '75007', share: 0.8978 },
        { city: 'Carrollton', countyname: 'Dallas County', countylabel: 'Dallas County', countycode: '48113', statename: 'Texas', state: 'TX', zipcode: '75007', share: 0.0764 },
        { city: 'Carrollton', countyname: 'Collin County', countylabel: 'Collin County', countycode: '48085', statename: 'Texas', state: 'TX', zipcode: '75007', share: 0.0259 },
      ]);
    });

    it('orders 97002 Marion then Clackamas, and answers without the trailing slash too', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/USZipCounty/97002', headers: member.auth });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.locationlist.map((l: { countyname: string; countycode: string }) => [l.countyname, l.countycode])).toEqual([
        ['Marion County', '41047'],
        ['Clackamas County', '41005'],
      ]);
    });

    it('keeps the leading zero of a ZIP (00501 Holtsville, NY)', async () => {
      const response = await lookup('00501');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.locationlist).toEqual([
        { city: 'Holtsville', countyname: 'Suffolk County', countylabel: 'Suffolk County', countycode: '36103', statename: 'New York', state: 'NY', zipcode: '00501', share: 1 },
      ]);
    });

    it.each([
      ['97002', ['Condado de Marion', 'Condado de Clackamas']],
      ['70112', ['Parroquia de Orleans']],
      ['99801', ['Ciudad y borough de Juneau']],
    ])("names %s's counties in Spanish for a request in Spanish (a parish and a borough as such), keeping the crosswalk's name", async (zip, labels) => {
      const response = await lookup(zip, { ...member.auth, 'accept-language': 'es-US' });
      const list = response.json().data.locationlist as Array<{ countyname: string; countylabel: string }>;
      expect(list.map((county) => county.countylabel)).toEqual(labels);
      expect(list.map((county) => county.countyname)).not.toEqual(labels);
    });

    it('answers 404 NOT_FOUND with the catalogue text for a ZIP the crosswalk does not know', async () => {
      const response = await lookup('00000');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Invalid or non-existent zip code', data: null });
    });

    it.each([
      ['fewer than 5 digits', '7500'],
      ['more than 5 digits', '750071'],
      ['letters', '7500a'],
      ['a long string', '7'.repeat(99)],
      ['spaces around', '%2075007'],
    ])('refuses %s with 400 and the catalogue text', async (_label, zip) => {
      const response = await lookup(zip);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'Please check your Zip Code' });
    });

    it('refuses a NUL, what is no URL and a path parameter too long before the route, in the envelope (400)', async () => {
      // A NUL is refused for every route before its handler (input-limits.ts); Fastify itself answers the others
      // (frameworkErrors): a lone surrogate is no valid URL component, a parameter over 100 characters too long.
      const nul = await lookup('75%0007');
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', fieldErrors: { 'params/zip': ['Contains a character that is not allowed (a NUL or an unpaired surrogate).'] } });
      for (const zip of ['%ED%A0%80', '7'.repeat(5000)]) {
        const response = await lookup(zip);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ success: false, data: null, code: 'VALIDATION_FAILED' });
      }
    });

    it("answers 'Enter the ZipCode' for an empty ZIP", async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/USZipCounty/%20/', headers: member.auth });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Enter the ZipCode');
    });

    it('requires a sign-in', async () => {
      expect((await lookup('75007', {})).statusCode).toBe(401);
    });
  });

  describe('PUT /api/Member checks the address against the crosswalk', () => {
    const put = (member: RegisteredMember, changes: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/Member', headers: member.auth, payload: { member: { ...TEST_PROFILE, ...changes } } });
    const row = (m: RegisteredMember) => t.db.selectFrom('member').selectAll().where('id', '=', m.memberId).executeTakeFirstOrThrow();

    it('stores a real combination, the county by name in any case or by FIPS', async () => {
      const m = await registerMember(t.app, employer);
      const chosen = await put(m, { postalcode: '75007', county: 'Dallas County', stateorprovince: 'TX', city: 'Carrollton' });
      expect(chosen.statusCode).toBe(200);
      expect(chosen.json().data).toMatchObject({ postalcode: '75007', county: 'Dallas County', stateorprovince: 'TX' });
      expect((await put(m, { postalcode: '97002', county: 'clackamas county', stateorprovince: 'OR' })).statusCode).toBe(200);
      expect((await put(m, { postalcode: '97002', county: '41047', stateorprovince: 'OR' })).statusCode).toBe(200);
    });

    it.each([
      ['an unknown ZIP', { postalcode: '00000' }, '/member/postalcode', 'Invalid or non-existent zip code'],
      ['a county the ZIP does not reach', { postalcode: '75007', county: 'Travis County', stateorprovince: 'TX' }, '/member/county', 'Please check the ZipCode'],
      ['a state that is not the county\'s', { postalcode: '75007', county: 'Denton County', stateorprovince: 'OK' }, '/member/stateorprovince', 'Please check the ZipCode'],
      ['a ZIP of fewer than 5 digits', { postalcode: '7500' }, '/member/postalcode', 'Please check the zipCode'],
      ['a NUL in the ZIP', { postalcode: '7500\u0000' }, '/member/postalcode', 'Contains a character that is not allowed (a NUL or an unpaired surrogate).'],
    ])('refuses %s with 400, the field marked with the catalogue text, nothing written', async (_label, changes, pointer, text) => {
      const m = await registerMember(t.app, employer);
      const before = await row(m);
      const response = await put(m, changes);
      expect(response.statusCode).toBe(400);
      const answer = response.json();
      expect(answer.code).toBe('VALIDATION_FAILED');
      expect(answer.fieldErrors[pointer]).toEqual([text]);
      expect(await row(m)).toEqual(before);
    });
  });
});
