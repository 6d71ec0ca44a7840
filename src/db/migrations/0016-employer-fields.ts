import { sql, type Kysely } from 'kysely';

/**
 * An employer's own fields (fields its override adds to the profile or the dependent form) are answered by its
 * employees and kept with the member or the dependent: one JSON object of answers keyed by the field's name,
 * written only by the member and dependent routes after the employer's resolved document accepted them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column employerfields jsonb not null default '{}'`.execute(db);
  await sql`alter table dependent add column employerfields jsonb not null default '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member drop column employerfields`.execute(db);
  await sql`alter table dependent drop column employerfields`.execute(db);
}
