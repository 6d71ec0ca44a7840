/**
 * Which plans go with an HSA follows the law of the plan year (src/domain/enrollment/hsa.ts isHsaCompatible): from 2026 a
 * bronze or catastrophic plan does, whatever the carrier file's hsa_eligible says (26 U.S.C. 223(c)(2)(J), Public
 * Law 119-21; IRS Notice 2026-5). On the shipped Oregon catalogue (Marion County), where no bronze plan carries the
 * carrier's flag: the quote's ishsaeligible, and Authorize's check of an HSA contribution, for 2025 and for 2026.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HealthPlan } from '#contracts/entities.ts';
import { importPlanCatalogue } from '#server/data-import/plans.import.ts';
import { databases } from './helpers/databases.ts';
import { completeProfile, MARION, quoteRequest, setBirthdate, useEnrollmentWorld } from './enrollment.fixtures.ts';

/** Kaiser's expanded bronze plan, hsa_eligible false in the carrier file. */
const KAISER_BRONZE = '71287OR0420018';
const HSA_NEEDS_PLAN = 'An HSA contribution needs an HSA-eligible health plan in your cart.';

describe.each(databases())('HSA-compatible plans by plan year on $name', (database) => {
  describe.each([
    { planYear: 2025, now: '2024-11-20T12:00:00Z', bronzeGoesWithHsa: false },
    { planYear: 2026, now: '2025-11-20T12:00:00Z', bronzeGoesWithHsa: true },
  ])('plan year $planYear', ({ planYear, now, bronzeGoesWithHsa }) => {
    const world = useEnrollmentWorld(database, { now: () => new Date(now) });
    const effectivedate = `${planYear}-01-01`;

    beforeAll(async () => {
      await importPlanCatalogue(world.db, { only: { counties: [MARION] } });
      await completeProfile(world.db, world.alice.memberId);
      await setBirthdate(world.db, world.alice.memberId, `${planYear - 40}-01-01`);
      await world.db.updateTable('member').set({ istobaccouser: 'No', postalcode: '97002', stateorprovince: 'OR' }).where('id', '=', world.alice.memberId).execute();
    });

    const quote = async (): Promise<HealthPlan[]> => {
      const response = await world.app.inject({
        method: 'POST',
        url: '/api/HealthPlanQuote',
        headers: world.alice.auth,
        payload: quoteRequest(world.demo.accountid, effectivedate),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.healthplans;
    };

    it(`marks the bronze plans the carrier file does not flag as HSA-eligible: ${bronzeGoesWithHsa}`, async () => {
      const plans = await quote();
      const kaiser = plans.find((plan) => plan.planid === KAISER_BRONZE);
      expect(kaiser).toMatchObject({ metallevel: 'Expanded Bronze', ishsaeligible: bronzeGoesWithHsa ? 'Yes' : 'No' });
      const bronze = plans.filter((plan) => plan.metallevel === 'Bronze' || plan.metallevel === 'Expanded Bronze');
      expect(bronze.length).toBeGreaterThan(1);
      if (bronzeGoesWithHsa) expect(bronze.every((plan) => plan.ishsaeligible === 'Yes')).toBe(true);
      // Silver and gold plans keep the carrier's flag, which Marion's gold plans lack.
      const gold = plans.filter((plan) => plan.metallevel === 'Gold');
      expect(gold.length).toBeGreaterThan(0);
      expect(gold.every((plan) => plan.ishsaeligible === 'No')).toBe(true);
    });

    it(`Authorize ${bronzeGoesWithHsa ? 'accepts' : 'refuses'} an HSA contribution beside that plan`, async () => {
      const kaiser = (await quote()).find((plan) => plan.planid === KAISER_BRONZE)!;
      const response = await world.app.inject({
        method: 'POST',
        url: '/api/Enrollment/Authorize',
        headers: { ...world.alice.auth, 'idempotency-key': randomUUID() },
        payload: { effectivedate, healthoption: 'buy', planid: KAISER_BRONZE, postalcode: '97002', countycode: MARION, rate: kaiser.rate, hsamonthly: 100, ichraacknowledged: true },
      });
      if (!bronzeGoesWithHsa) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ message: HSA_NEEDS_PLAN, fieldErrors: { '/hsamonthly': [HSA_NEEDS_PLAN] } });
        return;
      }
      expect(response.statusCode, response.body).toBe(200);
      const { orders, memberAccount } = response.json().data;
      expect(orders).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ category: 'healthinsurance', policyishsaeligible: 1 }),
          expect.objectContaining({ category: 'HSA', amountspent: 100, policyeffectivedate: effectivedate }),
        ]),
      );
      expect(memberAccount).toMatchObject({ currenthsadeduction: 100 });
    });
  });
});
