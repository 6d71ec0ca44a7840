/** Staff sign-ins (migration 0010): found by the SHA-256 of the cookie's token, never by the token itself. */
import { randomUUID } from 'node:crypto';
import type { DbOrTx, StaffRole } from '../../database.ts';

export type LiveStaffSession = { sessionId: string; lastusedon: Date; staff: { id: string; email: string; role: StaffRole } };

export async function insert(db: DbOrTx, staffUserId: string, tokenHash: string, now: Date): Promise<string> {
  const id = randomUUID();
  await db.insertInto('staff_session').values({ id, staff_user_id: staffUserId, token_hash: tokenHash, createdon: now, lastusedon: now }).execute();
  return id;
}

/**
 * The session of this token hash if it is live: not ended, created after `startedAfter` (the absolute limit), used
 * after `usedAfter` (the idle limit), of a staff user who is not disabled. One indexed lookup.
 */
export async function findLive(
  db: DbOrTx,
  tokenHash: string,
  limits: { startedAfter: Date; usedAfter: Date },
): Promise<LiveStaffSession | undefined> {
  const row = await db
    .selectFrom('staff_session')
    .innerJoin('staff_user', 'staff_user.id', 'staff_session.staff_user_id')
    .select(['staff_session.id as sessionId', 'staff_session.lastusedon', 'staff_user.id', 'staff_user.email', 'staff_user.role'])
    .where('staff_session.token_hash', '=', tokenHash)
    .where('staff_session.endedon', 'is', null)
    .where('staff_session.createdon', '>', limits.startedAfter)
    .where('staff_session.lastusedon', '>', limits.usedAfter)
    .where('staff_user.disabled', '=', false)
    .executeTakeFirst();
  return row && { sessionId: row.sessionId, lastusedon: row.lastusedon, staff: { id: row.id, email: row.email, role: row.role } };
}

/** Marks the session used at `now`, only when the last mark is older than `staleBefore` (at most one write a minute). */
export async function touch(db: DbOrTx, id: string, now: Date, staleBefore: Date): Promise<void> {
  await db.updateTable('staff_session').set({ lastusedon: now }).where('id', '=', id).where('lastusedon', '<', staleBefore).execute();
}

export async function endByTokenHash(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db.updateTable('staff_session').set({ endedon: now }).where('token_hash', '=', tokenHash).where('endedon', 'is', null).execute();
}

/** Ends every open session of a staff user (disabled, or the role changed). */
export async function endAllFor(db: DbOrTx, staffUserId: string, now: Date): Promise<void> {
  await db.updateTable('staff_session').set({ endedon: now }).where('staff_user_id', '=', staffUserId).where('endedon', 'is', null).execute();
}
