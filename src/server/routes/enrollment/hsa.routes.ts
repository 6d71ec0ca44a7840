/**
 * GET /api/Hsa/Limit?effectivedate= (spec §9 HSA figures): the caller's annual HSA limit for the tax year of the
 * effective date, by coverage tier (family with a dependent on the policy, else self-only) with the catch-up from age 55, the
 * months left in the plan year and the most a month, the year of the figures (a fallback when the tax year's are not
 * published) and the limit prorated to the months of coverage, in dollars. The IRS figures are read once from
 * data/reference/constants.json (the project's reference constants and its cited additions); the rules are
 * src/domain/enrollment/hsa.ts, computed by services/enrollment/hsa-limits.ts, the same computation the orders are checked with.
 */
import type { FastifyInstance } from 'fastify';
import { HsaLimitSchema } from '#contracts/enrollment-answers.ts';
import { bearer, envelope, failures, isoDate, ok } from '../../http/route-schemas.ts';
import { dollarsOnTheWire } from '../../http/money-wire.ts';
import { hsaLimitAnswer, hsaLimitForMember } from '../../services/enrollment/hsa-limits.ts';

export async function hsaRoutes(app: FastifyInstance): Promise<void> {
  // The limit is cents in the service; the edge writes dollars (money-wire.ts).
  dollarsOnTheWire(app);
  app.get<{ Querystring: { effectivedate: string } }>(
    '/api/Hsa/Limit',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Order'],
        summary: "The caller's annual HSA limit and the most a month for an effective date",
        security: bearer,
        querystring: {
          type: 'object',
          required: ['effectivedate'],
          additionalProperties: false,
          properties: { effectivedate: isoDate },
        },
        response: { 200: envelope(HsaLimitSchema), ...failures },
      },
    },
    async (request) => {
      const { effectivedate } = request.query;
      const limit = await hsaLimitForMember(app.db, request.member!.memberId, effectivedate);
      return ok(hsaLimitAnswer(limit));
    },
  );
}
