import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx, MailOutboxTable } from '../../database.ts';

export type MailOutboxRow = Selectable<MailOutboxTable>;

export async function insert(db: DbOrTx, row: Insertable<MailOutboxTable>): Promise<MailOutboxRow> {
  return db.insertInto('mail_outbox').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function markSent(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ senton: now, last_error: null, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function markFailed(db: DbOrTx, id: string, error: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ last_error: error, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
