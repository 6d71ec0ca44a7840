/**
 * POST /api/Affordability ('Calculate Subsidy'): the ICHRA affordability check for the caller, its numbers and
 * its verdict (services/enrollment/affordability.ts). The body carries the household's income and size, the effective date
 * and optionally the location; the premium, the allowance and the constants are the server's.
 */
import type { FastifyInstance } from 'fastify';
import { AffordabilityMoney } from '#contracts/money/member-money.ts';
import { Dollars } from '#contracts/wire-schema.ts';
import { dollarsOnTheWire } from '../../http/money-wire.ts';
import { bearer, envelope, failures, isoDate, nullable, nullableString, ok, propertiesOf } from '../../http/route-schemas.ts';
import { affordabilityForMember } from '../../services/enrollment/affordability.ts';

const fiveDigits = { type: 'string', pattern: '^[0-9]{5}$' } as const;

const affordabilityBody = {
  type: 'object',
  required: ['effectivedate', 'householdincome', 'householdsize'],
  properties: {
    effectivedate: { ...isoDate, description: 'An effective date the member is offered' },
    householdincome: Dollars('amount', 'Dollars a year, at most two decimals', { minimum: 0, maximum: 100_000_000, refusal: 'income-invalid' }),
    householdsize: { type: 'integer', minimum: 1, maximum: 20 },
    postalcode: { ...fiveDigits, description: "The ZIP code; the member's stored one when left out" },
    countycode: { ...fiveDigits, description: "The county's FIPS code; with postalcode, a real pair" },
  },
} as const;

type AffordabilityBody = { effectivedate: string; householdincome: number; householdsize: number; postalcode?: string; countycode?: string };

const affordabilitySchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['checked', 'no-plan-data'] },
    message: nullableString,
    planyear: { type: 'integer' },
    ratesyear: nullable({ type: 'integer' }),
    estimated: { type: 'boolean' },
    percentyear: nullable({ type: 'integer' }),
    householdincome: AffordabilityMoney.householdincome,
    householdsize: { type: 'integer' },
    silverplan: nullable({ type: 'object', properties: propertiesOf({ type: 'string' }, 'planid', 'planname', 'issuername') }),
    allowance: AffordabilityMoney.allowance,
    selfonlypremium: AffordabilityMoney.selfonlypremium,
    employeecost: AffordabilityMoney.employeecost,
    monthlyincome: AffordabilityMoney.monthlyincome,
    threshold: AffordabilityMoney.threshold,
    povertyguideline: AffordabilityMoney.povertyguideline,
    requiredpercent: nullable({ type: 'number', description: 'Percent of household income (9.96)' }),
    percentofpoverty: nullable({ type: 'integer' }),
    affordable: nullable({ type: 'boolean' }),
    verdict: nullable({ type: 'string', enum: ['may-decline', 'shop-off-exchange', null] }),
    statewithoutplans: nullableString,
  },
} as const;

export async function affordabilityRoutes(app: FastifyInstance): Promise<void> {
  // Dollars on the wire, cents in the handler (money-wire.ts): a refused income is 400 on its field.
  dollarsOnTheWire(app);
  app.post<{ Body: AffordabilityBody }>(
    '/api/Affordability',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Health plans'],
        summary: "The ICHRA affordability check for the caller: may they decline the ICHRA and take a premium tax credit?",
        security: bearer,
        body: affordabilityBody,
        response: { 200: envelope(affordabilitySchema), ...failures },
      },
    },
    async (request) => {
      const { body } = request;
      const answer = await affordabilityForMember(app.db, request.member!.memberId, {
        effectiveDate: body.effectivedate,
        householdIncomeCents: body.householdincome,
        householdSize: body.householdsize,
        postalcode: body.postalcode,
        countycode: body.countycode,
      }, request.language, app.now());
      return ok(answer, answer.message ?? '');
    },
  );
}
