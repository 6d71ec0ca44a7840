/**
 * The caller's dependents (spec §7 Dependents). Bodies are validated twice: the Fastify schema (shape) and the
 * 'dependent' form document (the same rules and messages the browser shows). SSNs are stored encrypted and
 * answered masked. A dependent of anyone else, or a body naming another member, answers 403 and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DependentRequest } from '#contracts/requests.ts';
import { isDobInRange, todayUtc } from '#domain/dates.ts';
import { DOB_MINIMUM } from '#domain/parameters/enrollment.ts';
import * as dependents from '#db/repositories/dependent.repository.ts';
import { firstMessage } from '#engine/core/index.ts';
import { protectSsn } from '../crypto.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { refuseOthersIds } from '../ownership.ts';
import { bearer, envelope, failures, nullable, ok, uuid, nullableString, propertiesOf } from '../route-schemas.ts';

export const DEPENDENT_NOT_FOUND = 'This dependent was not found.';
const DOB_RANGE_MESSAGE = `DOB must be between ${DOB_MINIMUM} and today.`;
const INVALID_SSN_MESSAGE = 'Please enter a valid Social Security Number.';
const MASKED_SSN = /^\*{3}-\*{2}-\d{4}$/;
const SSN_DIGITS = /^\d{9}$/;

/** A request body as it may arrive: every field may be missing or null until the document has spoken. */
type DependentBody = { [K in keyof DependentRequest]?: DependentRequest[K] | null } & { memberid?: string };


export const dependentSchema = {
  type: 'object',
  properties: {
    id: uuid,
    memberid: uuid,
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    dateofbirth: nullableString,
    age: nullable({ type: 'integer' }),
    contributionamt: nullable({ type: 'number' }),
    istobaccouser: { type: 'boolean' },
    isdisabled: nullable({ type: 'boolean' }),
    gender: nullableString,
    isonhealthpolicy: { type: 'string' },
    relationship: { type: 'string', enum: ['spouse', 'child'] },
    additionalid: { ...nullableString, description: 'Masked: ***-**-1234' },
    irsdependent: nullable({ type: 'boolean' }),
    pcpname: nullableString,
    pcpid: nullableString,
    existingpatient: nullableString,
    ...propertiesOf({ type: 'string' }, 'createdon', 'createdby', 'modifiedon', 'modifiedby'),
  },
} as const;

/**
 * The shape only: which fields are required and what they must look like is the 'dependent' document's to say
 * (with the spec's messages, and employer overrides), checked in the handler.
 */
const requestProperties = {
  firstname: nullable({ type: 'string', maxLength: 100 }),
  lastname: nullable({ type: 'string', maxLength: 100 }),
  dateofbirth: nullable({ type: 'string', maxLength: 10 }),
  gender: nullable({ type: 'string', maxLength: 10 }),
  relationship: nullable({ type: 'string', maxLength: 10 }),
  istobaccouser: nullable({ type: 'boolean' }),
  additionalid: nullable({ type: 'string', maxLength: 11, description: 'The full SSN (9 digits); omitted, null or masked keeps the stored one' }),
  isdisabled: nullable({ type: 'boolean' }),
  pcpname: nullable({ type: 'string', maxLength: 200 }),
  pcpid: nullable({ type: 'string', maxLength: 100 }),
  existingpatient: nullable({ type: 'string', maxLength: 10 }),
} as const;

const createBody = { type: 'object', properties: { memberid: { ...uuid, description: "When given, the caller's own id" }, ...requestProperties } } as const;
const changeBody = { type: 'object', required: ['id'], properties: { id: uuid, ...createBody.properties } } as const;

const dependentAnswer = { 200: envelope(dependentSchema), ...failures };

export async function dependentRoutes(app: FastifyInstance): Promise<void> {
  /**
   * The fields a dependent row takes from a request, after the employer's 'dependent' document accepted it.
   * Whatever the document says, the row's own needs hold: names, a relationship, a real date of birth in range
   * and only a 9-digit SSN stored.
   */
  async function validatedFields(body: DependentBody, accountId: string, today: string) {
    const keepSsn = body.additionalid === undefined || body.additionalid === null || MASKED_SSN.test(body.additionalid);
    // The form's view of the body: a null is an empty field, as in the browser.
    const data = Object.fromEntries(
      Object.entries(body).filter(
        ([field, value]) => value !== null && value !== undefined && field !== 'memberid' && !(field === 'additionalid' && keepSsn),
      ),
    );
    const fieldErrors = await app.content.check('dependent', accountId, data, { context: { today } });
    const need = (pointer: string, ok: boolean, message: string) => {
      if (!ok) fieldErrors[pointer] ??= [message];
    };
    need('/firstname', Boolean(body.firstname?.trim()), 'First Name is required');
    need('/lastname', Boolean(body.lastname?.trim()), 'Last Name is required');
    need('/relationship', body.relationship === 'spouse' || body.relationship === 'child', 'Relationship is required');
    need('/dateofbirth', !body.dateofbirth || isDobInRange(body.dateofbirth, today), DOB_RANGE_MESSAGE);
    need('/additionalid', keepSsn || SSN_DIGITS.test(body.additionalid!), INVALID_SSN_MESSAGE);
    const first = firstMessage(fieldErrors);
    if (first !== null) throw badRequest(first, fieldErrors);
    return {
      firstname: body.firstname!.trim(),
      lastname: body.lastname!.trim(),
      dateofbirth: body.dateofbirth ?? null,
      gender: body.gender ?? null,
      relationship: body.relationship as 'spouse' | 'child',
      istobaccouser: body.istobaccouser ?? false,
      isdisabled: body.isdisabled ?? null,
      pcpname: body.pcpname ?? null,
      pcpid: body.pcpid ?? null,
      existingpatient: body.existingpatient ?? null,
      ...(keepSsn ? {} : protectSsn(body.additionalid!, app.config.SSN_KEY)),
    };
  }

  /** 404 for a dependent nobody has, 403 for another member's. */
  async function requireOwn(memberId: string, id: string): Promise<void> {
    const owner = await dependents.ownerOf(app.db, id);
    if (owner === undefined) throw notFound(DEPENDENT_NOT_FOUND);
    if (owner !== memberId) throw forbidden();
  }

  app.get<{ Querystring: { memberid?: string } }>(
    '/api/Dependent',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['Dependent'],
        summary: "The caller's dependents; memberid, when given, must be the caller's own id",
        security: bearer,
        querystring: { type: 'object', properties: { memberid: uuid } },
        response: {
          200: envelope({ type: 'object', properties: { dependents: { type: 'array', items: dependentSchema } } }),
          ...failures,
        },
      },
    },
    async (request) => {
      const { memberId } = request.member!;
      if (request.query.memberid !== undefined && request.query.memberid !== memberId) throw forbidden();
      const today = todayUtc(new Date());
      const rows = await dependents.listByMember(app.db, memberId);
      return ok({ dependents: rows.map((row) => dependents.toWire(row, today)) });
    },
  );

  app.post<{ Body: DependentBody }>(
    '/api/Dependent',
    {
      preHandler: app.authenticate,
      schema: { tags: ['Dependent'], summary: 'Adds a dependent to the caller', security: bearer, body: createBody, response: dependentAnswer },
    },
    async (request) => {
      const { memberId, accountId, email } = request.member!;
      refuseOthersIds(request.member!, { memberIds: [request.body.memberid] });
      const today = todayUtc(new Date());
      const fields = await validatedFields(request.body, accountId, today);
      const row = await dependents.insert(app.db, { id: randomUUID(), memberid: memberId, ...fields, createdby: email, modifiedby: email });
      return ok(dependents.toWire(row, today));
    },
  );

  app.put<{ Body: DependentBody & { id: string } }>(
    '/api/Dependent',
    {
      preHandler: app.authenticate,
      schema: { tags: ['Dependent'], summary: "Changes one of the caller's dependents", security: bearer, body: changeBody, response: dependentAnswer },
    },
    async (request) => {
      const { memberId, accountId, email } = request.member!;
      refuseOthersIds(request.member!, { memberIds: [request.body.memberid] });
      await requireOwn(memberId, request.body.id);
      const today = todayUtc(new Date());
      const fields = await validatedFields(request.body, accountId, today);
      const row = await dependents.updateOfMember(app.db, memberId, request.body.id, { ...fields, modifiedby: email, modifiedon: new Date() });
      if (!row) throw notFound(DEPENDENT_NOT_FOUND);
      return ok(dependents.toWire(row, today));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/Dependent/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['Dependent'],
        summary: "Removes one of the caller's dependents",
        security: bearer,
        params: { type: 'object', required: ['id'], properties: { id: uuid } },
        response: { 200: envelope({ type: 'null' }), ...failures },
      },
    },
    async (request) => {
      await requireOwn(request.member!.memberId, request.params.id);
      const removed = await dependents.deleteOfMember(app.db, request.member!.memberId, request.params.id);
      if (!removed) throw notFound(DEPENDENT_NOT_FOUND);
      return ok(null);
    },
  );
}
