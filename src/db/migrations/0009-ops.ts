import { sql, type Kysely } from 'kysely';

/**
 * Rate limits live in the database, so every instance of the app on one database counts the same attempts
 * (docs/operations.md). One row per limited route and client: `key` is a SHA-256 of both (no address at rest),
 * `hits` counts attempts in the window that ends at `resets_at` (the database's clock, the same for every
 * instance). Rows past `resets_at` are dead and deleted from time to time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rate_limit (
      key text primary key,
      hits integer not null check (hits >= 0),
      resets_at timestamptz not null
    )`.execute(db);
  await sql`create index rate_limit_resets_at on rate_limit(resets_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limit`.execute(db);
}
