/**
 * The caller's dependents (spec §7 Dependents). Bodies are validated twice: the Fastify schema (shape) and the
 * 'dependent' form document (the same rules and messages the browser shows). SSNs are stored encrypted and
 * answered masked. A dependent of anyone else is not found.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DependentRequest } from '#contracts/requests.ts';
import { isDobInRange, todayUtc } from '#domain/dates.ts';
import { DOB_MINIMUM } from '#domain/parameters/enrollment.ts';
import * as dependents from '#db/repositories/dependent.repository.ts';
import { protectSsn } from '../crypto.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { bearer, envelope, failures, isoDate, nullable, ok, uuid } from '../route-schemas.ts';

export const DEPENDENT_NOT_FOUND = 'This dependent was not found.';
const DOB_RANGE_MESSAGE = `DOB must be between ${DOB_MINIMUM} and today.`;

const nullableString = nullable({ type: 'string' });

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
    createdon: { type: 'string' },
    createdby: { type: 'string' },
    modifiedon: { type: 'string' },
    modifiedby: { type: 'string' },
  },
} as const;

const requestProperties = {
  firstname: { type: 'string', minLength: 1, maxLength: 100 },
  lastname: { type: 'string', minLength: 1, maxLength: 100 },
  dateofbirth: isoDate,
  gender: { type: 'string', enum: ['Male', 'Female'] },
  relationship: { type: 'string', enum: ['spouse', 'child'] },
  istobaccouser: { type: 'boolean' },
  additionalid: { type: 'string', pattern: '^\\d{9}$', description: 'The full SSN, 9 digits' },
  isdisabled: nullable({ type: 'boolean' }),
  pcpname: nullable({ type: 'string', maxLength: 200 }),
  pcpid: nullable({ type: 'string', maxLength: 100 }),
  existingpatient: nullable({ type: 'string', maxLength: 10 }),
} as const;

const requiredFields = ['firstname', 'lastname', 'dateofbirth', 'gender', 'relationship', 'istobaccouser', 'additionalid'];

const createBody = { type: 'object', required: requiredFields, properties: requestProperties } as const;
const changeBody = { type: 'object', required: ['id', ...requiredFields], properties: { id: uuid, ...requestProperties } } as const;

const dependentAnswer = { 200: envelope(dependentSchema), ...failures };

export async function dependentRoutes(app: FastifyInstance): Promise<void> {
  /** The fields a dependent row takes from a request, after the form document has accepted it. */
  async function validatedFields(body: DependentRequest, accountId: string, today: string) {
    await app.content.validate('dependent', accountId, body, { context: { today } });
    if (!isDobInRange(body.dateofbirth, today)) throw badRequest(DOB_RANGE_MESSAGE, { '/dateofbirth': [DOB_RANGE_MESSAGE] });
    return {
      firstname: body.firstname.trim(),
      lastname: body.lastname.trim(),
      dateofbirth: body.dateofbirth,
      gender: body.gender,
      relationship: body.relationship,
      istobaccouser: body.istobaccouser,
      isdisabled: body.isdisabled ?? null,
      pcpname: body.pcpname ?? null,
      pcpid: body.pcpid ?? null,
      existingpatient: body.existingpatient ?? null,
      ...protectSsn(body.additionalid, app.config.SSN_KEY),
    };
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

  app.post<{ Body: DependentRequest }>(
    '/api/Dependent',
    {
      preHandler: app.authenticate,
      schema: { tags: ['Dependent'], summary: 'Adds a dependent to the caller', security: bearer, body: createBody, response: dependentAnswer },
    },
    async (request) => {
      const { memberId, accountId, email } = request.member!;
      const today = todayUtc(new Date());
      const fields = await validatedFields(request.body, accountId, today);
      const row = await dependents.insert(app.db, { id: randomUUID(), memberid: memberId, ...fields, createdby: email, modifiedby: email });
      return ok(dependents.toWire(row, today));
    },
  );

  app.put<{ Body: DependentRequest & { id: string } }>(
    '/api/Dependent',
    {
      preHandler: app.authenticate,
      schema: { tags: ['Dependent'], summary: "Changes one of the caller's dependents", security: bearer, body: changeBody, response: dependentAnswer },
    },
    async (request) => {
      const { memberId, accountId, email } = request.member!;
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
      const removed = await dependents.deleteOfMember(app.db, request.member!.memberId, request.params.id);
      if (!removed) throw notFound(DEPENDENT_NOT_FOUND);
      return ok(null);
    },
  );
}
