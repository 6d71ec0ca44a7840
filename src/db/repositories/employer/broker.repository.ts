import type { Insertable, Selectable } from 'kysely';
import type { Broker } from '#contracts/entities.ts';
import type { BrokerTable, DbOrTx } from '../../database.ts';

export type BrokerRow = Selectable<BrokerTable>;
export type NewBrokerRow = Insertable<BrokerTable>;

/** The brokers of a team, in a stable order (the web uses the first). */
export async function listByTeam(db: DbOrTx, teamid: string): Promise<BrokerRow[]> {
  return db.selectFrom('broker').selectAll().where('teamid', '=', teamid).orderBy('lastname').orderBy('firstname').orderBy('id').execute();
}

/** Replaces the team's brokers with the given one, or none (run it in a transaction). */
export async function replaceForTeam(db: DbOrTx, teamid: string, row: NewBrokerRow | null): Promise<void> {
  await db.deleteFrom('broker').where('teamid', '=', teamid).execute();
  if (row) await db.insertInto('broker').values(row).execute();
}

/** Inserts the broker or overwrites it when its id exists (seeding). */
export async function upsert(db: DbOrTx, row: NewBrokerRow): Promise<void> {
  const { id, ...changes } = row;
  await db
    .insertInto('broker')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ ...changes }))
    .execute();
}

/** The spec's Broker shape (camelCase, unlike the other entities). */
export function toWire(row: BrokerRow): Broker {
  return { firstName: row.firstname, lastName: row.lastname, emailAddress: row.emailaddress, phoneNumber: row.phonenumber };
}
