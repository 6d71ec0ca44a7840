import { sql, type QueryCreator, type Selectable } from 'kysely';
import type { Database, DbOrTx, LogFactTable } from '../../database.ts';
import { containsText, startOfDay } from '../../text-filters.ts';

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

/**
 * Which events to read: each given filter narrows; `from` and `to` are days (UTC), both included; `employee` is part
 * of the member's name ('first last') or of either e-mail address (sign-in or personal), `employer` part of the
 * employer's name, both ignoring case.
 */
export type LogFactFilter = {
  accountid?: string;
  memberid?: string;
  action?: string;
  from?: string;
  to?: string;
  employee?: string;
  employer?: string;
  limit: number;
  /** Only the events of these employers (null or absent: every event; a staff user's employers, staff-user.repository visibleEmployers). */
  employers?: string[] | null;
};

/** An event with the names of its employer and member (null when it has none, or they are gone). */
export type NamedLogFactRow = LogFactRow & { employername: string | null; firstname: string | null; lastname: string | null; memberemail: string | null };

/** The events, newest first. */
export async function list(db: DbOrTx, filter: LogFactFilter): Promise<NamedLogFactRow[]> {
  let query = db
    .selectFrom('log_fact')
    .leftJoin('employer', 'employer.accountid', 'log_fact.accountid')
    .leftJoin('member', 'member.id', 'log_fact.memberid')
    .selectAll('log_fact')
    .select(['employer.accountname as employername', 'member.firstname', 'member.lastname', 'member.personalemailaddress as memberemail']);
  if (filter.employers) {
    const employers = filter.employers;
    query = employers.length === 0 ? query.where(sql<boolean>`false`) : query.where('log_fact.accountid', 'in', employers);
  }
  if (filter.accountid) query = query.where('log_fact.accountid', '=', filter.accountid);
  if (filter.memberid) query = query.where('log_fact.memberid', '=', filter.memberid);
  if (filter.action) query = query.where('log_fact.action', '=', filter.action);
  if (filter.from) query = query.where('log_fact.createdon', '>=', startOfDay(filter.from));
  if (filter.to) query = query.where('log_fact.createdon', '<', startOfDay(filter.to, 1));
  if (filter.employer) query = query.where(containsText(sql<string>`employer.accountname`, filter.employer));
  if (filter.employee) {
    const text = filter.employee;
    query = query.where((eb) =>
      eb.or([
        containsText(sql<string>`member.firstname || ' ' || member.lastname`, text),
        containsText(sql<string>`member.emailaddress`, text),
        containsText(sql<string>`member.personalemailaddress`, text),
      ]),
    );
  }
  return query.orderBy('log_fact.createdon', 'desc').orderBy('log_fact.id').limit(filter.limit).execute();
}
