import { describe, expect, it } from 'vitest';
import { databases } from './helpers/databases.ts';
import { useEnrollmentWorld } from './enrollment.fixtures.ts';

describe.each(databases())('contacts routes on $name', (database) => {
  const world = useEnrollmentWorld(database);

  describe('GET /api/Contacts/{accountid}', () => {
    it("answers the employer's contacts employees may see, with their type names", async () => {
      const response = await world.app.inject({ method: 'GET', url: `/api/Contacts/${world.demo.accountid}`, headers: world.alice.auth });
      expect(response.statusCode).toBe(200);
      const { contacts } = response.json().data;
      expect(contacts.map((c: Record<string, unknown>) => [c.contacttype, c.contacttypename, c.displaytoemployee, c.firstname])).toEqual([
        [1, 'Insurance Broker', true, 'Jordan'],
        [3, 'HR', true, 'Priya'],
      ]);
      expect(contacts[0]).toEqual({
        id: expect.any(String),
        accountid: world.demo.accountid,
        contacttype: 1,
        contacttypename: 'Insurance Broker',
        displaytoemployee: true,
        firstname: 'Jordan',
        middlename: null,
        lastname: 'Reyes',
        emailaddress: 'jordan.reyes@broker-demo.example',
        phonenumber: '(555) 010-2001',
      });
    });

    it('answers an empty list for an employer without contacts', async () => {
      const response = await world.app.inject({ method: 'GET', url: `/api/Contacts/${world.other.accountid}`, headers: world.carol.auth });
      expect(response.json()).toEqual({ success: true, data: { contacts: [] }, message: '' });
    });

    it("refuses another employer's contacts", async () => {
      const response = await world.app.inject({ method: 'GET', url: `/api/Contacts/${world.demo.accountid}`, headers: world.carol.auth });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You may not access this record.' });
    });

    it('rejects a bad id and a missing sign-in', async () => {
      expect((await world.app.inject({ method: 'GET', url: '/api/Contacts/x', headers: world.alice.auth })).statusCode).toBe(400);
      expect((await world.app.inject({ method: 'GET', url: `/api/Contacts/${world.demo.accountid}` })).statusCode).toBe(401);
    });
  });
});
