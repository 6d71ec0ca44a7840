/** The first answer of an idempotent request per member and Idempotency-Key (migrations/0005-enrollment.ts). */
import type { Selectable } from 'kysely';
import type { DbOrTx, IdempotencyKeyTable } from '../../database.ts';

export type IdempotencyKeyRow = Selectable<IdempotencyKeyTable>;

export async function find(db: DbOrTx, memberid: string, key: string): Promise<IdempotencyKeyRow | undefined> {
  return db.selectFrom('idempotency_key').selectAll().where('memberid', '=', memberid).where('key', '=', key).executeTakeFirst();
}

/** Stores the answer; run it in the transaction that wrote what the answer describes. */
export async function insert(db: DbOrTx, row: { memberid: string; key: string; request_hash: string; answer: unknown }): Promise<void> {
  await db
    .insertInto('idempotency_key')
    .values({ memberid: row.memberid, key: row.key, request_hash: row.request_hash, answer: JSON.stringify(row.answer) })
    .execute();
}
