/**
 * The start's one-time work (migrations, reference data, the demo employer) runs while the server already
 * listens (main.ts), so the web app's pages are served at once on a fresh data folder. Until that work is done,
 * every API call waits for it (the browser's first calls are answered a little later, never refused), and
 * GET /healthz answers 503 with Retry-After, so a load balancer sends no traffic yet. A start that fails ends
 * the process (main.ts), so nothing waits forever.
 */
import type { FastifyInstance } from 'fastify';
import { isApi } from '../http/static.ts';

/** Seconds a client is told to wait before asking /healthz again while the server starts. */
export const STARTING_RETRY_AFTER_SECONDS = 2;
export const STARTING_MESSAGE = 'The service is starting.';

export type Readiness = {
  /** Whether the start's work has finished. */
  readonly ready: () => boolean;
  /** Settles when it has (rejects when it failed). */
  readonly finished: Promise<void>;
};

/** Ready from the start: an app built after the start's work (tests, tools). */
export const ALREADY_READY: Readiness = { ready: () => true, finished: Promise.resolve() };

/** Follows the start's work: ready once it resolves. */
export function readinessOf(work: Promise<unknown>): Readiness {
  let done = false;
  const finished = work.then(() => {
    done = true;
  });
  // A failure is reported by whoever started the work (main.ts); the requests waiting on it see it too.
  finished.catch(() => undefined);
  return { ready: () => done, finished };
}

/** API calls wait for the start's work to finish; the web app's files are not held back. */
export function holdApiUntilReady(app: FastifyInstance, readiness: Readiness): void {
  if (readiness.ready()) return;
  app.addHook('onRequest', async (request) => {
    if (readiness.ready() || !isApi(request.url)) return;
    await readiness.finished;
  });
}
