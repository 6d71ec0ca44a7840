import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type TestDb } from './helpers/databases.ts';
import { enrollmentWorld, type EnrollmentWorld } from './enrollment.fixtures.ts';

describe.each(databases())('employer routes on $name', (database) => {
  let handle: TestDb;
  let world: EnrollmentWorld;
  beforeAll(async () => {
    handle = await database.create();
    world = await enrollmentWorld(handle.db);
  });
  afterAll(async () => {
    await world?.close();
    await handle?.close();
  });

  describe('GET /api/Employer/Branding/{accountid} (no sign-in)', () => {
    it('answers name, logo and help address only', async () => {
      const response = await world.app.inject({ method: 'GET', url: `/api/Employer/Branding/${world.demo.accountid}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: '',
        data: { accountid: world.demo.accountid, accountname: 'Acme Benefits Demo', mediadata: null, emailaddress: 'benefits-help@acme-demo.example' },
      });
    });

    it('answers 404 with the registration stop message for an unknown employer', async () => {
      const response = await world.app.inject({ method: 'GET', url: `/api/Employer/Branding/${randomUUID()}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: expect.stringMatching(/^An Employer must give you access before you can Register/) });
    });

    it('answers 400 for an id that is not an id', async () => {
      const response = await world.app.inject({ method: 'GET', url: '/api/Employer/Branding/acme' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', fieldErrors: { 'params/accountid': [expect.any(String)] } });
    });
  });

  describe('GET /api/Employer/{accountid}', () => {
    it("answers the caller's employer with its settings", async () => {
      const response = await world.app.inject({ method: 'GET', url: `/api/Employer/${world.demo.accountid}`, headers: world.alice.auth });
      expect(response.statusCode).toBe(200);
      const year = Number(response.json().data.planyearstart.slice(0, 4));
      expect(response.json().data).toEqual({
        accountid: world.demo.accountid,
        accountname: 'Acme Benefits Demo',
        teamid: world.demo.teamid,
        mediadata: null,
        emailaddress: 'benefits-help@acme-demo.example',
        employeazecustomer: 1,
        hsaonly: 1,
        edoc_period: null,
        planyearstart: `${year}-01-01`,
        planyearend: `${year}-12-31`,
        businessyear: year,
      });
    });

    it("refuses another employer's record", async () => {
      const response = await world.app.inject({ method: 'GET', url: `/api/Employer/${world.other.accountid}`, headers: world.alice.auth });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'You may not access this record.' });
    });

    it('requires a sign-in', async () => {
      const response = await world.app.inject({ method: 'GET', url: `/api/Employer/${world.demo.accountid}` });
      expect(response.statusCode).toBe(401);
    });

    it('answers 400 for an id that is not an id', async () => {
      const response = await world.app.inject({ method: 'GET', url: '/api/Employer/12', headers: world.alice.auth });
      expect(response.statusCode).toBe(400);
    });
  });
});
