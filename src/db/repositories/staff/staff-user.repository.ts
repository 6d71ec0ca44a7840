/**
 * Staff users of the console (migration 0010) and the employers each may see (migration 0030). E-mail addresses are
 * compared and stored lower-cased.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { EmployerAccess, StaffUser as WireStaffUser } from '#contracts/staff/staff-users.ts';
import type { DbOrTx, StaffRole, StaffUserTable } from '../../database.ts';

export type StaffUserRow = Selectable<StaffUserTable>;

/** What staff see of a staff user (the wire's, src/contracts/staff/staff-users.ts), but their employers and its tag. */
export type StaffUser = Omit<WireStaffUser, 'employers' | 'etag'>;

export type { EmployerAccess };

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
  user: { email: string; role: StaffRole; passwordHash: string; employers: EmployerAccess },
): Promise<StaffUserRow | undefined> {
  const row = await db
    .insertInto('staff_user')
    .values({ id: randomUUID(), email: normalEmail(user.email), role: user.role, password_hash: user.passwordHash, all_employers: user.employers.all })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (row) await insertEmployers(db, row.id, user.employers.accountids);
  return row;
}

async function insertEmployers(db: DbOrTx, id: string, accountids: string[]): Promise<void> {
  if (accountids.length === 0) return;
  await db
    .insertInto('staff_user_employer')
    .values([...new Set(accountids)].map((accountid) => ({ staff_user_id: id, accountid })))
    .execute();
}

/** The employers of a staff user as stored (the list sorted, so equal access compares equal). */
export async function employerAccessOf(db: DbOrTx, row: StaffUserRow): Promise<EmployerAccess> {
  return (await employerAccessOfAll(db, [row])).get(row.id)!;
}

/** The employers of each of these staff users, by id. */
export async function employerAccessOfAll(db: DbOrTx, rows: StaffUserRow[]): Promise<Map<string, EmployerAccess>> {
  const ids = rows.map((row) => row.id);
  const listed =
    ids.length === 0
      ? []
      : await db.selectFrom('staff_user_employer').select(['staff_user_id', 'accountid']).where('staff_user_id', 'in', ids).orderBy('accountid').execute();
  return new Map(
    rows.map((row) => [row.id, { all: row.all_employers, accountids: listed.filter((entry) => entry.staff_user_id === row.id).map((entry) => entry.accountid) }]),
  );
}

/** Replaces the employers of a staff user. */
export async function setEmployerAccess(db: DbOrTx, id: string, employers: EmployerAccess): Promise<void> {
  await db.updateTable('staff_user').set({ all_employers: employers.all }).where('id', '=', id).execute();
  await db.deleteFrom('staff_user_employer').where('staff_user_id', '=', id).execute();
  await insertEmployers(db, id, employers.accountids);
}

/**
 * The employers a staff user may see: null for every one (an admin, or a user given all), else their ids. What the
 * employer check of every staff route and the lists of employers, events and audit entries narrow by.
 */
export async function visibleEmployers(db: DbOrTx, staff: { id: string; role: StaffRole }): Promise<string[] | null> {
  if (staff.role === 'admin') return null;
  const row = await findById(db, staff.id);
  if (!row) return [];
  const access = await employerAccessOf(db, row);
  return access.all ? null : access.accountids;
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
