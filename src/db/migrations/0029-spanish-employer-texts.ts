import { sql, type Kysely } from 'kysely';

/**
 * The Spanish of texts staff write for an employer in English (docs/staff.md, Spanish of the employer's texts): an
 * additional service's description and each price option's name, and an ICHRA document's name (a stored file's
 * name a person reads; its file name stays the English). Null: none written, so Spanish screens show the English
 * marked as English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table product add column description_es text`.execute(db);
  await sql`alter table product_option add column option_es text`.execute(db);
  await sql`alter table stored_file add column name_es text`.execute(db);
}
