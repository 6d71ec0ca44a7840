import { sql, type Kysely } from 'kysely';

/**
 * A second staff member's approval of a draft that changes a guarded text (docs/decisions/047-guarded-texts-need-
 * a-second-persons-approval.md): who approved it, when, and the draft's tag they approved, so an approval of an
 * earlier save of the draft does not count for a later one. Versions stored before have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table document_override
      add column approved_by uuid references staff_user(id),
      add column approvedon timestamptz,
      add column approved_tag text`.execute(db);
}
