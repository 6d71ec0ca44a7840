/**
 * GET /api/Hsa/Limit?effectivedate= (spec §9 HSA figures): the caller's annual HSA limit for the tax year of the
 * effective date, by coverage tier (family with a dependent on the policy, else self-only) with the catch-up from age 55, the
 * months left in the plan year and the most a month, the year of the figures (a fallback when the tax year's are not
 * published) and the limit prorated to the months of coverage, in dollars. The IRS figures are read once from
 * data/reference/constants.json (the project's reference constants and its cited additions); the rules are
 * src/domain/enrollment/hsa.ts, computed by services/enrollment/hsa-limits.ts, the same computation the orders are checked with.
 */
import type { FastifyInstance } from 'fastify';
import { HsaLimitMoney } from '#contracts/money/member-money.ts';
import { isIsoDate } from '#domain/values/dates.ts';
import { catalogueText } from '../../content/catalogue-messages.ts';
import { badRequest } from '../../errors.ts';
import { bearer, envelope, failures, isoDate, ok } from '../../http/route-schemas.ts';
import { dollarsOnTheWire } from '../../http/money-wire.ts';
import { hsaLimitAnswer, hsaLimitForMember } from '../../services/enrollment/hsa-limits.ts';

const INVALID_DATE = catalogueText('error-date-invalid');


/** The answer's shape (also the staff preview's sample limit). */
export const hsaLimitSchema = {
  type: 'object',
  required: ['annuallimit', 'monthsleft', 'maxmonthly', 'tier', 'catchup', 'figuresyear', 'eligiblemonths', 'proratedlimit'],
  properties: {
    annuallimit: { ...HsaLimitMoney.annuallimit, description: 'The annual HSA limit in dollars, catch-up included' },
    monthsleft: { type: 'integer', description: 'Months from the effective date through the end of the plan year (within the tax year)' },
    maxmonthly: { ...HsaLimitMoney.maxmonthly, description: 'The most a month in dollars: maxmonthly times monthsleft stays within annuallimit' },
    tier: { type: 'string', enum: ['self-only', 'family'] },
    catchup: { ...HsaLimitMoney.catchup, description: 'The catch-up for age 55 or older included in annuallimit, 0 when none' },
    figuresyear: { type: 'integer', description: "The year whose IRS figures these are: the tax year's, or the newest published before it" },
    eligiblemonths: { type: 'integer', description: 'Months of the tax year covered from their first day, from the effective date through December' },
    proratedlimit: { ...HsaLimitMoney.proratedlimit, description: 'annuallimit prorated to eligiblemonths (1/12 a month); the last-month rule still allows annuallimit' },
  },
} as const;

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
        response: { 200: envelope(hsaLimitSchema), ...failures },
      },
    },
    async (request) => {
      const { effectivedate } = request.query;
      if (!isIsoDate(effectivedate)) throw badRequest(INVALID_DATE, { 'querystring/effectivedate': [INVALID_DATE] });
      const limit = await hsaLimitForMember(app.db, request.member!.memberId, effectivedate);
      return ok(hsaLimitAnswer(limit));
    },
  );
}
