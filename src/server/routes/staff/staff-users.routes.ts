/**
 * Staff users (admin only) and the audit trail (any staff). Every change is recorded with its before and after in
 * the same transaction (services/staff-access/staff-users.ts); every read of the audit trail is recorded too, as it names staff
 * and holds employers' contacts. A staff user of some employers reads only those employers' entries.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { StaffAuditEntrySchema } from '#contracts/staff/staff-audit.ts';
import {
  AUDIT_DEFAULT_LIMIT,
  StaffAuditQuerySchema,
  StaffUserChangeSchema,
  StaffUserCreateSchema,
  StaffUserSchema,
} from '#contracts/staff/staff-users.ts';
import { Uuid } from '#contracts/wire-schema.ts';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import * as staffAudit from '#db/repositories/staff/staff-audit.repository.ts';
import { AppError, badRequest, notFound, refuseInvertedDays } from '../../errors.ts';
import { conditionHeaders, etagHeader, preconditionOf, taggedAnswer } from '../../http/preconditions.ts';
import { envelope, failures, ok } from '../../http/route-schemas.ts';
import { accessTag, createStaffUser, listStaffUsers, updateStaffUser, type StaffUserWithAccess } from '../../services/staff-access/staff-users.ts';
import { staffCookieSecurity } from './staff-auth.routes.ts';

/** A staff user with the tag of their access, which a change of it names. */
const withTag = (user: StaffUserWithAccess) => ({ ...user, etag: accessTag(user) });

export async function staffUsersRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const admin = app.requireStaff('admin');

  app.get(
    '/api/staff/users',
    {
      onRequest: admin,
      schema: { tags: ['Staff'], summary: 'Staff users (admin)', security: staffCookieSecurity, response: { 200: envelope(Type.Array(StaffUserSchema)), ...failures } },
    },
    async () => ok((await listStaffUsers(app.db)).map(withTag)),
  );

  app.post(
    '/api/staff/users',
    {
      onRequest: admin,
      schema: {
        tags: ['Staff'],
        summary:
          'Create a staff user (admin): the password needs 12+ characters and must not be guessable; employers: all when absent (400 for an id no employer has); 409 when the address is taken',
        security: staffCookieSecurity,
        body: StaffUserCreateSchema,
        response: { 201: envelope(StaffUserSchema), ...failures },
      },
    },
    async (request, reply) => {
      const outcome = await createStaffUser(app.db, request.body, request.staff!.id);
      if (outcome.kind === 'invalid') throw badRequest('The staff user cannot be created as given.', outcome.fieldErrors);
      if (outcome.kind === 'taken') throw new AppError('CONFLICT', 409, 'A staff user with this e-mail address exists already.');
      return reply.code(201).send(ok(outcome.user));
    },
  );

  app.patch(
    '/api/staff/users/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['Staff'],
        summary:
          "Change a staff user's role or employers, or disable them (admin; audited with before and after); their sessions end when disabled; the last admin stays; If-Match: the user's etag as listed (428 PRECONDITION_REQUIRED without it; 412 RESOURCE_CHANGED with data { changedBy, changedAt } when changed since)",
        security: staffCookieSecurity,
        headers: conditionHeaders(false),
        params: Type.Object({ id: Uuid }),
        body: StaffUserChangeSchema,
        response: { 200: { ...envelope(StaffUserSchema), headers: etagHeader }, ...failures },
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

  app.get(
    '/api/staff/audit',
    {
      onRequest: app.requireStaff('viewer'),
      schema: {
        tags: ['Staff'],
        summary:
          "The audit trail, newest first: changes (who, when, what, before and after), reads of personal data and failed sign-ins; filtered by who (part of the e-mail address), entity, its id and days (from and to included); a staff user of some employers gets only those employers' entries",
        security: staffCookieSecurity,
        querystring: StaffAuditQuerySchema,
        response: { 200: envelope(Type.Array(StaffAuditEntrySchema)), ...failures },
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
