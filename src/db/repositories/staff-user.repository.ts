/** Staff users of the console (migration 0010). E-mail addresses are compared and stored lower-cased. */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { DbOrTx, StaffRole, StaffUserTable } from '../database.ts';

export type StaffUserRow = Selectable<StaffUserTable>;

/** What staff see of a staff user (never the password hash). */
export type StaffUser = { id: string; email: string; role: StaffRole; disabled: boolean; createdon: string };

export const normalEmail = (email: string) => email.trim().toLowerCase();

export function toWire(row: StaffUserRow): StaffUser {
  return { id: row.id, email: row.email, role: row.role, disabled: row.disabled, createdon: new Date(row.createdon).toISOString() };
}

export async function findByEmail(db: DbOrTx, email: string): Promise<StaffUserRow | undefined> {
  return db.selectFrom('staff_user').selectAll().where('email', '=', normalEmail(email)).executeTakeFirst();
}

export async function findById(db: DbOrTx, id: string): Promise<StaffUserRow | undefined> {
  return db.selectFrom('staff_user').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether any staff user exists (the server's start-up hint for the first admin). */
export async function exists(db: DbOrTx): Promise<boolean> {
  return (await db.selectFrom('staff_user').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function list(db: DbOrTx): Promise<StaffUserRow[]> {
  return db.selectFrom('staff_user').selectAll().orderBy('email').execute();
}

/** A new staff user; undefined when the e-mail address is taken (nothing written). */
export async function insert(
  db: DbOrTx,
  user: { email: string; role: StaffRole; passwordHash: string },
): Promise<StaffUserRow | undefined> {
  return db
    .insertInto('staff_user')
    .values({ id: randomUUID(), email: normalEmail(user.email), role: user.role, password_hash: user.passwordHash })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function update(db: DbOrTx, id: string, change: { role?: StaffRole; disabled?: boolean }): Promise<StaffUserRow | undefined> {
  return db.updateTable('staff_user').set(change).where('id', '=', id).returningAll().executeTakeFirst();
}
