/** Server-side sessions: one row per sign-in (migration 0007). */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTx, SessionTable } from '../../database.ts';

export type SessionRow = Selectable<SessionTable>;
export type EndReason = NonNullable<SessionTable['end_reason']>;

export async function insert(db: DbOrTx, row: Insertable<SessionTable>): Promise<void> {
  await db.insertInto('session').values(row).execute();
}

/**
 * The session if it is live at `now`: not ended, not past its absolute end and used after `idleSince`. One lookup
 * by primary key: what every authenticated request pays.
 */
export async function findLive(db: DbOrTx, id: string, memberId: string, now: Date, idleSince: Date): Promise<SessionRow | undefined> {
  return db.selectFrom('session').selectAll().where('id', '=', id).where('memberid', '=', memberId).where(isLive('session', now, idleSince)).executeTakeFirst();
}

/**
 * findLive, locking the row until the transaction ends: every refresh of one session takes this lock first, so
 * racing refreshes run one after another and take their other locks in one order (no deadlock).
 */
export async function lockLive(db: DbOrTx, id: string, memberId: string, now: Date, idleSince: Date): Promise<SessionRow | undefined> {
  return db
    .selectFrom('session')
    .selectAll()
    .where('id', '=', id)
    .where('memberid', '=', memberId)
    .where(isLive('session', now, idleSince))
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The condition that the session row of table (or alias) `table` is live at `now` (see findLive): for a statement
 * that checks the session beside reading other rows (member.repository.ts findFamilyInSession).
 */
export function isLive(table: string, now: Date, idleSince: Date) {
  const column = (name: keyof SessionTable) => sql.ref(`${table}.${name}`);
  return sql<boolean>`${column('ended_at')} is null and ${column('expires_at')} > ${now} and ${column('last_seen_at')} > ${idleSince}`;
}

/** Marks the session used at `now`, only when the last mark is older than `staleBefore` (at most one write a minute). */
export async function touch(db: DbOrTx, id: string, now: Date, staleBefore: Date): Promise<void> {
  await db.updateTable('session').set({ last_seen_at: now }).where('id', '=', id).where('last_seen_at', '<', staleBefore).execute();
}

/** Ends one session; true when it was still open. */
export async function end(db: DbOrTx, id: string, reason: EndReason, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('session')
    .set({ ended_at: now, end_reason: reason })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends every open session of a member (a password reset); answers how many. */
export async function endAllForMember(db: DbOrTx, memberId: string, reason: EndReason, now: Date): Promise<number> {
  const result = await db
    .updateTable('session')
    .set({ ended_at: now, end_reason: reason })
    .where('memberid', '=', memberId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findById(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('session').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Open sessions of a member (tests and operations). */
export async function countOpen(db: DbOrTx, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('session')
    .select(sql<string>`count(*)`.as('n'))
    .where('memberid', '=', memberId)
    .where('ended_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
