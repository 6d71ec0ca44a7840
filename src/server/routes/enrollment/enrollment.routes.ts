/**
 * The authorization of the cart (spec §4 Authorization and Placing an order; contract 4): the cart's choices in, the written
 * orders out, all or nothing in one transaction (services/enrollment/enrollment.ts). The browser sends an Idempotency-Key per
 * cart: a repeated key with the same body answers the first answer (header Idempotent-Replayed: true), with
 * another body 422. The body carries choices only; a field the contract does not name (dependents, prices,
 * premiums) is refused, never read. GET with the same key answers what became of it (a tab reloaded while its
 * authorization was in flight asks): confirmed once its transaction committed, pending while this instance runs
 * it, else unknown. On several instances another instance's authorization in flight reads unknown: the tab then
 * shows the cart, and sending it again with its key waits for the first (the member's row lock) and answers it.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Language } from '#contracts/language.ts';
import type { AuthorizationState, AuthorizeAnswer, AuthorizeRequest } from '#contracts/requests.ts';
import * as employers from '#db/repositories/employer/employer.repository.ts';
import * as idempotencyKeys from '#db/repositories/enrollment/idempotency-key.repository.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import { todayUtc } from '#domain/values/dates.ts';
import { transactionWithCaches } from '#db/transaction.ts';
import { catalogueText } from '../../content/catalogue-messages.ts';
import { badRequest } from '../../errors.ts';
import { refuseOthersIds } from '../../security/ownership.ts';
import { bearer, envelope, failures, isoDate, ok, uuid } from '../../http/route-schemas.ts';
import { checkMessages, notApplyingField } from '../../services/enrollment/enrollment-checks.ts';
import { authorize, type AuthorizeChoices } from '../../services/enrollment/enrollment.ts';
import { dateMessages } from '../../services/enrollment/enrollment-checks.ts';
import { dollarsOnTheWire } from '../../http/money-wire.ts';
import { AuthorizeRequestMoney } from '#contracts/money/member-money.ts';
import { mailEnrollmentConfirmation } from '../../services/enrollment/enrollment-mail.ts';
import { documentsInForce, ichraDocumentNames } from '../../services/enrollment/enrollment-invariants.ts';
import { storageIn } from '../../infra/storage.ts';
import { memberAccountSchema } from './member-account.routes.ts';
import { checkedWaiver, orderSchema } from './order.routes.ts';

/** Fastify lower-cases header names (the contract's IDEMPOTENCY_HEADER is 'Idempotency-Key'). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_MESSAGE = catalogueText('enroll-key-missing');
const UNKNOWN_FIELD_MESSAGE = catalogueText('enroll-field-not-allowed');

/** Text without NUL or a lone surrogate (Ajv compiles patterns with the u flag, so a pair is one code point). */
const text = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^[^\\u0000\\uD800-\\uDFFF]*$' }) as const;


/** The fields the body may carry; any other is refused (Fastify's Ajv would silently drop it). */
const ALLOWED = [
  'effectivedate',
  'healthoption',
  'planid',
  'postalcode',
  'countycode',
  'waivecoveragereason',
  'waivecoveragereasonother',
  'hsamonthly',
  'productoptionid',
  'rate',
  'servicecost',
  'contribution',
  'memberid',
  'accountid',
  'ichraacknowledged',
];

function unknownFields(body: unknown): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  return Object.keys(body).filter((key) => !ALLOWED.includes(key)).map((key) => `/${key}`);
}

const authorizeBody = {
  type: 'object',
  required: ['effectivedate', 'healthoption'],
  properties: {
    effectivedate: { ...isoDate, description: 'One of the effective dates offered to the member' },
    healthoption: { type: 'string', enum: ['buy', 'waive'] },
    planid: { type: 'string', pattern: '^[A-Za-z0-9-]{1,40}$', description: 'buy: the plan in the cart' },
    postalcode: { type: 'string', pattern: '^([0-9]{5})?$', description: "buy: the profile's ZIP code the plan was quoted for" },
    countycode: { type: 'string', pattern: '^([0-9]{5})?$', description: 'buy: the county (FIPS) the plan was quoted for' },
    waivecoveragereason: text(200),
    waivecoveragereasonother: text(500),
    hsamonthly: { ...AuthorizeRequestMoney.hsamonthly, description: 'The monthly HSA contribution, dollars per month; 0 or absent: none' },
    productoptionid: { ...uuid, description: "The additional service's price option" },
    rate: { ...AuthorizeRequestMoney.rate, description: 'The monthly premium the cart showed, dollars per month; refused when it differs' },
    servicecost: { ...AuthorizeRequestMoney.servicecost, description: "The service's price the cart showed, dollars per month; refused when it differs" },
    contribution: { ...AuthorizeRequestMoney.contribution, description: 'The employer contribution the cart showed, dollars per month; refused when it differs' },
    memberid: uuid,
    accountid: uuid,
    ichraacknowledged: { type: 'boolean', description: "buy: true, the member's ICHRA acknowledgment (a purchase without it is refused)" },
  },
} as const;

const authorizeAnswer = {
  type: 'object',
  properties: {
    enrollmentid: uuid,
    planyear: { type: 'integer' },
    effectivedate: { type: 'string' },
    orders: { type: 'array', items: orderSchema },
    memberAccount: memberAccountSchema,
  },
} as const;

const authorizationState = {
  type: 'object',
  properties: {
    state: { type: 'string', enum: ['confirmed', 'pending', 'unknown'] },
    enrollmentid: { anyOf: [uuid, { type: 'null' }] },
  },
} as const;

/** The Idempotency-Key header, or a 400 on it: 1 to 200 visible characters. */
function keyOf(headers: { 'idempotency-key'?: string }): string {
  const key = headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string' || !/^[\x21-\x7E]{1,200}$/.test(key)) throw badRequest(KEY_MESSAGE, { [`headers/${IDEMPOTENCY_HEADER}`]: [KEY_MESSAGE] });
  return key;
}

/** The same choices hash the same whatever the order of their keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export async function enrollmentRoutes(app: FastifyInstance): Promise<void> {
  // The cart's dollars are cents in the handler, the answer's cents dollars on the wire (money-wire.ts).
  dollarsOnTheWire(app);
  const storage = storageIn(app.db);
  // The authorizations this instance is running, by member and key (what GET answers as pending).
  const running = new Set<string>();
  const runningKey = (memberId: string, key: string) => `${memberId} ${key}`;
  const keyHeader = {
    type: 'object',
    properties: { [IDEMPOTENCY_HEADER]: { type: 'string', description: 'One per cart: a repeated key answers the first answer' } },
  } as const;

  /** The confirmation e-mail of a committed enrollment, to the member as stored now (language, sign-in address). */
  async function mailConfirmation(memberId: string, answer: AuthorizeAnswer, asked: Language): Promise<void> {
    const member = await members.findById(app.db, memberId);
    const employer = member && (await employers.findById(app.db, member.accountid));
    if (!member || !employer) return;
    await mailEnrollmentConfirmation(app.mail, member, employer.accountname, answer, `${app.config.PUBLIC_URL}/welcome`, asked);
  }
  app.post<{ Body: AuthorizeRequest; Headers: { 'idempotency-key'?: string } }>(
    '/api/Enrollment/Authorize',
    {
      onRequest: app.authenticate,
      preValidation: async (request) => {
        const unknown = unknownFields(request.body);
        if (unknown.length > 0) throw badRequest(UNKNOWN_FIELD_MESSAGE, Object.fromEntries(unknown.map((field) => [field, [UNKNOWN_FIELD_MESSAGE]])));
      },
      schema: {
        tags: ['Order'],
        summary: "The cart's authorization: its choices written as one enrollment (HSA, additional service, member plan, main order, member account), amounts computed on the server",
        security: bearer,
        headers: keyHeader,
        body: authorizeBody,
        response: { 200: envelope(authorizeAnswer), ...failures },
      },
    },
    async (request, reply) => {
      const caller = request.member!;
      const { body } = request;
      const key = keyOf(request.headers);
      refuseOthersIds(caller, { memberIds: [body.memberid], accountIds: [body.accountid] });
      const now = app.now();
      const today = todayUtc(now);

      // The cart document's texts for the checks, resolved before the transaction opens (as the ones below).
      const checkTexts = checkMessages(await app.content.form('acknowledgements', caller.accountId, request.language));
      // Amounts and choices that do not apply to the elections are refused, not ignored (docs/api.md).
      const notApplying = notApplyingField(checkTexts, body);
      if (notApplying) throw badRequest(notApplying.message, { [notApplying.field]: [notApplying.message] });
      const sentWaiver = { waivecoveragereason: body.waivecoveragereason, waivecoveragereasonother: body.waivecoveragereasonother };
      const waiver: AuthorizeChoices['waiver'] = body.healthoption === 'waive' ? await checkedWaiver(app, caller.accountId, sentWaiver, '', today, request.language) : null;
      const choices: AuthorizeChoices = {
        effectivedate: body.effectivedate,
        healthoption: body.healthoption,
        plan:
          body.healthoption === 'buy' && body.planid
            ? { planid: body.planid, postalcode: body.postalcode ?? '', countycode: body.countycode ?? '', rateCents: body.rate }
            : null,
        location: { postalcode: body.postalcode ?? '', countycode: body.countycode ?? '' },
        waiver,
        hsaCents: body.hsamonthly ?? 0,
        service: body.productoptionid ? { productoptionid: body.productoptionid, costCents: body.servicecost } : null,
        contributionCents: body.contribution,
        ichraacknowledged: body.ichraacknowledged,
      };
      const requestHash = createHash('sha256').update(canonical(body)).digest('hex');
      // Resolved before the transaction opens (the content service reads through app.db).
      const [messages, inForce, ichraDocuments] = await Promise.all([
        dateMessages(app.content, caller.accountId, request.language),
        documentsInForce(app.content, caller.accountId, request.language),
        ichraDocumentNames(storage, caller.accountId),
      ]);
      const inFlight = runningKey(caller.memberId, key);
      running.add(inFlight);
      const { answer, replayed } = await transactionWithCaches(app.db, (trx) =>
        authorize({ trx, caller, planPremiums: app.planPremiums, dateMessages: messages, checkMessages: checkTexts, inForce, ichraDocuments, now, today, key, requestHash }, choices),
      ).finally(() => running.delete(inFlight));
      if (replayed) reply.header('idempotent-replayed', 'true');
      // Once per enrollment: a replayed answer (a retry of the same key) was mailed when it was first written.
      else app.inFlight.afterAnswer(request.log, 'enrollment confirmation mail', () => mailConfirmation(caller.memberId, answer, request.language));
      return ok(answer);
    },
  );

  app.get<{ Headers: { 'idempotency-key'?: string } }>(
    '/api/Enrollment/Authorize',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Order'],
        summary: 'What became of the authorization sent with this Idempotency-Key: confirmed (with its enrollment), pending (being written now) or unknown',
        security: bearer,
        headers: keyHeader,
        response: { 200: envelope(authorizationState), ...failures },
      },
    },
    async (request) => {
      const caller = request.member!;
      const key = keyOf(request.headers);
      // Running is asked first and without the database (on PGlite a read would wait for the running transaction);
      // one that commits just after is found stored at the tab's next look.
      if (running.has(runningKey(caller.memberId, key))) return ok<AuthorizationState>({ state: 'pending', enrollmentid: null });
      const stored = await idempotencyKeys.find(app.db, caller.memberId, key);
      return ok<AuthorizationState>(
        stored ? { state: 'confirmed', enrollmentid: (stored.answer as AuthorizeAnswer).enrollmentid } : { state: 'unknown', enrollmentid: null },
      );
    },
  );
}
