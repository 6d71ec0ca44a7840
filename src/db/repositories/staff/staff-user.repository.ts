/** Staff users of the console (migration 0010). E-mail addresses are compared and stored lower-cased. */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { DbOrTx, StaffRole, StaffUserTable } from '../../database.ts';

export type StaffUserRow = Selectable<StaffUserTable>;

/** What staff see of a staff user (never the password hash nor anything of the second factor but whether it is on). */
export type StaffUser = { id: string; email: string; role: StaffRole; disabled: boolean; secondFactor: boolean; createdon: string };

export const normalEmail = (email: string) => email.trim().toLowerCase();

export function toWire(row: StaffUserRow): StaffUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    disabled: row.disabled,
    secondFactor: row.totp_enabled_at !== null,
    createdon: new Date(row.createdon).toISOString(),
  };
}

export async function findByEmail(db: DbOrTx, email: string): Promise<StaffUserRow | undefined> {
  return db.selectFrom('staff_user').selectAll().where('email', '=', normalEmail(email)).executeTakeFirst();
}

export async function findById(db: DbOrTx, id: string): Promise<StaffUserRow | undefined> {
  return db.selectFrom('staff_user').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A staff user, locked until the transaction ends (a change compares what it read under this lock). */
export async function findByIdForUpdate(db: DbOrTx, id: string): Promise<StaffUserRow | undefined> {
  return db.selectFrom('staff_user').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
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

/** Keeps the sealed secret of an enrollment until its first code confirms it (a new start replaces it). */
export async function setPendingTotpSecret(db: DbOrTx, id: string, sealedSecret: string): Promise<void> {
  await db.updateTable('staff_user').set({ totp_pending_secret: sealedSecret }).where('id', '=', id).execute();
}

/** Turns the second factor on with the confirmed secret; false when it was on already (nothing written). */
export async function enableTotp(
  db: DbOrTx,
  id: string,
  factor: { sealedSecret: string; enabledAt: Date; lastStep: number; recoveryHashes: string[] },
): Promise<boolean> {
  const row = await db
    .updateTable('staff_user')
    .set({
      totp_secret: factor.sealedSecret,
      totp_enabled_at: factor.enabledAt,
      totp_last_step: factor.lastStep,
      totp_pending_secret: null,
      totp_recovery_hashes: factor.recoveryHashes,
    })
    .where('id', '=', id)
    .where('totp_enabled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Turns the second factor off and forgets its secret, pending secret and recovery codes. */
export async function clearTotp(db: DbOrTx, id: string): Promise<void> {
  await db
    .updateTable('staff_user')
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, totp_pending_secret: null, totp_recovery_hashes: [] })
    .where('id', '=', id)
    .execute();
}

/**
 * Records that a code of this time step was accepted; false when one of this step or a later one was accepted
 * already (a replay). One statement, so two requests with the same code cannot both pass.
 */
export async function acceptTotpStep(db: DbOrTx, id: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable('staff_user')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Uses up the recovery code of this hash; false when it is not (or no longer) one of the user's. */
export async function useRecoveryCode(db: DbOrTx, id: string, codeHash: string): Promise<boolean> {
  const row = await db
    .updateTable('staff_user')
    .set({ totp_recovery_hashes: sql<string[]>`array_remove(totp_recovery_hashes, ${codeHash})` })
    .where('id', '=', id)
    .where(sql<boolean>`${codeHash} = any(totp_recovery_hashes)`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Staff users without a second factor (their sessions end when an admin requires one). */
export async function listWithoutTotp(db: DbOrTx): Promise<string[]> {
  return (await db.selectFrom('staff_user').select('id').where('totp_enabled_at', 'is', null).execute()).map((row) => row.id);
}
