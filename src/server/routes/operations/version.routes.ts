import type { FastifyInstance } from 'fastify';
import { envelope, failures, ok } from '../../http/route-schemas.ts';

export async function versionRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/Version/test',
    {
      schema: {
        tags: ['version'],
        summary: 'The application version (shown as the release notice)',
        response: { 200: envelope({ type: 'string' }), ...failures },
      },
    },
    async () => ok(`Benefit Portal ${app.config.APP_VERSION}`),
  );
}
