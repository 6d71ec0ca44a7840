/**
 * Sign-ins waiting for their second factor (migration 0021): found by the SHA-256 of the pending cookie's token,
 * never by the token itself; live for a few minutes and until too many wrong codes.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { DbOrTx, StaffSigninPendingTable } from '../../database.ts';

export type PendingSignin = Selectable<StaffSigninPendingTable>;
export type PendingPurpose = PendingSignin['purpose'];

export async function insert(
  db: DbOrTx,
  pending: { staffUserId: string; tokenHash: string; purpose: PendingPurpose; expiresOn: Date },
): Promise<void> {
  await db
    .insertInto('staff_signin_pending')
    .values({ id: randomUUID(), staff_user_id: pending.staffUserId, token_hash: pending.tokenHash, purpose: pending.purpose, expireson: pending.expiresOn })
    .execute();
}

/** The pending sign-in of this token hash and purpose if it has not expired and has fewer than `maxFailures` failures. */
export async function findLive(db: DbOrTx, tokenHash: string, purpose: PendingPurpose, now: Date, maxFailures: number): Promise<PendingSignin | undefined> {
  return db
    .selectFrom('staff_signin_pending')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('expireson', '>', now)
    .where('failures', '<', maxFailures)
    .executeTakeFirst();
}

/** Counts a wrong code against the pending sign-in. */
export async function countFailure(db: DbOrTx, id: string): Promise<void> {
  await db.updateTable('staff_signin_pending').set((eb) => ({ failures: eb('failures', '+', 1) })).where('id', '=', id).execute();
}

export async function remove(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('staff_signin_pending').where('id', '=', id).execute();
}

/** Forgets a user's pending sign-ins and those expired by now (kept small without a sweeper). */
export async function removeFor(db: DbOrTx, staffUserId: string, now: Date): Promise<void> {
  await db.deleteFrom('staff_signin_pending').where((eb) => eb.or([eb('staff_user_id', '=', staffUserId), eb('expireson', '<=', now)])).execute();
}
