/**
 * An employer's identity provider in the staff console (docs/staff.md, "An employer's identity provider"): viewers
 * read it, implementers and admins set, remove and test it. The client secret is write-only.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import {
  StaffIdentityProviderInputSchema,
  StaffIdentityProviderSchema,
  StaffIdentityProviderTestSchema,
} from '#contracts/staff/staff-identity-provider.ts';
import { Nullable, Uuid } from '#contracts/wire-schema.ts';
import { conditionHeaders, etagHeader, preconditionOf, taggedAnswer } from '../../http/preconditions.ts';
import { envelope, failures, ok } from '../../http/route-schemas.ts';
import * as service from '../../services/staff-employers/identity-providers.ts';
import { staffCookieSecurity } from './staff-auth.routes.ts';

const accountParams = Type.Object({ accountid: Uuid });

export async function staffIdentityProviderRoutes(untyped: FastifyInstance): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const viewer = app.requireStaff('viewer');
  const implementer = app.requireStaff('implementer');
  /** `tagged`: the answer carries the provider's version as its ETag. */
  const route = <E extends object>(role: typeof viewer, summary: string, response: TSchema, extra: E = {} as E, tagged = false) => ({
    onRequest: role,
    schema: {
      tags: ['Staff'],
      summary,
      security: staffCookieSecurity,
      params: accountParams,
      response: { 200: tagged ? { ...envelope(response), headers: etagHeader } : envelope(response), ...failures },
      ...extra,
    },
  });
  const path = '/api/staff/employers/:accountid/identity-provider';

  app.get(
    path,
    route(viewer, "The employer's identity provider (null: none); the client secret is never answered; ETag: its version (none when there is none)", Nullable(StaffIdentityProviderSchema), {}, true),
    async (request, reply) => {
      const provider = await service.readProvider(app.db, app.config, request.params.accountid);
      return taggedAnswer(reply, provider, service.providerTag(provider));
    },
  );

  app.put(
    path,
    route(
      implementer,
      "Set the employer's identity provider (audited; the secret stored sealed); If-Match: the ETag read, or If-None-Match: * to set one where none was (428 PRECONDITION_REQUIRED with neither; 412 RESOURCE_CHANGED with data { changedBy, changedAt } when changed since)",
      StaffIdentityProviderSchema,
      { body: StaffIdentityProviderInputSchema, headers: conditionHeaders(true) },
      true,
    ),
    async (request, reply) => {
      const provider = await service.saveProvider(app.db, app.config, request.staff!, request.params.accountid, request.body, preconditionOf(request.headers, true));
      return taggedAnswer(reply, provider, service.providerTag(provider));
    },
  );

  app.delete(
    path,
    route(implementer, "Remove the employer's identity provider (audited); its sign-in button goes away", Type.Null()),
    async (request) => ok(await service.removeProvider(app.db, app.config, request.staff!, request.params.accountid)),
  );

  app.post(
    `${path}/test`,
    route(implementer, "Test connection: the stored provider's discovery document and signing keys", StaffIdentityProviderTestSchema),
    async (request) => ok(await service.testProvider(app.db, app.config, request.params.accountid)),
  );
}
