/**
 * Graceful shutdown (SIGTERM, SIGINT): the server keeps listening but answers new requests 503 with Retry-After
 * (draining.ts), lets every request in flight finish (its transaction commits, its answer is sent), then stops
 * listening and the database closes. A request still running after `timeoutSeconds` is cut off (its connection closed, so it was
 * never acknowledged) and the database closes anyway. The drain is logged once at its end, at info, with the
 * count of new requests it answered 503 (none of them has a line of its own: draining.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#db/database.ts';

export type ShutdownOutcome = 'closed' | 'timed out';

/** Seconds past SHUTDOWN_TIMEOUT after which main.ts's close-with-grace exits anyway (closing the database hung). */
export const SHUTDOWN_BACKSTOP_SECONDS = 5;

export async function shutDown(app: FastifyInstance, db: Kysely<Database>, timeoutSeconds: number): Promise<ShutdownOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<ShutdownOutcome>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), timeoutSeconds * 1000);
  });
  const drainedAndClosed = app.inFlight.drain().then(() => app.close()).then((): ShutdownOutcome => 'closed');
  const outcome = await Promise.race([drainedAndClosed, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timed out') app.server.closeAllConnections();
  const refused = app.inFlight.refusedCount();
  app.log.info({ refused }, `drained (${outcome}): ${refused} new requests were answered 503 while the requests in flight finished`);
  await db.destroy();
  return outcome;
}
