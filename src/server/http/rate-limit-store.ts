/**
 * A store for @fastify/rate-limit that counts in the database (the rate_limit table) instead of one process's
 * memory, so the limit holds across every instance on the same database (docs/operations.md). Each limited route
 * gets its own counters (the plugin makes a child store per route, as its own stores do); a key is the SHA-256 of
 * route and client, so no address is stored. Every 500th count also deletes the windows that have passed.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '#db/database.ts';
import * as rateLimits from '#db/repositories/operations/rate-limit.repository.ts';
import { sha256 } from '../security/crypto.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type RouteOptions = { routeInfo?: { method?: string | string[]; url?: string } };

const CLEAN_EVERY = 500;

/** Requests whose connection is gone (reset mid-request) share one counter: they have no address to count. */
export const GONE_CLIENT = 'connection-gone';

/**
 * The client a limit counts (the plugin's own key: an IPv6 address by its /64). A connection reset by the client
 * before the limit is checked leaves the request without an address; the plugin's key then threw, a 500 logged as
 * an error for a client that was no longer there.
 */
export function rateLimitKey(request: { ip: string | undefined }): string {
  return request.ip ? normalizeIP(request.ip) : GONE_CLIENT;
}

export function databaseRateLimitStore(db: Kysely<Database>) {
  let counted = 0;
  return class DatabaseRateLimitStore {
    readonly #prefix: string;

    constructor(_options?: unknown, prefix = '') {
      this.#prefix = prefix;
    }

    #key(client: string): string {
      return sha256(`${this.#prefix}|${client}`);
    }

    incr(client: string, callback: Callback, timeWindow: number): void {
      counted += 1;
      const clean = counted % CLEAN_EVERY === 0 ? rateLimits.deleteExpired(db) : Promise.resolve(0);
      Promise.all([rateLimits.hit(db, this.#key(client), timeWindow), clean]).then(
        ([state]) => callback(null, { current: state.hits, ttl: state.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error('rate limit store failed')),
      );
    }

    read(client: string, callback: Callback): void {
      rateLimits.read(db, this.#key(client)).then(
        (state) => callback(null, { current: state.hits, ttl: state.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error('rate limit store failed')),
      );
    }

    child(options: object): DatabaseRateLimitStore {
      const routeOptions = options as RouteOptions;
      const method = [routeOptions.routeInfo?.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(routeOptions, `${method} ${routeOptions.routeInfo?.url ?? ''}`);
    }
  };
}
