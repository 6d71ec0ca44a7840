import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx, RefreshTokenTable } from '../database.ts';

export type RefreshTokenRow = Selectable<RefreshTokenTable>;

export async function insert(db: DbOrTx, row: Insertable<RefreshTokenTable>): Promise<void> {
  await db.insertInto('refresh_token').values(row).execute();
}

export async function findByHash(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_token').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function findById(db: DbOrTx, id: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_token').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Names a new successor of a token already used (its rotation sent again), keeping when it was first used. */
export async function replaceSuccessor(db: DbOrTx, id: string, successorId: string): Promise<void> {
  await db.updateTable('refresh_token').set({ replaced_by: successorId }).where('id', '=', id).execute();
}

/** Revokes a token still live (used: naming the token that replaces it); true when this call did. */
export async function revokeIfLive(db: DbOrTx, id: string, now: Date, replacedBy: string | null = null): Promise<boolean> {
  const result = await db
    .updateTable('refresh_token')
    .set({ revoked_at: now, replaced_by: replacedBy })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function revokeFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllForMember(db: DbOrTx, memberId: string, now: Date): Promise<void> {
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: now })
    .where('memberid', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
}
