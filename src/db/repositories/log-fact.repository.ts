import type { QueryCreator, Selectable } from 'kysely';
import type { Database, DbOrTx, LogFactTable } from '../database.ts';

export type NewLogFact = {
  id: string;
  title: string;
  accountid: string | null;
  memberid: string | null;
  action: string | null;
  effectivedate: string | null;
  data: unknown;
};

export async function insert(db: DbOrTx, fact: NewLogFact): Promise<void> {
  await insertStatement(db, fact).execute();
}

/** The statement of insert, to be run (after a WITH clause of other statements, for one round trip). */
export function insertStatement(db: QueryCreator<Database>, fact: NewLogFact) {
  return db.insertInto('log_fact').values({ ...fact, data: JSON.stringify(fact.data) });
}

export type LogFactRow = Selectable<LogFactTable>;

/** Which events to read: each given filter narrows; `from` and `to` are days (UTC), both included. */
export type LogFactFilter = { accountid?: string; memberid?: string; action?: string; from?: string; to?: string; limit: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfDay = (day: string, plusDays: number) => new Date(Date.parse(`${day}T00:00:00Z`) + plusDays * DAY_MS);

/** The events, newest first. */
export async function list(db: DbOrTx, filter: LogFactFilter): Promise<LogFactRow[]> {
  let query = db.selectFrom('log_fact').selectAll();
  if (filter.accountid) query = query.where('accountid', '=', filter.accountid);
  if (filter.memberid) query = query.where('memberid', '=', filter.memberid);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.from) query = query.where('createdon', '>=', startOfDay(filter.from, 0));
  if (filter.to) query = query.where('createdon', '<', startOfDay(filter.to, 1));
  return query.orderBy('createdon', 'desc').orderBy('id').limit(filter.limit).execute();
}
