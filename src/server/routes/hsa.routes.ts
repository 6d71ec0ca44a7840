/**
 * GET /api/Hsa/Limit?effectivedate= (spec §9 HSA figures): the caller's annual HSA limit for the tax year of the
 * effective date, by coverage tier (family with any dependent, else self-only) with the catch-up from age 55, the
 * months left in the plan year and the most a month, in dollars. The IRS figures are read once from
 * data/reference/constants.json (a verbatim copy of the project's reference constants); the rules are
 * src/domain/hsa.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { HsaLimit } from '#contracts/requests.ts';
import { isIsoDate } from '#domain/dates.ts';
import {
  hsaAnnualLimitCents,
  hsaCatchUpAllowed,
  hsaFiguresFor,
  hsaMaxMonthlyCents,
  hsaMonthsLeft,
} from '#domain/hsa.ts';
import { centsToDollars } from '#domain/money.ts';
import * as dependents from '#db/repositories/dependent.repository.ts';
import * as employers from '#db/repositories/employer.repository.ts';
import * as members from '#db/repositories/member.repository.ts';
import { hsaFigures } from '../data-import/constants.ts';
import { badRequest, unauthorized } from '../errors.ts';
import { bearer, envelope, failures, isoDate, ok } from '../route-schemas.ts';

const INVALID_DATE = 'Please enter a real date (YYYY-MM-DD).';


const dollars = (description: string) => ({ type: 'number', description }) as const;

const limitSchema = {
  type: 'object',
  required: ['annuallimit', 'monthsleft', 'maxmonthly', 'tier', 'catchup'],
  properties: {
    annuallimit: dollars('The annual HSA limit in dollars, catch-up included'),
    monthsleft: { type: 'integer', description: 'Months from the effective date through the end of the plan year (within the tax year)' },
    maxmonthly: dollars('The most a month in dollars: maxmonthly times monthsleft stays within annuallimit'),
    tier: { type: 'string', enum: ['self-only', 'family'] },
    catchup: dollars('The catch-up for age 55 or older included in annuallimit, 0 when none'),
  },
} as const;

export async function hsaRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { effectivedate: string } }>(
    '/api/Hsa/Limit',
    {
      preHandler: app.authenticate,
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
        response: { 200: envelope(limitSchema), ...failures },
      },
    },
    async (request) => {
      const { effectivedate } = request.query;
      if (!isIsoDate(effectivedate)) throw badRequest(INVALID_DATE, { 'querystring/effectivedate': [INVALID_DATE] });
      const member = await members.findById(app.db, request.member!.memberId);
      if (!member) throw unauthorized();
      const [employer, family] = await Promise.all([
        employers.findById(app.db, member.accountid),
        dependents.listByMember(app.db, member.id),
      ]);
      const taxYear = Number(effectivedate.slice(0, 4));
      const tier = family.length > 0 ? 'family' : 'self-only';
      const { figures: year } = hsaFiguresFor(hsaFigures(), taxYear);
      const catchUp = hsaCatchUpAllowed(member.birthdate, taxYear);
      const annualCents = hsaAnnualLimitCents(year, tier, catchUp);
      const monthsleft = hsaMonthsLeft(effectivedate, employer?.planyearend ?? null);
      const answer: HsaLimit = {
        annuallimit: centsToDollars(annualCents),
        monthsleft,
        maxmonthly: centsToDollars(hsaMaxMonthlyCents(annualCents, monthsleft)),
        tier,
        catchup: centsToDollars(catchUp ? year.catchUpCents : 0),
      };
      return ok(answer);
    },
  );
}
