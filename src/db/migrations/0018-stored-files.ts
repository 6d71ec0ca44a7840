import { sql, type Kysely } from 'kysely';

/**
 * Stored files (the employers' ICHRA documents) live in the database, so every instance on it serves the same
 * files; instances share nothing but PostgreSQL (docs/operations.md). Names are checked before they get here
 * (src/server/storage.ts); a file is written whole in one statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table stored_file (
      container text not null,
      folder text not null,
      filename text not null,
      bytes bytea not null,
      size integer not null check (size >= 0),
      updated_at timestamptz not null default now(),
      primary key (container, folder, filename)
    )`.execute(db);
}
