import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx, RefreshTokenTable } from '../database.ts';

export type RefreshTokenRow = Selectable<RefreshTokenTable>;

export async function insert(db: DbOrTx, row: Insertable<RefreshTokenTable>): Promise<void> {
  await db.insertInto('refresh_token').values(row).execute();
}

export async function findByHash(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_token').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** True when this call revoked it (it was still live). */
export async function revokeIfLive(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('refresh_token')
    .set({ revoked_at: now })
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
