import { sql, type Insertable, type QueryCreator, type Selectable, type Updateable } from 'kysely';
import type { Member, YesNo } from '#contracts/entities.ts';
import type { Database, DbOrTx, DependentTable, EmployerTable, MemberTable } from '../../database.ts';
import * as sessions from '../sign-in/session.repository.ts';

export type MemberRow = Selectable<MemberTable>;
export type NewMemberRow = Insertable<MemberTable>;
export type MemberChanges = Updateable<Omit<MemberTable, 'id' | 'accountid' | 'createdon' | 'createdby'>>;

export async function findById(db: DbOrTx, id: string): Promise<MemberRow | undefined> {
  return db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What pricing a member's family needs: the member, their employer's plan year settings, the dependents. */
export type MemberFamily = {
  member: Pick<MemberRow, 'id' | 'birthdate' | 'istobaccouser'>;
  employer: Pick<Selectable<EmployerTable>, 'edoc_period' | 'planyearstart' | 'planyearend'>;
  /** In the order dependent.repository's listByMember gives them (rating breaks ties by list order). */
  dependents: Array<Pick<Selectable<DependentTable>, 'dateofbirth' | 'relationship' | 'istobaccouser' | 'isonhealthpolicy'>>;
};

/**
 * The member with their employer and dependents in one statement (a quote's only read of them); undefined when
 * the member or their employer is gone.
 */
export async function findFamily(db: DbOrTx, id: string): Promise<MemberFamily | undefined> {
  return familyOf(await familyQuery(db, id).execute());
}

/**
 * findFamily and the check of the caller's session (session.repository.ts findLive) in one statement, so a signed-in
 * quote reads the database once; undefined when the session is not live at `now` or the member or employer is gone.
 * With the session's last mark of use (for tokens.ts to renew it) and its end.
 */
export async function findFamilyInSession(
  db: DbOrTx,
  id: string,
  session: { id: string; now: Date; idleSince: Date },
): Promise<{ family: MemberFamily; lastSeenAt: Date; expiresAt: Date } | undefined> {
  const rows = await familyQuery(db, id)
    .innerJoin('session as s', (join) => join.onRef('s.memberid', '=', 'm.id').on('s.id', '=', session.id))
    .where(sessions.isLive('s', session.now, session.idleSince))
    .select(['s.last_seen_at', 's.expires_at'])
    .execute();
  const family = familyOf(rows);
  return family && { family, lastSeenAt: rows[0]!.last_seen_at, expiresAt: rows[0]!.expires_at };
}

function familyQuery(db: DbOrTx, id: string) {
  return db
    .selectFrom('member as m')
    .innerJoin('employer as e', 'e.accountid', 'm.accountid')
    .leftJoin('dependent as d', 'd.memberid', 'm.id')
    .select(['m.id', 'm.birthdate', 'm.istobaccouser', 'e.edoc_period', 'e.planyearstart', 'e.planyearend'])
    .select(['d.id as dependent_id', 'd.dateofbirth', 'd.relationship', 'd.istobaccouser as dependent_tobacco', 'd.isonhealthpolicy'])
    .where('m.id', '=', id)
    .orderBy('d.createdon')
    .orderBy('d.id');
}

/** The family of familyQuery's rows (one per dependent, or one with no dependent). */
function familyOf(rows: Awaited<ReturnType<ReturnType<typeof familyQuery>['execute']>>): MemberFamily | undefined {
  const first = rows[0];
  if (!first) return undefined;
  return {
    member: { id: first.id, birthdate: first.birthdate, istobaccouser: first.istobaccouser },
    employer: { edoc_period: first.edoc_period, planyearstart: first.planyearstart, planyearend: first.planyearend },
    dependents: rows.flatMap((row) =>
      row.dependent_id === null
        ? []
        : [{ dateofbirth: row.dateofbirth, relationship: row.relationship!, istobaccouser: row.dependent_tobacco!, isonhealthpolicy: row.isonhealthpolicy! }],
    ),
  };
}

/**
 * Reads the member with their employer and locks the member's row until the transaction ends (SELECT ... FOR UPDATE
 * OF member, one statement): the one place that serializes a member's enrollments, so concurrent authorizations run
 * one after another. Undefined when the member or the employer is gone.
 */
export async function lockWithEmployer(trx: DbOrTx, id: string): Promise<{ member: MemberRow; employer: Selectable<EmployerTable> } | undefined> {
  const row = await trx
    .selectFrom('member as m')
    .innerJoin('employer as e', 'e.accountid', 'm.accountid')
    .selectAll('m')
    .select([
      'e.accountname as employer_accountname',
      'e.teamid as employer_teamid',
      'e.mediadata as employer_mediadata',
      'e.emailaddress as employer_emailaddress',
      'e.employeazecustomer as employer_employeazecustomer',
      'e.hsaonly as employer_hsaonly',
      'e.edoc_period as employer_edoc_period',
      'e.hsaadministrator as employer_hsaadministrator',
      'e.planyearstart as employer_planyearstart',
      'e.planyearend as employer_planyearend',
      'e.businessyear as employer_businessyear',
      'e.createdon as employer_createdon',
    ])
    .where('m.id', '=', id)
    .forUpdate('m')
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    employer_accountname: accountname,
    employer_teamid: teamid,
    employer_mediadata: mediadata,
    employer_emailaddress: emailaddress,
    employer_employeazecustomer: employeazecustomer,
    employer_hsaonly: hsaonly,
    employer_edoc_period: edoc_period,
    employer_hsaadministrator: hsaadministrator,
    employer_planyearstart: planyearstart,
    employer_planyearend: planyearend,
    employer_businessyear: businessyear,
    employer_createdon: createdon,
    ...member
  } = row;
  const employer = { accountid: member.accountid, accountname, teamid, mediadata, emailaddress, employeazecustomer, hsaonly, edoc_period, hsaadministrator, planyearstart, planyearend, businessyear, createdon };
  return { member, employer };
}

/** E-mail addresses are unique regardless of case (the unique index is on lower(emailaddress)). */
export async function findByEmail(db: DbOrTx, email: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('member')
    .selectAll()
    .where(sql<string>`lower(emailaddress)`, '=', sql<string>`lower(${email.trim()})`)
    .executeTakeFirst();
}

/**
 * The members holding the e-mail addresses, by the address as given lower-cased (as the census compares its rows),
 * with their employer. The addresses are compared as the unique index compares them (lower() on both sides): the
 * database lower-cases some letters differently from JavaScript (a dotted capital I, a final capital sigma).
 */
export async function emailOwners(db: DbOrTx, emails: readonly string[]): Promise<Map<string, { id: string; accountid: string }>> {
  if (emails.length === 0) return new Map();
  const given = [...new Set(emails.map((email) => email.trim()))];
  const { rows } = await sql<{ id: string; accountid: string; given: string }>`
    select m.id, m.accountid, g.given from unnest(${given}::text[]) as g(given) join member m on lower(m.emailaddress) = lower(g.given)
  `.execute(db);
  return new Map(rows.map((row) => [row.given.toLowerCase(), { id: row.id, accountid: row.accountid }]));
}

/** Inserts many members at once (a census import), in batches PostgreSQL's parameter limit allows. */
export async function insertMany(db: DbOrTx, rows: readonly NewMemberRow[]): Promise<MemberRow[]> {
  const inserted: MemberRow[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    inserted.push(...(await db.insertInto('member').values(rows.slice(start, start + 500)).returningAll().execute()));
  }
  return inserted;
}

export async function insert(db: DbOrTx, row: NewMemberRow): Promise<MemberRow> {
  return db.insertInto('member').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function update(db: DbOrTx, id: string, changes: MemberChanges): Promise<MemberRow | undefined> {
  return db.updateTable('member').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/** The statement of update without the answer, to be run as part of another (a WITH clause). */
export function updateStatement(db: QueryCreator<Database>, id: string, changes: MemberChanges) {
  return db.updateTable('member').set(changes).where('id', '=', id);
}

/** Deletes a member whose password was never set; false when there is none such (absent or already active). */
export async function deletePending(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('member')
    .where('id', '=', id)
    .where('ispasswordchanged', 'is', null)
    .where('password_hash', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** The wire shape (spec §3). The SSN leaves only masked; the password hash and ciphertext never leave. */
export function toWire(row: MemberRow): Member {
  return {
    id: row.id,
    accountid: row.accountid,
    priormemberid: row.priormemberid,
    externalid: row.externalid,
    firstname: row.firstname,
    lastname: row.lastname,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    stateorprovince: row.stateorprovince,
    postalcode: row.postalcode,
    county: row.county,
    emailaddress: row.emailaddress,
    personalemailaddress: row.personalemailaddress,
    birthdate: row.birthdate,
    hiredate: row.hiredate,
    phonenumber: row.phonenumber,
    origination: row.origination,
    relationship: row.relationship,
    primarymemberid: row.primarymemberid,
    istobaccouser: row.istobaccouser as YesNo | null,
    isdisabled: row.isdisabled,
    gender: row.gender as Member['gender'],
    additionalid: row.ssn_last4 ? `***-**-${row.ssn_last4}` : null,
    pcpname: row.pcpname,
    pcpid: row.pcpid,
    existingpatient: row.existingpatient,
    status: row.status,
    terminationdate: row.terminationdate,
    division: row.division,
    currentplanid: row.currentplanid,
    currentplanyear: row.currentplanyear,
    contributionclass: row.contributionclass,
    irsdependent: row.irsdependent,
    ispasswordchanged: row.ispasswordchanged === null ? null : iso(row.ispasswordchanged),
    language: row.language,
    createdon: iso(row.createdon),
    createdby: row.createdby,
    modifiedon: iso(row.modifiedon),
    modifiedby: row.modifiedby,
  };
}
