import { describe, expect, it } from 'vitest';
import { databases } from './helpers/databases.ts';
import { useEnrollmentWorld } from './enrollment.fixtures.ts';

describe.each(databases())('product routes on $name', (database) => {
  const world = useEnrollmentWorld(database);

  describe('GET /api/Product', () => {
    it("answers the caller's employer's additional services with their price options in dollars", async () => {
      const response = await world.app.inject({ method: 'GET', url: '/api/Product', headers: world.alice.auth });
      expect(response.statusCode).toBe(200);
      const [product] = response.json().data.productlist;
      expect(product).toMatchObject({
        productname: 'Telehealth Plus',
        vendorname: 'CareLine Virtual Health',
        category: 'additionalservices',
        taxstatus: 'Pre-Tax',
        options: [
          { id: expect.any(String), option: 'Individual', cost: 9.99 },
          { id: expect.any(String), option: 'Family', cost: 19.99 },
        ],
      });
    });

    it("leaves out another employer's own products", async () => {
      const response = await world.app.inject({ method: 'GET', url: '/api/Product', headers: world.carol.auth });
      expect(response.json().data.productlist).toEqual([]);
    });

    it('lists nothing while the employer does not offer additional services (employeazecustomer other than 1)', async () => {
      await world.db.updateTable('employer').set({ employeazecustomer: 2 }).where('accountid', '=', world.demo.accountid).execute();
      try {
        const response = await world.app.inject({ method: 'GET', url: '/api/Product', headers: world.alice.auth });
        expect(response.statusCode).toBe(200);
        expect(response.json().data.productlist).toEqual([]);
      } finally {
        await world.db.updateTable('employer').set({ employeazecustomer: 1 }).where('accountid', '=', world.demo.accountid).execute();
      }
    });

    it('requires a sign-in', async () => {
      expect((await world.app.inject({ method: 'GET', url: '/api/Product' })).statusCode).toBe(401);
    });
  });
});
