/**
 * Requests in flight and work done after an answer, and draining before a shutdown (SIGTERM): the server keeps
 * listening, answers every new request 503 with Retry-After (so a client or a load balancer tries again, on another
 * instance) and lets the requests in flight and the work after their answers finish; only then does shutdown.ts
 * close the server. Closing the listener at once would reset new connections instead.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { catalogueText } from './catalogue-messages.ts';
import { AppError } from './errors.ts';

/** Seconds a client is told to wait before trying again while this instance drains. */
export const DRAIN_RETRY_AFTER_SECONDS = 5;

export type InFlight = {
  /** Answers new requests 503 from now on; resolves once the requests in flight and the work after answers are done. */
  drain: () => Promise<void>;
  /**
   * Runs `work` after the answer has gone (so its time never shows in the answer's), counted until done; a failure
   * is logged with `what`, never with the work's data.
   */
  afterAnswer: (log: FastifyBaseLogger, what: string, work: () => Promise<void>) => void;
  /** Resolves once no request is in flight and no work after an answer is left (tests wait for mail with it). */
  settled: () => Promise<void>;
};

export function trackInFlight(app: FastifyInstance): InFlight {
  let draining = false;
  const pending = new Set<object>();
  let waiting: Array<() => void> = [];
  const done = (item: object) => {
    if (!pending.delete(item) || pending.size > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  const settled = () => (pending.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)));

  app.addHook('onRequest', async (request, reply) => {
    if (!draining) {
      pending.add(request);
      return;
    }
    reply.header('retry-after', String(DRAIN_RETRY_AFTER_SECONDS));
    throw new AppError('UNAVAILABLE', 503, catalogueText('error-restarting'));
  });
  app.addHook('onResponse', async (request) => done(request));
  app.addHook('onRequestAbort', async (request) => done(request));
  // While draining, every answer closes its connection, so no kept-alive socket outlives the requests in flight.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  return {
    drain: async () => {
      draining = true;
      await settled();
    },
    afterAnswer: (log, what, work) => {
      const item = {};
      pending.add(item);
      setImmediate(() => {
        work()
          .catch((error: unknown) => log.error({ errorType: error instanceof Error ? error.name : typeof error }, `${what} failed`))
          .finally(() => done(item));
      });
    },
    settled,
  };
}
