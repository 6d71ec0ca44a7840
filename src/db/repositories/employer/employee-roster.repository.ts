/**
 * An employer's employees with what their standing rests on (src/domain/employer/employee-status.ts): the member, its
 * latest invitation, its current main order and the member account of its latest enrollment. Four queries for a
 * whole employer (or every employer), whatever its size, or for one employee (rosterEntryOf).
 */
import type { Selectable } from 'kysely';
import type { DbOrTx, MemberAccountTable, MemberOrderTable, MemberTable } from '../../database.ts';

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

/** The employees of one employer (or of every employer when null), by last name, first name. */
export async function rosterOf(db: DbOrTx, accountid: string | null): Promise<RosterEntry[]> {
  return rosterWhere(db, { accountid });
}

/** One employee of the employer as the roster shows them; undefined when the employer has no such member. */
export async function rosterEntryOf(db: DbOrTx, accountid: string, memberid: string): Promise<RosterEntry | undefined> {
  const [entry] = await rosterWhere(db, { accountid, memberid });
  return entry;
}

/** The roster of the employer's members (every employer's when accountid is null), or of one of them. */
async function rosterWhere(db: DbOrTx, scope: { accountid: string | null; memberid?: string }): Promise<RosterEntry[]> {
  const { accountid, memberid } = scope;
  let memberQuery = db
    .selectFrom('member')
    .select(['id', 'accountid', 'firstname', 'lastname', 'personalemailaddress', 'contributionclass', 'createdon', 'ispasswordchanged', 'employerfields', 'census_externalid']);
  if (accountid !== null) memberQuery = memberQuery.where('accountid', '=', accountid);
  if (memberid !== undefined) memberQuery = memberQuery.where('id', '=', memberid);
  const members = await memberQuery.orderBy('lastname').orderBy('firstname').orderBy('id').execute();
  if (members.length === 0) return [];

  let inScope = db.selectFrom('member').select('id');
  if (accountid !== null) inScope = inScope.where('accountid', '=', accountid);
  if (memberid !== undefined) inScope = inScope.where('id', '=', memberid);

  const invites = await db
    .selectFrom('set_password_token')
    .select(['memberid', (eb) => eb.fn.max('createdon').as('invitedon')])
    .where('purpose', '=', 'invite')
    .where('memberid', 'in', inScope)
    .groupBy('memberid')
    .execute();
  const orders = await db
    .selectFrom('member_order')
    .select(['memberid', 'category', 'createdon', 'productname', 'policyeffectivedate', 'planyear'])
    .where('supersededon', 'is', null)
    .where('category', 'in', ['healthinsurance', 'waive'])
    .where('memberid', 'in', inScope)
    .orderBy('createdon', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const accounts = await db
    .selectFrom('member_account')
    .select(['memberid', 'currentemployercontribution_cents', 'currentbalance_cents', 'currentpayrolldeduction_cents', 'currenthsadeduction_cents', 'createdon'])
    .where('memberid', 'in', inScope)
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
