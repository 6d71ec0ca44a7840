/**
 * Two OpenAPI documents from the routes' schemas: the employee API at /docs (its JSON at /docs/json), open to
 * anyone, without the staff routes; and the staff API (/api/staff/...) at /staff/docs (JSON at /staff/docs/json),
 * only for a signed-in staff user: without the staff cookie the page redirects to the console's sign-in and the
 * JSON answers 401.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { isStaffApi, optionalStaff, STAFF_COOKIE, STAFF_REQUEST_HEADER } from './staff-auth.plugin.ts';
import { unauthorized } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    staffSwagger: () => Record<string, unknown>;
  }
}

type Transform = { schema: FastifySchema; url: string; route: { method: string | string[] } };

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/**
 * A route's operationId, for client generators: its method and its path's words, a parameter as By<Name>
 * (GET /api/Member/:id is getMemberById; a path the spec ends with a slash ends with Slash). Method and path are
 * unique, so the ids are.
 */
export function operationIdOf(method: string | string[], url: string): string {
  const words = url.split('/').filter((segment) => segment !== '' && segment !== 'api').map((segment) => {
    const parameter = /^[:{](\w+)}?$/.exec(segment);
    return parameter ? `By${capitalized(parameter[1]!)}` : segment.split(/[^A-Za-z0-9]+/).map(capitalized).join('');
  });
  const slash = url.length > 1 && url.endsWith('/') ? 'Slash' : '';
  return `${String(Array.isArray(method) ? method[0] : method).toLowerCase()}${words.join('')}${slash}`;
}

/**
 * Leaves the routes `keep` accepts in a document, each with its operationId, and hides the others. A route that
 * declares no security is public and says so (`security: []`), so no reader takes it for a forgotten one.
 */
const only = (keep: (url: string) => boolean) => ({ schema, url, route }: Transform) => ({
  url,
  schema: keep(url) ? { operationId: operationIdOf(route.method, url), security: [], ...schema } : { ...schema, hide: true },
});
const refResolver = { buildLocalReference: (json: { $id?: unknown }, _baseUri: unknown, _fragment: unknown, i: number) => String(json.$id ?? `def-${i}`) };

export async function openapiPlugin(app: FastifyInstance): Promise<void> {
  const info = (title: string, description: string) => ({ title, version: app.config.APP_VERSION, description });
  const envelopeNote = 'Every answer is { success, data, message }; a failure adds code and, for input faults, fieldErrors.';

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: info('Benefit Portal API', envelopeNote),
      servers: [{ url: app.config.PUBLIC_URL }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: only((url) => !isStaffApi(url)),
    refResolver,
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: info(
        'Benefit Portal staff API',
        `${envelopeNote} Staff sign in by POST /api/staff/login: the session is the HttpOnly cookie ${STAFF_COOKIE}; every POST, PUT, PATCH and DELETE also needs the header ${STAFF_REQUEST_HEADER}: 1. Roles: viewer reads, implementer changes employers and their documents, admin also manages staff users.`,
      ),
      servers: [{ url: app.config.PUBLIC_URL }],
      components: { securitySchemes: { staffCookie: { type: 'apiKey', in: 'cookie', name: STAFF_COOKIE } } },
    },
    transform: only(isStaffApi),
    refResolver,
    decorator: 'staffSwagger',
  });

  // Each UI in a scope of its own: the plugin decorates the instance it is registered on, once.
  await app.register(async (scope) => scope.register(swaggerUi, { routePrefix: '/docs', staticCSP: true }));
  await app.register(async (scope) => scope.register(swaggerUi, {
    routePrefix: '/staff/docs',
    staticCSP: true,
    transformSpecificationClone: false,
    transformSpecification: () => app.staffSwagger(),
    uiHooks: {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        if (await optionalStaff(app.db, request, new Date())) return;
        if (request.headers.accept?.includes('text/html')) return reply.redirect('/staff');
        throw unauthorized('Please sign in to the staff console to read the staff API.');
      },
    },
  }));
}
