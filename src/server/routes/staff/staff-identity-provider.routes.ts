/**
 * An employer's identity provider in the staff console (docs/staff.md, "An employer's identity provider"): viewers
 * read it, implementers and admins set, remove and test it. The client secret is write-only.
 */
import type { FastifyInstance } from 'fastify';
import type { StaffIdentityProviderInput } from '#contracts/staff-employers.ts';
import { conditionHeaders, etagHeader, preconditionOf, taggedAnswer } from '../../http/preconditions.ts';
import { envelope, failures, nullable, ok, uuid } from '../../http/route-schemas.ts';
import * as service from '../../services/staff-employers/identity-providers.ts';
import { staffCookieSecurity } from './staff-auth.routes.ts';

const accountParams = { type: 'object', required: ['accountid'], properties: { accountid: uuid } } as const;
const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;
const DOMAIN = '^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$';

const inputSchema = {
  type: 'object',
  required: ['displayName', 'issuer', 'clientId', 'emailClaim', 'allowedDomains', 'registration'],
  additionalProperties: false,
  properties: {
    displayName: { ...text(100), description: 'The name the sign-in button gives the provider' },
    issuer: { type: 'string', minLength: 1, maxLength: 500, description: 'The issuer URL: https (http only on loopback when OIDC_ALLOW_HTTP_LOOPBACK is on)' },
    clientId: text(200),
    clientSecret: { type: 'string', minLength: 1, maxLength: 500, description: 'Write-only: required the first time; absent keeps the stored one' },
    emailClaim: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$', description: "The ID token claim with the e-mail ('email')" },
    allowedDomains: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'string', maxLength: 253, pattern: DOMAIN }, description: 'Lower-case domains, without @' },
    registration: { type: 'string', enum: ['census', 'open'] },
  },
} as const;

const providerSchema = {
  type: 'object',
  properties: {
    displayName: { type: 'string' },
    issuer: { type: 'string' },
    clientId: { type: 'string' },
    clientSecretSet: { type: 'boolean', description: 'The secret itself is never answered' },
    emailClaim: { type: 'string' },
    allowedDomains: { type: 'array', items: { type: 'string' } },
    registration: { type: 'string', enum: ['census', 'open'] },
    redirectUri: { type: 'string', description: 'To register for the client at the provider' },
    postLogoutRedirectUri: { type: 'string', description: 'To register at the provider for RP-initiated logout' },
  },
} as const;

export async function staffIdentityProviderRoutes(app: FastifyInstance): Promise<void> {
  const viewer = app.requireStaff('viewer');
  const implementer = app.requireStaff('implementer');
  /** `tagged`: the answer carries the provider's version as its ETag. */
  const route = (role: typeof viewer, summary: string, response: object, extra: object = {}, tagged = false) => ({
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

  app.get<{ Params: { accountid: string } }>(
    path,
    route(viewer, "The employer's identity provider (null: none); the client secret is never answered; ETag: its version (none when there is none)", nullable(providerSchema), {}, true),
    async (request, reply) => {
      const provider = await service.readProvider(app.db, app.config, request.params.accountid);
      return taggedAnswer(reply, provider, service.providerTag(provider));
    },
  );

  app.put<{ Params: { accountid: string }; Body: StaffIdentityProviderInput }>(
    path,
    route(
      implementer,
      "Set the employer's identity provider (audited; the secret stored sealed); If-Match: the ETag read, or If-None-Match: * to set one where none was (428 PRECONDITION_REQUIRED with neither; 412 RESOURCE_CHANGED with data { changedBy, changedAt } when changed since)",
      providerSchema,
      { body: inputSchema, headers: conditionHeaders(true) },
      true,
    ),
    async (request, reply) => {
      const provider = await service.saveProvider(app.db, app.config, request.staff!, request.params.accountid, request.body, preconditionOf(request.headers, true));
      return taggedAnswer(reply, provider, service.providerTag(provider));
    },
  );

  app.delete<{ Params: { accountid: string } }>(
    path,
    route(implementer, "Remove the employer's identity provider (audited); its sign-in button goes away", { type: 'null' }),
    async (request) => ok(await service.removeProvider(app.db, app.config, request.staff!, request.params.accountid)),
  );

  app.post<{ Params: { accountid: string } }>(
    `${path}/test`,
    route(implementer, "Test connection: the stored provider's discovery document and signing keys", {
      type: 'object',
      properties: { ok: { type: 'boolean' }, message: { type: 'string' } },
    }),
    async (request) => ok(await service.testProvider(app.db, app.config, request.params.accountid)),
  );
}
