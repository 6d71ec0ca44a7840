/**
 * An employer's employees a page at a time (docs/decisions/050-rosters-in-pages-reports-streamed.md): by last name,
 * first name and id, each page after the employee its cursor names, filtered by a text in the name or e-mail and
 * by status; the count of the filter; the employer's employees counted by status; the whole roster in chunks, for
 * a file written as it is read. The status is the domain's rule (src/domain/employer/employee-status.ts), asked of
 * the database through the facts it rests on.
 */
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { factsOfStatus, statusOf, type EmployeeStatus } from '#domain/employer/employee-status.ts';
import type { Database, DbOrTx } from '../../database.ts';
import { containsText } from '../../text-filters.ts';
import { ROSTER_MEMBER_COLUMNS, withFacts, type RosterEntry } from './employee-roster.repository.ts';

export type RosterFilter = {
  /** Part of the first and last name or of the e-mail address, any case. */
  search?: string;
  status?: EmployeeStatus;
};

/** The category of the member's current main order (the newest, as the roster reads it), null when none. */
const mainOrderCategory = sql<'healthinsurance' | 'waive' | null>`(
  select o.category from member_order o
  where o.memberid = member.id and o.supersededon is null and o.category in ('healthinsurance', 'waive')
  order by o.createdon desc, o.id desc limit 1)`;

/** The employer's members the filter keeps. */
function filtered(db: DbOrTx, accountid: string, filter: RosterFilter) {
  let query = db.selectFrom('member').where('member.accountid', '=', accountid);
  const { search, status } = filter;
  if (search !== undefined) {
    query = query.where((eb) =>
      eb.or([
        containsText(sql<string>`member.firstname || ' ' || member.lastname`, search),
        containsText(sql<string>`member.personalemailaddress`, search),
      ]),
    );
  }
  if (status !== undefined) query = query.where((eb) => standingIs(eb, status));
  return query;
}

function standingIs(eb: ExpressionBuilder<Database, 'member'>, status: EmployeeStatus) {
  return eb.or(
    factsOfStatus(status).map(({ mainOrder, passwordSet }) =>
      eb.and([
        mainOrder === null ? sql<SqlBool>`${mainOrderCategory} is null` : sql<SqlBool>`${mainOrderCategory} = ${mainOrder}`,
        eb('member.ispasswordchanged', passwordSet ? 'is not' : 'is', null),
      ]),
    ),
  );
}

export type RosterPage = { entries: RosterEntry[]; next: string | null };

/** Where a page starts: after the employee of this last name, first name and id, in the roster's order. */
type Place = { lastname: string; firstname: string; id: string };

/**
 * A page of the filtered roster: `limit` employees after the one `after` names (from the first without it), and
 * the cursor of the page after (the last employee's id), null on the last page. Undefined when `after` is no
 * employee of this employer.
 */
export async function rosterPage(db: DbOrTx, accountid: string, filter: RosterFilter, page: { after?: string; limit: number }): Promise<RosterPage | undefined> {
  let place: Place | undefined;
  if (page.after !== undefined) {
    place = await db.selectFrom('member').select(['lastname', 'firstname', 'id']).where('id', '=', page.after).where('accountid', '=', accountid).executeTakeFirst();
    if (!place) return undefined;
  }
  return pageAfter(db, accountid, filter, place, page.limit);
}

async function pageAfter(db: DbOrTx, accountid: string, filter: RosterFilter, place: Place | undefined, limit: number): Promise<RosterPage> {
  let query = filtered(db, accountid, filter).select(ROSTER_MEMBER_COLUMNS.map((column) => `member.${column}` as const));
  if (place) query = query.where(sql<SqlBool>`(member.lastname, member.firstname, member.id) > (${place.lastname}, ${place.firstname}, ${place.id})`);
  const members = await query.orderBy('member.lastname').orderBy('member.firstname').orderBy('member.id').limit(limit + 1).execute();
  const shown = members.slice(0, limit);
  return { entries: await withFacts(db, shown, shown.map((member) => member.id)), next: members.length > limit ? shown.at(-1)!.id : null };
}

/** How many of the employer's employees the filter keeps. */
export async function rosterCount(db: DbOrTx, accountid: string, filter: RosterFilter): Promise<number> {
  const row = await filtered(db, accountid, filter).select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The employer's employees counted by status (every status present, 0 when none). */
export async function statusTallies(db: DbOrTx, accountid: string): Promise<Record<EmployeeStatus, number> & { total: number }> {
  const groups = await db
    .selectFrom(
      filtered(db, accountid, {})
        .select([mainOrderCategory.as('mainorder'), sql<boolean>`member.ispasswordchanged is not null`.as('passwordset')])
        .as('facts'),
    )
    .select(['mainorder', 'passwordset', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy(['mainorder', 'passwordset'])
    .execute();
  const counts = { invited: 0, registered: 0, enrolled: 0, waived: 0, total: 0 };
  for (const group of groups) {
    const count = Number(group.count);
    counts[statusOf({ mainOrder: group.mainorder, passwordSet: group.passwordset })] += count;
    counts.total += count;
  }
  return counts;
}

/** The employer's whole roster in its order, `size` employees at a time (each chunk read once the one before is used). */
export async function* rosterInChunks(db: DbOrTx, accountid: string, size: number): AsyncGenerator<RosterEntry[]> {
  let place: Place | undefined;
  for (;;) {
    const page = await pageAfter(db, accountid, {}, place, size);
    if (page.entries.length > 0) yield page.entries;
    if (page.next === null) return;
    place = page.entries.at(-1)!.member;
  }
}
