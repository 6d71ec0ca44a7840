import { sql, type Kysely } from 'kysely';

/**
 * Override versions staff can account for (docs/staff.md): who made each version and who published it, which
 * version a rollback copied, and at most one published version per employer and document, enforced by the
 * database. Before the index, any pair left with two published versions (two publishes at once under the old
 * shared key) keeps only its newest.
 */
const statements = [
  `alter table document_override
      add column created_by uuid references staff_user(id),
      add column published_by uuid references staff_user(id),
      add column copied_from integer`,
  `update document_override set status = 'retired'
    where status = 'published'
      and id not in (
        select distinct on (accountid, documentid) id from document_override
         where status = 'published'
         order by accountid, documentid, version desc)`,
  `create unique index document_override_one_published on document_override(accountid, documentid) where status = 'published'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
