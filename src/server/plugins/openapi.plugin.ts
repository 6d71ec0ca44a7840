/** The OpenAPI document from the routes' schemas, served at /docs/json with the UI at /docs. */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export async function openapiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Benefit Portal API',
        version: app.config.APP_VERSION,
        description: 'Every answer is { success, data, message }; a failure adds code and, for input faults, fieldErrors.',
      },
      servers: [{ url: app.config.PUBLIC_URL }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          staffKey: { type: 'apiKey', in: 'header', name: 'x-staff-key' },
          staffCookie: { type: 'apiKey', in: 'cookie', name: 'bp_staff' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}
