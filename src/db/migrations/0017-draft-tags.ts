import { sql, type Kysely } from 'kysely';

/**
 * When each version was last saved (a draft saved over keeps its row, so createdon does not say), so a draft's
 * tag changes with every save and a conflict can say when the other person saved (docs/staff.md, Drafts and their
 * tags). Versions stored before are taken as saved when they were made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table document_override add column updatedon timestamptz`.execute(db);
  await sql`update document_override set updatedon = createdon`.execute(db);
  await sql`alter table document_override alter column updatedon set not null, alter column updatedon set default now()`.execute(db);
}
