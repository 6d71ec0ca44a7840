import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { demoEmployer } from '#db/seed/demo-employer.ts';
import { databases } from './helpers/databases.ts';
import { useEnrollmentWorld } from './enrollment.fixtures.ts';

describe.each(databases())('employer routes on $name', (database) => {
  const world = useEnrollmentWorld(database);

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
      expect(response.json().data).toEqual(demoEmployer(year));
      expect(response.json().data).toMatchObject({ accountid: world.demo.accountid, accountname: 'Acme Benefits Demo', teamid: world.demo.teamid });
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
