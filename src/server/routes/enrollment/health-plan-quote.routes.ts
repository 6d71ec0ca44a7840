/**
 * POST /api/HealthPlanQuote (spec §7 Health plan search, contract 2). The body keeps the spec's shape; the
 * server reads only the location (postalcode, countycode) and the effective date from it. People and prices are
 * the caller's on file (services/enrollment/plan-quotes.ts); names, birthdates, smoker flags and dependents in the body are
 * checked for shape and otherwise ignored. Ids in the body may only name the caller (403).
 */
import { HealthPlanQuoteSchema } from '#contracts/enrollment-answers.ts';
import type { FastifyInstance } from 'fastify';
import { encodedFor } from '../../http/content-coding.ts';
import { refuseOthersIds } from '../../security/ownership.ts';
import { bearer, envelope, failures, isoDate, nullable, uuid } from '../../http/route-schemas.ts';
import { countyOnFile } from '../../services/enrollment/plan-quotes.ts';
import { JSON_CONTENT_TYPE, quoteAnswer } from './health-plan-quote.json.ts';

/** Free text of a bounded length without control characters or lone surrogates (PostgreSQL and logs choke on them). */
export const plainText = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^[^\\u0000-\\u001f\\u007f\\ud800-\\udfff]*$' }) as const;
const nullablePlainText = (maxLength: number) => nullable(plainText(maxLength));
const fiveDigits = { type: 'string', pattern: '^[0-9]{5}$' } as const;

const dependentSchema = {
  type: 'object',
  properties: {
    id: uuid,
    firstname: nullablePlainText(100),
    lastname: nullablePlainText(100),
    dateofbirth: nullablePlainText(40),
    relationship: nullablePlainText(20),
    gender: nullablePlainText(20),
    istobaccouser: { anyOf: [{ type: 'boolean' }, plainText(5), { type: 'null' }] },
  },
} as const;

export const quoteBody = {
  type: 'object',
  required: ['postalcode', 'policyeffectivedaterequested'],
  properties: {
    postalcode: { ...fiveDigits, description: 'The ZIP code whose plans to quote' },
    countycode: {
      ...fiveDigits,
      description:
        "The county's 5-digit FIPS code; (postalcode, countycode) must be a real pair. Without it, the ZIP's county that is the member's county on file, else the ZIP's largest",
    },
    policyeffectivedaterequested: { ...isoDate, description: 'An effective date the member is offered, or January 1 of next year' },
    empinfo: {
      type: 'object',
      description: 'Ignored: the quote prices the member on file',
      properties: { firstname: nullablePlainText(100), lastname: nullablePlainText(100), createdby: nullablePlainText(200), birthdate: nullablePlainText(40) },
    },
    gender: nullablePlainText(20),
    issmoker: { anyOf: [{ type: 'boolean' }, plainText(5), { type: 'null' }], description: 'Ignored: tobacco use on file counts' },
    accountid: { ...uuid, description: "The caller's employer, when sent" },
    countyname: nullablePlainText(100),
    state: nullablePlainText(50),
    city: nullablePlainText(100),
    memberdependentlist: { type: 'array', maxItems: 20, items: dependentSchema, description: 'Ignored: dependents on file count' },
  },
} as const;

export type QuoteBody = {
  postalcode: string;
  countycode?: string;
  policyeffectivedaterequested: string;
  accountid?: string;
};

export async function healthPlanQuoteRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: QuoteBody }>(
    '/api/HealthPlanQuote',
    {
      onRequest: app.authenticate,
      // The family to price is read with the session check (auth.plugin.ts): kept in memory, or one statement.
      config: { memberFamily: true },
      schema: {
        tags: ['Health plans'],
        summary: "The off-exchange plans at a ZIP and county, priced for the caller's family on file",
        security: bearer,
        body: quoteBody,
        response: { 200: envelope(HealthPlanQuoteSchema), ...failures },
      },
    },
    async (request, reply) => {
      const { body } = request;
      refuseOthersIds(request.member!, { accountIds: [body.accountid] });
      const countycode = body.countycode ?? (await countyOnFile(app.db, request.member!.memberId, body.postalcode));
      const where = { postalcode: body.postalcode, countycode, effectiveDate: body.policyeffectivedaterequested };
      // The answer of the 200 schema above as bytes (health-plan-quote.json.ts: written from per-plan pieces, kept
      // for the same rating inputs), compressed when the client accepts it (content-coding.ts): bytes with a JSON
      // content type are sent as they are.
      const answer = await quoteAnswer(app.db, request.family!, where, app.now(), request.language);
      return reply.type(JSON_CONTENT_TYPE).send(encodedFor(request, reply, answer));
    },
  );
}
