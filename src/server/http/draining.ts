/**
 * Requests in flight and work done after an answer, and draining before a shutdown (SIGTERM): the server keeps
 * listening, answers every new request 503 with Retry-After (so a client or a load balancer tries again, on another
 * instance) and lets the requests in flight and the work after their answers finish; only then does shutdown.ts
 * close the server. Closing the listener at once would reset new connections instead.
 * A drain's refusals are expected, not failures: none is logged on its own (at 200 requests a second that was
 * thousands of error lines with stacks); shutdown.ts logs their count once, at info, when the drain is over.
 */
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { catalogueText, inLanguage } from '../content/catalogue-messages.ts';
import { answerLanguage, sendFailure } from '../plugins/errors.plugin.ts';

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
  /** Whether the drain refuses this request (so Fastify writes no line of its own for it). */
  refuses: (request: FastifyRequest) => boolean;
  /** How many new requests the drain has answered 503 so far. */
  refusedCount: () => number;
};

/** Fastify's lines for each request (incoming, completed), left out for the requests a drain refuses. */
export const drainAwareLogController = () => new LogController({ disableRequestLogging: (request) => request.server.inFlight.refuses(request) });

export function trackInFlight(app: FastifyInstance): InFlight {
  let draining = false;
  let refused = 0;
  // The requests let in: while draining, any other one is refused (the check runs before and after the hook below).
  const admitted = new WeakSet<FastifyRequest>();
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
      admitted.add(request);
      pending.add(request);
      return;
    }
    refused += 1;
    // Answered here, not thrown: the error handler would log each refusal as a failure of the server.
    reply.header('retry-after', String(DRAIN_RETRY_AFTER_SECONDS));
    const message = inLanguage(catalogueText('error-restarting'), answerLanguage(request));
    return sendFailure(reply, 503, { success: false, data: null, code: 'UNAVAILABLE', message });
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
    refuses: (request) => draining && !admitted.has(request),
    refusedCount: () => refused,
  };
}
