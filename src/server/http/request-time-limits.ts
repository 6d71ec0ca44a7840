/**
 * How long a request may take to arrive (docs/operations.md, "Slow clients"). Without limits a client that sends
 * a body slowly, or not at all, holds its connection (and, during a drain, the shutdown) for as long as it likes.
 * - REQUEST_TIMEOUT: the whole request, headers and body, must have arrived within it. Node's own `requestTimeout`,
 *   checked every TIME_LIMITS_CHECKED_EVERY_MS; Node then reports the connection to the clientErrorHandler
 *   (errors.plugin.ts `clientErrors`), which answers 408 and closes it. It does not count the handler's time.
 * - BODY_IDLE_TIMEOUT: a body may go that long without a byte arriving (a timer per gap, not per body); the body
 *   then fails with 408 REQUEST_TIMEOUT, answered in the envelope, and Fastify closes the connection.
 * Fastify's `connectionTimeout` (a socket's inactivity) is not used: it would also cut off a handler that works
 * longer than it without writing.
 */
import type { ServerOptions } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { catalogueText } from '../content/catalogue-messages.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

/** How often Node looks for requests past REQUEST_TIMEOUT (its default, 30 s, would let one run 30 s over). */
export const TIME_LIMITS_CHECKED_EVERY_MS = 1000;

/** The Fastify options for the whole-request limit. */
export function requestTimeLimit(config: Config): { requestTimeout: number; http: ServerOptions } {
  const limitMs = config.REQUEST_TIMEOUT * 1000;
  // The headers get the whole limit too: Node takes the shorter of the two for the whole request (its default
  // headersTimeout, 60 s, would stretch a shorter REQUEST_TIMEOUT to 60 s). Node checks them against each other when
  // it creates the server; Fastify sets requestTimeout again afterwards.
  return { requestTimeout: limitMs, http: { requestTimeout: limitMs, headersTimeout: limitMs, connectionsCheckingInterval: TIME_LIMITS_CHECKED_EVERY_MS } };
}

export const requestTimedOut = () => new AppError('REQUEST_TIMEOUT', 408, catalogueText('request-timed-out'));

/** Every request's body passes through a watch that fails it with 408 after `seconds` without a byte. */
export function limitBodyIdleTime(app: FastifyInstance, seconds: number): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const { headers } = request;
    // No body announced (a GET, most DELETEs): nothing to watch, and no stream added to the request.
    if (headers['transfer-encoding'] === undefined && (headers['content-length'] === undefined || headers['content-length'] === '0')) return payload;
    return watchedForGaps(payload, seconds * 1000);
  });
}

function watchedForGaps(payload: Readable, idleMs: number): Transform {
  const timer = setTimeout(() => watched.destroy(requestTimedOut()), idleMs);
  const watched = new Transform({
    transform(chunk, _encoding, callback) {
      timer.refresh();
      callback(null, chunk);
    },
    flush(callback) {
      clearTimeout(timer);
      callback();
    },
    destroy(error, callback) {
      clearTimeout(timer);
      callback(error);
    },
  });
  // The body parser listens for the failure; a route answered without reading the body (415, 413) may not, and
  // an unheard error would end the process.
  watched.on('error', () => undefined);
  // A connection gone mid-body fails the parse as it did without the watch.
  payload.on('error', (error) => watched.destroy(error));
  payload.once('close', () => clearTimeout(timer));
  payload.pipe(watched);
  return watched;
}
