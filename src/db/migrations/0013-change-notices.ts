import { sql, type Kysely } from 'kysely';

/**
 * Change notices for what the server keeps in memory about a signed-in member (src/server/session-cache.ts): every
 * change to a session, a member, a dependent or an employer sends a notice on the channel `bp_changes`
 * (PostgreSQL's NOTIFY, delivered when the transaction commits and never when it rolls back), naming what changed:
 * `session:<id>`, `member:<id>` (the member's row or one of their dependents), or `*` (an employer, or a whole
 * table emptied). Triggers, not the repositories, send them, so no write path (staff console, imports, a person
 * at psql) can change these rows without every instance hearing of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function bp_notify_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' or tg_table_name = 'employer' then
        perform pg_notify('bp_changes', '*');
      elsif tg_table_name = 'session' then
        perform pg_notify('bp_changes', 'session:' || old.id);
      elsif tg_table_name = 'member' then
        perform pg_notify('bp_changes', 'member:' || old.id);
      else
        if tg_op <> 'INSERT' then perform pg_notify('bp_changes', 'member:' || old.memberid); end if;
        if tg_op <> 'DELETE' then perform pg_notify('bp_changes', 'member:' || new.memberid); end if;
      end if;
      return null;
    end
    $$`.execute(db);
  for (const table of ['session', 'member', 'dependent', 'employer']) {
    // A new session or member has nothing kept of it yet; a new dependent changes the member's family.
    const events = table === 'dependent' ? 'insert or update or delete' : 'update or delete';
    await sql.raw(`create trigger ${table}_change_notice after ${events} on ${table} for each row execute function bp_notify_change()`).execute(db);
    await sql.raw(`create trigger ${table}_truncate_notice after truncate on ${table} for each statement execute function bp_notify_change()`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['session', 'member', 'dependent', 'employer']) {
    await sql.raw(`drop trigger ${table}_change_notice on ${table}`).execute(db);
    await sql.raw(`drop trigger ${table}_truncate_notice on ${table}`).execute(db);
  }
  await sql`drop function bp_notify_change()`.execute(db);
}
