import { sql, type Kysely } from 'kysely';

/**
 * Which employers a staff user may see and change (docs/staff.md, Staff users; docs/decisions/040): every employer
 * (`all_employers`, which takes in employers created later), or the ones listed in staff_user_employer. Admins see
 * every employer whatever is stored. Staff users of before keep every employer, as they had; a new one is given
 * what the admin picks (every employer when nothing is said, as before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_user add column all_employers boolean not null default true`.execute(db);
  await sql`
    create table staff_user_employer (
      staff_user_id uuid not null references staff_user(id) on delete cascade,
      accountid uuid not null references employer(accountid) on delete cascade,
      primary key (staff_user_id, accountid)
    )
  `.execute(db);
}
