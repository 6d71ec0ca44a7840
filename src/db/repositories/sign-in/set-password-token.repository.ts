import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx, SetPasswordTokenTable } from '../../database.ts';

export type SetPasswordTokenRow = Selectable<SetPasswordTokenTable>;

export async function insert(db: DbOrTx, row: Insertable<SetPasswordTokenTable>): Promise<void> {
  await db.insertInto('set_password_token').values(row).execute();
}

/** The invitation token with this hash if it belongs to that member, is unused and has not expired. */
export async function findUsable(
  db: DbOrTx,
  memberId: string,
  tokenHash: string,
  now: Date,
): Promise<SetPasswordTokenRow | undefined> {
  return db
    .selectFrom('set_password_token')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('memberid', '=', memberId)
    .where('purpose', '=', 'invite')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** The password-reset token with this hash if it is unused and has not expired. */
export async function findUsableReset(db: DbOrTx, tokenHash: string, now: Date): Promise<SetPasswordTokenRow | undefined> {
  return db
    .selectFrom('set_password_token')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', 'reset')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** True when this call used it (it was still unused). */
export async function markUsed(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('set_password_token')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A new invitation or reset link makes the older links (of both kinds) stop working. */
export async function expireUnusedForMember(db: DbOrTx, memberId: string, now: Date): Promise<void> {
  await db
    .updateTable('set_password_token')
    .set({ expires_at: now })
    .where('memberid', '=', memberId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export async function deleteForMember(db: DbOrTx, memberId: string): Promise<void> {
  await db.deleteFrom('set_password_token').where('memberid', '=', memberId).execute();
}
