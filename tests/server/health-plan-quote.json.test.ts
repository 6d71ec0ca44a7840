/**
 * The quote's answer is written from per-plan JSON pieces kept with the cached catalogue rows
 * (src/server/routes/enrollment/health-plan-quote.json.ts). These tests hold it to the bytes Fastify's own serializer makes
 * of the route's response schema for the same quote built as objects, for several families, dates, texts that
 * need escaping and a state without plans; and show that the pieces follow the catalogue when it changes (an
 * import forgets the cached rows, and the pieces go with them).
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthPlanQuote } from '#contracts/entities.ts';
import { HealthPlanQuoteSchema } from '#contracts/enrollment-answers.ts';
import { findFamily } from '#db/repositories/member/member.repository.ts';
import { forgetPlanCatalogue } from '#db/repositories/reference/plan.repository.ts';
import { demoPlanYear } from '#db/seed/demo-employer.ts';
import { effectiveDateChoices } from '#domain/enrollment/effective-dates.ts';
import { importPlanCatalogue } from '#server/data-import/plans.import.ts';
import { envelope, ok } from '#server/http/route-schemas.ts';
import { dollarsOnTheWire } from '#server/http/money-wire.ts';
import { quoteAnswer } from '#server/routes/enrollment/health-plan-quote.json.ts';
import { priceQuote, toHealthPlan, type QuoteWhere } from '#server/services/enrollment/plan-quotes.ts';
import { databases } from './helpers/databases.ts';
import { setBirthdate, useEnrollmentWorld } from './enrollment.fixtures.ts';

const MARION = '41047';
const CLACKAMAS = '41005';
const KAISER_BRONZE = '71287OR0420018';

/**
 * Fastify's serialization of the route's 200 schema, as the route answered before the pieces: the quote's cents
 * written as dollars by the routes' money edge (money-wire.ts), as any member route's answer.
 */
function referenceServer() {
  const server = Fastify();
  dollarsOnTheWire(server);
  server.post('/reference', { schema: { response: { 200: envelope(HealthPlanQuoteSchema) } } }, async (request) => {
    const quote = request.body as HealthPlanQuote;
    return ok(quote, quote.message ?? '');
  });
  return server;
}

describe.each(databases())('the quote answer bytes on $name', (database) => {
  const world = useEnrollmentWorld(database);
  const reference = referenceServer();
  let effectiveDate: string;
  let planYear: number;

  beforeAll(async () => {
    await importPlanCatalogue(world.db, { only: { counties: [MARION, CLACKAMAS] } });
    const year = demoPlanYear(world.today);
    effectiveDate = effectiveDateChoices(world.today, { edocPeriod: null, planYearStart: `${year}-01-01`, planYearEnd: `${year}-12-31` })[0]!;
    planYear = Number(effectiveDate.slice(0, 4));
    await setBirthdate(world.db, world.alice.memberId, `${planYear - 40}-01-01`);
    await world.db.updateTable('member').set({ istobaccouser: 'Yes' }).where('id', '=', world.alice.memberId).execute();
    for (const [relationship, age] of [['spouse', 38], ['child', 12], ['child', 22]] as const) {
      await world.db
        .insertInto('dependent')
        .values({
          id: randomUUID(),
          memberid: world.alice.memberId,
          firstname: 'D',
          lastname: 'Lovelace',
          dateofbirth: `${planYear - age}-06-01`,
          relationship,
          gender: 'Female',
          createdby: 'test',
          modifiedby: 'test',
        })
        .execute();
    }
  });
  afterAll(() => reference.close());

  const quoteBytes = async (where: QuoteWhere) => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/HealthPlanQuote',
      headers: world.alice.auth,
      payload: { postalcode: where.postalcode, countycode: where.countycode, policyeffectivedaterequested: where.effectiveDate },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.rawPayload;
  };

  /** The same quote built as objects (each plan by toHealthPlan) and serialized by Fastify. */
  const referenceBytes = async (where: QuoteWhere) => {
    const { priced, ...summary } = await priceQuote(world.db, world.alice.memberId, where, world.app.now(), 'en');
    const quote: HealthPlanQuote = { healthplans: priced.map(({ row, premiumCents }) => toHealthPlan(row, premiumCents, where.effectiveDate)), ...summary };
    return (await reference.inject({ method: 'POST', url: '/reference', payload: quote })).rawPayload;
  };

  const expectSameBytes = async (where: QuoteWhere) => {
    const bytes = await quoteBytes(where);
    expect(bytes.toString('utf8')).toBe((await referenceBytes(where)).toString('utf8'));
    return JSON.parse(bytes.toString('utf8')) as { data: HealthPlanQuote };
  };

  it('answers byte for byte what the response schema writes, for two counties and two effective dates', async () => {
    const nextJanuary = `${Number(world.today.slice(0, 4)) + 1}-01-01`;
    for (const where of [
      { postalcode: '97002', countycode: MARION, effectiveDate },
      { postalcode: '97002', countycode: CLACKAMAS, effectiveDate },
      { postalcode: '97002', countycode: MARION, effectiveDate: nextJanuary },
    ]) {
      const answer = await expectSameBytes(where);
      expect(answer.data.healthplans.length).toBeGreaterThan(50);
      expect(answer.data.healthplans.every((plan) => plan.planeffectivedate === where.effectiveDate)).toBe(true);
    }
  });

  it('answers a state without plans the same way (Dallas County, Texas)', async () => {
    const answer = await expectSameBytes({ postalcode: '75007', countycode: '48113', effectiveDate });
    expect(answer.data.healthplans).toEqual([]);
  });

  it('follows the catalogue when it changes, texts that need escaping included', async () => {
    const where = { postalcode: '97002', countycode: MARION, effectiveDate };
    const before = await expectSameBytes(where);
    const kaiser = before.data.healthplans.find((plan) => plan.planid === KAISER_BRONZE)!;
    const name = 'KP "Bronze" \\ 9100/75 – ✓ \u2028 \u0007';
    const benefits = { ...kaiser.benefits, specialistvisit: null, 'note "quoted"': 'line\nbreak' };
    const plan = () => world.db.updateTable('plan').where('plan_id', '=', KAISER_BRONZE);
    const old = await world.db.selectFrom('plan').select(['plan_name', 'benefits']).where('plan_id', '=', KAISER_BRONZE).executeTakeFirstOrThrow();
    try {
      await plan().set({ plan_name: name, benefits: JSON.stringify(benefits) }).execute();
      // What an import does after writing the catalogue (reference-data.ts importOnce).
      forgetPlanCatalogue();
      const after = await expectSameBytes(where);
      expect(after.data.healthplans.find((entry) => entry.planid === KAISER_BRONZE)).toMatchObject({ planname: name, benefits });
    } finally {
      await plan().set({ plan_name: old.plan_name, benefits: JSON.stringify(old.benefits) }).execute();
      forgetPlanCatalogue();
    }
    const restored = await expectSameBytes(where);
    expect(restored.data.healthplans.find((entry) => entry.planid === KAISER_BRONZE)?.planname).toBe(kaiser.planname);
  });

  it("answers a kept (frozen) family's repeated question with the same answer, and asks again on another day, place or catalogue", async () => {
    const family = Object.freeze((await findFamily(world.db, world.alice.memberId))!);
    const where = { postalcode: '97002', countycode: MARION, effectiveDate };
    const now = world.app.now();
    const first = await quoteAnswer(world.db, family, where, now, 'en');
    expect(await quoteAnswer(world.db, family, where, now, 'en')).toBe(first);
    // On the effective date itself that date is no longer offered: the check runs again and refuses it.
    await expect(quoteAnswer(world.db, family, where, new Date(`${effectiveDate}T12:00:00Z`), 'en')).rejects.toMatchObject({ statusCode: 400 });
    const clackamas = await quoteAnswer(world.db, family, { ...where, countycode: CLACKAMAS }, now, 'en');
    expect(clackamas.identity.equals(first.identity)).toBe(false);
    forgetPlanCatalogue();
    const again = await quoteAnswer(world.db, family, where, now, 'en');
    expect(again).not.toBe(first);
    expect(again.identity.equals(first.identity)).toBe(true);
  });
});
