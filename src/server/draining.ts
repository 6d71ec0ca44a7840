/**
 * Draining before a shutdown (SIGTERM): the server keeps listening, answers every new request 503 with Retry-After
 * (so a client or a load balancer tries again, on another instance) and lets the requests already in flight finish;
 * only then does shutdown.ts close the server. Closing the listener at once would reset new connections instead.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Seconds a client is told to wait before trying again while this instance drains. */
export const DRAIN_RETRY_AFTER_SECONDS = 5;

export type Drain = () => Promise<void>;

/** Counts the requests in flight and answers new ones 503 once `drain` is called; `drain` resolves when none is left. */
export function trackRequestsInFlight(app: FastifyInstance): Drain {
  let draining = false;
  const inFlight = new Set<FastifyRequest>();
  let whenIdle: (() => void) | null = null;
  const finished = async (request: FastifyRequest) => {
    if (!inFlight.delete(request)) return;
    if (inFlight.size === 0) whenIdle?.();
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!draining) {
      inFlight.add(request);
      return;
    }
    reply.header('retry-after', String(DRAIN_RETRY_AFTER_SECONDS));
    throw new AppError('UNAVAILABLE', 503, 'The service is restarting. Please try again in a few seconds.');
  });
  app.addHook('onResponse', finished);
  app.addHook('onRequestAbort', finished);
  // While draining, every answer closes its connection, so no kept-alive socket outlives the requests in flight.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  return async () => {
    draining = true;
    if (inFlight.size > 0) await new Promise<void>((resolve) => (whenIdle = resolve));
  };
}
