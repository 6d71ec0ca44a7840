import { sql, type Kysely } from 'kysely';

/**
 * The audit trail also records failed staff sign-ins and reads of personal data (docs/staff.md, The audit trail):
 * - staff_user_id may be null: a failed sign-in with an e-mail address no staff user has is by nobody we know.
 * - staff_audit_staff: the trail filtered by who (the console's Audit Trail screen).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_audit alter column staff_user_id drop not null`.execute(db);
  await sql`create index staff_audit_staff on staff_audit(staff_user_id, createdon)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index staff_audit_staff`.execute(db);
  await sql`delete from staff_audit where staff_user_id is null`.execute(db);
  await sql`alter table staff_audit alter column staff_user_id set not null`.execute(db);
}
