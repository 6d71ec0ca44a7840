/** The security event log (migration 0007): who, what, from where, when. No e-mail, password or token in it. */
import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx, SecurityEventKind, SecurityEventTable } from '../../database.ts';

export type SecurityEventRow = Selectable<SecurityEventTable>;

export async function insert(db: DbOrTx, row: Insertable<SecurityEventTable>): Promise<void> {
  await db.insertInto('security_event').values(row).execute();
}

/** A member's events, oldest first (optionally of some kinds). */
export async function listForMember(db: DbOrTx, memberId: string, kinds?: SecurityEventKind[]): Promise<SecurityEventRow[]> {
  let query = db.selectFrom('security_event').selectAll().where('memberid', '=', memberId);
  if (kinds) query = query.where('kind', 'in', kinds);
  return query.orderBy('occurred_at').orderBy('id').execute();
}
