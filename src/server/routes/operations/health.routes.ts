/**
 * GET /healthz for load balancers and orchestrators: 200 while the database answers `select 1` within two
 * seconds, 503 when it does not (the instance should get no traffic), and 503 with Retry-After while the start's
 * one-time work (migrations, reference data) is still running (readiness.ts). No sign-in, nothing personal, and no log
 * line per probe (the route logs at warn). While the server closes (SIGTERM), Fastify answers 503 to every new
 * request, this one included, so a balancer stops sending before the instance is gone.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { sendFailure } from '../../plugins/errors.plugin.ts';
import { envelope, failures, ok } from '../../http/route-schemas.ts';
import { STARTING_MESSAGE, STARTING_RETRY_AFTER_SECONDS } from '../../infra/readiness.ts';

export const HEALTH_TIMEOUT_MS = 2000;
export const DATABASE_DOWN_MESSAGE = 'The database does not answer.';

const healthSchema = {
  type: 'object',
  required: ['status', 'database'],
  properties: { status: { type: 'string', enum: ['ok', 'unavailable'] }, database: { type: 'string', enum: ['up', 'down', 'starting'] } },
} as const;

async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
  });
  try {
    return await Promise.race([sql`select 1`.execute(app.db).then(() => true), timeout]);
  } catch (error) {
    app.log.warn({ err: error }, 'health check: the database does not answer');
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/healthz',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: "The instance's health for load balancers: 200 when the database answers, 503 when not",
        response: { 200: envelope(healthSchema), ...failures },
      },
    },
    async (_request, reply) => {
      if (!app.readiness.ready()) {
        reply.header('retry-after', String(STARTING_RETRY_AFTER_SECONDS));
        return sendFailure(reply, 503, {
          success: false,
          data: { status: 'unavailable', database: 'starting' },
          code: 'UNAVAILABLE',
          message: STARTING_MESSAGE,
        });
      }
      if (await databaseAnswers(app)) return ok({ status: 'ok', database: 'up' });
      return sendFailure(reply, 503, {
        success: false,
        data: { status: 'unavailable', database: 'down' },
        code: 'UNAVAILABLE',
        message: DATABASE_DOWN_MESSAGE,
      });
    },
  );
}
