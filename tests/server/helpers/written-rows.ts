/**
 * What a refused request must not change: every table the API writes, as one string of each table's row count and
 * the sum of its rows' versions (xmin). A row inserted, updated or deleted changes one of them.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '#db/database.ts';

/**
 * The tables left out: the reference data (imported once, never written by a request) and the bookkeeping every
 * request may write by design, refused or not: the rate-limit counters, the failed sign-in counts, the security
 * event log and the sessions' last-use marks (member and staff: the session check notes a use at most once a
 * minute, also for a call refused after it, such as a 403 for another's id).
 */
const UNCHECKED_TABLES = new Set([
  'reference_data', 'zip_county', 'county_rating_area', 'plan', 'plan_rate', 'plan_service_area_zip', 'plan_county', 'plan_zip_county',
  'kysely_migration', 'kysely_migration_lock', 'rate_limit', 'signin_failure', 'security_event', 'session', 'staff_session',
]);

/** Every writable table's rows and their versions, in one query. */
export async function writtenRows(db: Kysely<Database>): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const parts = tables.rows
    .map((row) => row.table_name)
    .filter((name) => !UNCHECKED_TABLES.has(name))
    // A refused staff sign-in is recorded in the audit trail by design (like its failure count); nothing else may be.
    .map((name) => sql`select ${name} as t, count(*)::text as n, coalesce(sum(xmin::text::bigint), 0)::text as h from ${sql.id(name)} ${name === 'staff_audit' ? sql`where action <> 'sign-in-failed'` : sql``}`);
  const result = await sql<{ t: string; n: string; h: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return result.rows.map((row) => `${row.t}:${row.n}:${row.h}`).sort().join('|');
}
