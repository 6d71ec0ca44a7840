import { sql, type Kysely } from 'kysely';

/**
 * The language a member reads the product in (src/contracts/language.ts: 'en' or 'es'), chosen with the header's
 * language switch once signed in: the product's e-mails to the member follow it. Null: never chosen (English
 * e-mails; the screens follow the browser).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column language text check (language in ('en', 'es'))`.execute(db);
}
