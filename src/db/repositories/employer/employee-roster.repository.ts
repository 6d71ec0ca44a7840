/**
 * An employer's employees with what their standing rests on (src/domain/employer/employee-status.ts): the member, its
 * latest invitation, its current main order and the member account of its latest enrollment. Four queries for a
 * whole employer (or every employer), whatever its size, for a page of it (employee-pages.repository.ts), or for
 * one employee (rosterEntryOf).
 */
import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { Database, DbOrTx, MemberAccountTable, MemberOrderTable, MemberTable } from '../../database.ts';

export type RosterMember = Pick<
  Selectable<MemberTable>,
  'id' | 'accountid' | 'firstname' | 'lastname' | 'personalemailaddress' | 'contributionclass' | 'createdon' | 'ispasswordchanged' | 'employerfields' | 'census_externalid'
>;
export type RosterOrder = Pick<Selectable<MemberOrderTable>, 'memberid' | 'category' | 'createdon' | 'productname' | 'policyeffectivedate' | 'planyear'>;
export type RosterAccount = Pick<
  Selectable<MemberAccountTable>,
  'memberid' | 'currentemployercontribution_cents' | 'currentbalance_cents' | 'currentpayrolldeduction_cents' | 'currenthsadeduction_cents' | 'createdon'
>;

export type RosterEntry = {
  member: RosterMember;
  invitedOn: Date | null;
  /** The current main order (health insurance or waive), the newest when several plan years have one. */
  mainOrder: RosterOrder | null;
  /** The member account the latest enrollment wrote. */
  account: RosterAccount | null;
};

/** The member's columns a roster entry holds. */
export const ROSTER_MEMBER_COLUMNS = [
  'id',
  'accountid',
  'firstname',
  'lastname',
  'personalemailaddress',
  'contributionclass',
  'createdon',
  'ispasswordchanged',
  'employerfields',
  'census_externalid',
] as const;

/** The employees of one employer (or of every employer when null), by last name, first name. */
export async function rosterOf(db: DbOrTx, accountid: string | null): Promise<RosterEntry[]> {
  let memberQuery = db.selectFrom('member').select(ROSTER_MEMBER_COLUMNS);
  if (accountid !== null) memberQuery = memberQuery.where('accountid', '=', accountid);
  const members = await memberQuery.orderBy('lastname').orderBy('firstname').orderBy('id').execute();
  const allMembers = db.selectFrom('member').select('id');
  return withFacts(db, members, accountid === null ? allMembers : allMembers.where('accountid', '=', accountid));
}

/** One employee of the employer as the roster shows them; undefined when the employer has no such member. */
export async function rosterEntryOf(db: DbOrTx, accountid: string, memberid: string): Promise<RosterEntry | undefined> {
  const members = await db.selectFrom('member').select(ROSTER_MEMBER_COLUMNS).where('accountid', '=', accountid).where('id', '=', memberid).execute();
  const [entry] = await withFacts(db, members, [memberid]);
  return entry;
}

/**
 * These members with the facts of their standing, in their order; `scope` names them to the database: their ids
 * (a page), or a query answering them (a whole employer).
 */
export async function withFacts(db: DbOrTx, members: readonly RosterMember[], scope: readonly string[] | SelectQueryBuilder<Database, 'member', { id: string }>): Promise<RosterEntry[]> {
  if (members.length === 0) return [];
  const invites = await db
    .selectFrom('set_password_token')
    .select(['memberid', (eb) => eb.fn.max('createdon').as('invitedon')])
    .where('purpose', '=', 'invite')
    .where('memberid', 'in', scope)
    .groupBy('memberid')
    .execute();
  const orders = await db
    .selectFrom('member_order')
    .select(['memberid', 'category', 'createdon', 'productname', 'policyeffectivedate', 'planyear'])
    .where('supersededon', 'is', null)
    .where('category', 'in', ['healthinsurance', 'waive'])
    .where('memberid', 'in', scope)
    .orderBy('createdon', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const accounts = await db
    .selectFrom('member_account')
    .select(['memberid', 'currentemployercontribution_cents', 'currentbalance_cents', 'currentpayrolldeduction_cents', 'currenthsadeduction_cents', 'createdon'])
    .where('memberid', 'in', scope)
    .orderBy('createdon', 'desc')
    .orderBy('id', 'desc')
    .execute();

  const invitedOn = new Map(invites.map((row) => [row.memberid, row.invitedon === null ? null : new Date(row.invitedon)]));
  const firstOf = <T extends { memberid: string }>(rows: readonly T[]) => {
    const first = new Map<string, T>();
    for (const row of rows) if (!first.has(row.memberid)) first.set(row.memberid, row);
    return first;
  };
  const mainOrders = firstOf(orders);
  const latestAccounts = firstOf(accounts);
  return members.map((member) => ({
    member,
    invitedOn: invitedOn.get(member.id) ?? null,
    mainOrder: mainOrders.get(member.id) ?? null,
    account: latestAccounts.get(member.id) ?? null,
  }));
}
