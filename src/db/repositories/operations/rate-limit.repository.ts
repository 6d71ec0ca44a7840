import { sql } from 'kysely';
import type { DbOrTx } from '../../database.ts';

export type RateLimitState = { hits: number; ttlMs: number };

/**
 * Counts one attempt for `key` in one statement (so two instances counting at once never lose a hit): a new key
 * or one whose window has passed starts a window of `windowMs` at 1, a live one adds 1. Answers the count and
 * the milliseconds left in the window, both by the database's clock.
 */
export async function hit(db: DbOrTx, key: string, windowMs: number): Promise<RateLimitState> {
  const row = await db
    .insertInto('rate_limit')
    .values({ key, hits: 1, resets_at: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`case when rate_limit.resets_at <= now() then 1 else rate_limit.hits + 1 end`,
        resets_at: sql`case when rate_limit.resets_at <= now() then excluded.resets_at else rate_limit.resets_at end`,
      }),
    )
    .returning(['hits', sql<number>`greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int`.as('ttl_ms')])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, ttlMs: row.ttl_ms };
}

/** The live count for `key` without counting (0 when none or the window has passed). */
export async function read(db: DbOrTx, key: string): Promise<RateLimitState> {
  const row = await db
    .selectFrom('rate_limit')
    .select(['hits', sql<number>`greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int`.as('ttl_ms')])
    .where('key', '=', key)
    .where('resets_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? { hits: row.hits, ttlMs: row.ttl_ms } : { hits: 0, ttlMs: 0 };
}

/** Deletes the windows that have passed; answers how many. */
export async function deleteExpired(db: DbOrTx): Promise<number> {
  const result = await db.deleteFrom('rate_limit').where('resets_at', '<=', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
