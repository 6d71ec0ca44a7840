import { describe, expect, it } from 'vitest';
import { databases } from './helpers/databases.ts';
import { useEnrollmentWorld } from './enrollment.fixtures.ts';

describe.each(databases())('broker routes on $name', (database) => {
  const world = useEnrollmentWorld(database);

  describe('GET /api/Brocker/{teamid}', () => {
    it("answers the brokers of the caller's employer's team", async () => {
      const response = await world.app.inject({ method: 'GET', url: `/api/Brocker/${world.demo.teamid}`, headers: world.bob.auth });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: '',
        data: [{ firstName: 'Jordan', lastName: 'Reyes', emailAddress: 'jordan.reyes@broker-demo.example', phoneNumber: '(555) 010-2001' }],
      });
    });

    it("refuses another employer's team", async () => {
      const response = await world.app.inject({ method: 'GET', url: `/api/Brocker/${world.other.teamid}`, headers: world.alice.auth });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    });

    it('rejects a bad id and a missing sign-in', async () => {
      expect((await world.app.inject({ method: 'GET', url: '/api/Brocker/team-1', headers: world.alice.auth })).statusCode).toBe(400);
      expect((await world.app.inject({ method: 'GET', url: `/api/Brocker/${world.demo.teamid}` })).statusCode).toBe(401);
    });
  });
});
