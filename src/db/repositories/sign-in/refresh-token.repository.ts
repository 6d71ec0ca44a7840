import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx, RefreshTokenTable } from '../../database.ts';

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

/** Marks a token used, naming the token that replaces it (its session's row is locked: tokens.ts rotateTokens). */
export async function markRotated(db: DbOrTx, id: string, now: Date, replacedBy: string): Promise<void> {
  await db.updateTable('refresh_token').set({ revoked_at: now, replaced_by: replacedBy }).where('id', '=', id).execute();
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
