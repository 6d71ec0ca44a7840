/**
 * Staff users (admin only) and the audit trail (any staff). Every change is recorded with its before and after in
 * the same transaction (services/staff-access/staff-users.ts); every read of the audit trail is recorded too, as it names staff
 * and holds employers' contacts. A staff user of some employers reads only those employers' entries.
 */
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '#db/database.ts';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import * as staffAudit from '#db/repositories/staff/staff-audit.repository.ts';
import { AppError, badRequest, notFound, refuseInvertedDays } from '../../errors.ts';
import { STAFF_ROLES } from '../../plugins/staff-auth.plugin.ts';
import { conditionHeaders, etagHeader, preconditionOf, taggedAnswer } from '../../http/preconditions.ts';
import { envelope, failures, isoDate, nullableString, ok, uuid } from '../../http/route-schemas.ts';
import { accessTag, createStaffUser, listStaffUsers, updateStaffUser, type StaffUserChange, type StaffUserWithAccess } from '../../services/staff-access/staff-users.ts';
import { staffCookieSecurity } from './staff-auth.routes.ts';

const role = { type: 'string', enum: [...STAFF_ROLES] } as const;
const employers = {
  type: 'object',
  required: ['all', 'accountids'],
  additionalProperties: false,
  description: 'The employers an implementer or viewer may see and change: all (those created later too), or the accountids listed. Admins see every employer whatever it says',
  properties: { all: { type: 'boolean' }, accountids: { type: 'array', maxItems: 1000, uniqueItems: true, items: uuid } },
} as const;
export const staffUserSchema = {
  type: 'object',
  required: ['id', 'email', 'role', 'disabled', 'secondFactor', 'createdon', 'employers'],
  properties: {
    id: uuid,
    email: { type: 'string' },
    role,
    disabled: { type: 'boolean' },
    secondFactor: { type: 'boolean' },
    createdon: { type: 'string' },
    employers,
    etag: { type: 'string', description: "The version of the user's role and access (their employers too): what PATCH names in If-Match (in the list and a change's answer)" },
  },
} as const;

/** A staff user with the tag of their access, which a change of it names. */
const withTag = (user: StaffUserWithAccess) => ({ ...user, etag: accessTag(user) });
const anything = { description: 'The entity as it was (before) or became (after); null when it did not or no longer exists.' } as const;
const auditEntrySchema = {
  type: 'object',
  properties: {
    id: uuid,
    staffId: { ...uuid, nullable: true, description: 'Null for a failed sign-in with an address no staff user has' },
    staffEmail: nullableString,
    action: { type: 'string', description: "'create', 'update', 'publish', 'read', 'sign-in-failed'..." },
    entity: { type: 'string' },
    entityId: { type: 'string' },
    employerName: { ...nullableString, description: "The employer's name when the entity id (or its part before '/') is its accountid" },
    before: anything,
    after: anything,
    createdon: { type: 'string' },
  },
} as const;

export const AUDIT_DEFAULT_LIMIT = 100;
export const AUDIT_MAX_LIMIT = 500;

export async function staffUsersRoutes(app: FastifyInstance): Promise<void> {
  const admin = app.requireStaff('admin');

  app.get(
    '/api/staff/users',
    {
      onRequest: admin,
      schema: { tags: ['Staff'], summary: 'Staff users (admin)', security: staffCookieSecurity, response: { 200: envelope({ type: 'array', items: staffUserSchema }), ...failures } },
    },
    async () => ok((await listStaffUsers(app.db)).map(withTag)),
  );

  app.post<{ Body: { email: string; role: StaffRole; password: string; employers?: staffUsers.EmployerAccess } }>(
    '/api/staff/users',
    {
      onRequest: admin,
      schema: {
        tags: ['Staff'],
        summary:
          'Create a staff user (admin): the password needs 12+ characters and must not be guessable; employers: all when absent (400 for an id no employer has); 409 when the address is taken',
        security: staffCookieSecurity,
        body: {
          type: 'object',
          required: ['email', 'role', 'password'],
          additionalProperties: false,
          properties: { email: { type: 'string', maxLength: 254 }, role, password: { type: 'string', maxLength: 200 }, employers },
        },
        response: { 201: envelope(staffUserSchema), ...failures },
      },
    },
    async (request, reply) => {
      const outcome = await createStaffUser(app.db, request.body, request.staff!.id);
      if (outcome.kind === 'invalid') throw badRequest('The staff user cannot be created as given.', outcome.fieldErrors);
      if (outcome.kind === 'taken') throw new AppError('CONFLICT', 409, 'A staff user with this e-mail address exists already.');
      return reply.code(201).send(ok(outcome.user));
    },
  );

  app.patch<{ Params: { id: string }; Body: StaffUserChange }>(
    '/api/staff/users/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['Staff'],
        summary:
          "Change a staff user's role or employers, or disable them (admin; audited with before and after); their sessions end when disabled; the last admin stays; If-Match: the user's etag as listed (428 PRECONDITION_REQUIRED without it; 412 RESOURCE_CHANGED with data { changedBy, changedAt } when changed since)",
        security: staffCookieSecurity,
        headers: conditionHeaders(false),
        params: { type: 'object', required: ['id'], properties: { id: uuid } },
        body: { type: 'object', additionalProperties: false, minProperties: 1, properties: { role, disabled: { type: 'boolean' }, employers } },
        response: { 200: { ...envelope(staffUserSchema), headers: etagHeader }, ...failures },
      },
    },
    async (request, reply) => {
      const outcome = await updateStaffUser(app.db, request.params.id, request.body, request.staff!.id, new Date(), preconditionOf(request.headers, false));
      if (outcome.kind === 'invalid') throw badRequest('The staff user cannot be changed as given.', outcome.fieldErrors);
      if (outcome.kind === 'not-found') throw notFound('There is no such staff user.');
      if (outcome.kind === 'last-admin') throw new AppError('CONFLICT', 409, 'This is the last admin: make another admin first.');
      const user = withTag(outcome.user);
      return taggedAnswer(reply, user, user.etag);
    },
  );

  app.get<{ Querystring: { who?: string; entity?: string; entityid?: string; from?: string; to?: string; limit?: number } }>(
    '/api/staff/audit',
    {
      onRequest: app.requireStaff('viewer'),
      schema: {
        tags: ['Staff'],
        summary:
          "The audit trail, newest first: changes (who, when, what, before and after), reads of personal data and failed sign-ins; filtered by who (part of the e-mail address), entity, its id and days (from and to included); a staff user of some employers gets only those employers' entries",
        security: staffCookieSecurity,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            who: { type: 'string', minLength: 1, maxLength: 320 },
            entity: { type: 'string', maxLength: 100 },
            entityid: { type: 'string', maxLength: 200 },
            // Years 1000 to 2999: a date the database can compare (year 0 is no date there).
            from: { ...isoDate, pattern: '^[12][0-9]{3}-' },
            to: { ...isoDate, pattern: '^[12][0-9]{3}-' },
            limit: { type: 'integer', minimum: 1, maximum: AUDIT_MAX_LIMIT },
          },
        },
        response: { 200: envelope({ type: 'array', items: auditEntrySchema }), ...failures },
      },
    },
    async (request) => {
      const { who, entity, entityid, from, to, limit = AUDIT_DEFAULT_LIMIT } = request.query;
      refuseInvertedDays(request.query);
      const employers = await staffUsers.visibleEmployers(app.db, request.staff!);
      const entries = await staffAudit.list(app.db, { who, entity, entityId: entityid, from, to, limit, employers });
      // Recorded after the list is read, so a person paging through the trail does not see their own reads first.
      await staffAudit.recordStaffRead(app.db, { staffId: request.staff!.id, entity: 'staff_audit', entityId: '', filters: { ...request.query, limit } });
      return ok(entries);
    },
  );
}
