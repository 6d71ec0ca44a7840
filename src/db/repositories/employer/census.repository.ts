/**
 * The employees a census file names (src/domain/employer/census-merge.ts): the employer's members holding one of its e-mail
 * addresses or external ids, with whether each has registered and is enrolled (a current health insurance order),
 * locked for the import's transaction; the updates a census makes of them, in bulk (updateEmployees); and the
 * employer's people as the publish proof enrolls them (proofPeople).
 */
import { sql, type SqlBool } from 'kysely';
import type { CensusFields, StoredEmployee } from '#domain/employer/census-merge.ts';
import type { DbOrTx } from '../../database.ts';

/** A stored employee as the census reads them: what the merge compares, and every field an update may change, as stored before it. */
export type NamedEmployee = StoredEmployee & Pick<CensusFields, 'personalemailaddress'>;

export async function employeesNamed(db: DbOrTx, accountid: string, emails: readonly string[], externalids: readonly string[]): Promise<NamedEmployee[]> {
  const given = [...new Set(emails.map((email) => email.trim()))];
  if (given.length === 0 && externalids.length === 0) return [];
  const rows = await db
    .selectFrom('member as m')
    .select([
      'm.id',
      'm.emailaddress',
      'm.personalemailaddress',
      'm.census_externalid',
      'm.firstname',
      'm.lastname',
      'm.birthdate',
      'm.hiredate',
      'm.contributionclass',
      'm.postalcode',
      'm.city',
      'm.county',
      'm.stateorprovince',
      'm.ispasswordchanged',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('member_order as o')
            .select('o.id')
            .whereRef('o.memberid', '=', 'm.id')
            .where('o.supersededon', 'is', null)
            .where('o.category', '=', 'healthinsurance'),
        )
        .as('enrolled'),
    )
    .where('m.accountid', '=', accountid)
    .where((eb) =>
      eb.or([
        // Compared as the unique index compares them (the database's lower() on both sides, not JavaScript's).
        ...(given.length > 0 ? [sql<SqlBool>`lower(m.emailaddress) in (select lower(g) from unnest(${given}::text[]) as g)`] : []),
        ...(externalids.length > 0 ? [eb('m.census_externalid', 'in', [...new Set(externalids)])] : []),
      ]),
    )
    // Held until the import commits: an employee saving their profile meanwhile waits, or is read as saved (so the
    // address they gave is kept, never overwritten by the file's ZIP on what was read before).
    .forUpdate('m')
    .execute();
  return rows.map(({ ispasswordchanged, enrolled, ...member }) => ({ ...member, passwordSet: ispasswordchanged !== null, enrolled: Boolean(enrolled) }));
}

/** Each member field a census writes, with its column's type (the value travels as JSON text). */
const CENSUS_COLUMNS: Record<keyof CensusFields, 'text' | 'date'> = {
  firstname: 'text',
  lastname: 'text',
  emailaddress: 'text',
  personalemailaddress: 'text',
  birthdate: 'date',
  hiredate: 'date',
  contributionclass: 'text',
  census_externalid: 'text',
  postalcode: 'text',
  city: 'text',
  county: 'text',
  stateorprovince: 'text',
};
/** Updates a statement carries: a 5,000-row census is five statements (each row's changes ~200 bytes of JSON). */
const UPDATE_CHUNK = 1000;

/**
 * Writes a census's updates: each member's changed fields (a field not named keeps its value; a null clears it),
 * modified by `modifiedby` at `modifiedon`; one statement per UPDATE_CHUNK members, the changes as one JSON array.
 */
export async function updateEmployees(
  db: DbOrTx,
  updates: ReadonlyArray<{ memberid: string; changes: Partial<CensusFields> }>,
  modified: { modifiedby: string; modifiedon: Date },
): Promise<void> {
  const assignments = (Object.entries(CENSUS_COLUMNS) as Array<[keyof CensusFields, 'text' | 'date']>).map(
    ([column, type]) =>
      sql`${sql.id(column)} = case when v.changes ? ${column} then cast(v.changes ->> ${column} as ${sql.raw(type)}) else m.${sql.id(column)} end`,
  );
  for (let at = 0; at < updates.length; at += UPDATE_CHUNK) {
    const chunk = updates.slice(at, at + UPDATE_CHUNK).map(({ memberid, changes }) => ({ id: memberid, changes }));
    await sql`
      update member as m
      set ${sql.join(assignments)}, modifiedby = ${modified.modifiedby}, modifiedon = ${modified.modifiedon}
      from jsonb_to_recordset(cast(${JSON.stringify(chunk)} as jsonb)) as v(id uuid, changes jsonb)
      where m.id = v.id`.execute(db);
  }
}

/** An employee as a contribution preview reads them: the stored facts the contribution rests on. */
export type ContributionFacts = {
  id: string;
  firstname: string;
  lastname: string;
  birthdate: string | null;
  contributionclass: string;
  stateorprovince: string | null;
  county: string | null;
  postalcode: string | null;
  /** The relationships of their stored dependents (the family tier). */
  relationships: string[];
  /** The effective date of their current enrollment (or waiver) in the plan year; null while they have none. */
  chosenEffectiveDate: string | null;
};

/**
 * Every employee of the employer with what their contribution rests on, by last name, first name; three queries.
 * `planYear`: the first and last day of the plan year whose enrollments' dates are read.
 */
export async function contributionFactsOfEmployer(db: DbOrTx, accountid: string, planYear: { start: string; end: string }): Promise<ContributionFacts[]> {
  const members = await db
    .selectFrom('member')
    .select(['id', 'firstname', 'lastname', 'birthdate', 'contributionclass', 'stateorprovince', 'county', 'postalcode'])
    .where('accountid', '=', accountid)
    .orderBy('lastname')
    .orderBy('firstname')
    .orderBy('id')
    .execute();
  const family = await db
    .selectFrom('dependent as d')
    .innerJoin('member as m', 'm.id', 'd.memberid')
    .select(['d.memberid', 'd.relationship'])
    .where('m.accountid', '=', accountid)
    .execute();
  // The current main orders, newest first: the first of each member is their enrollment's.
  const enrolled = await db
    .selectFrom('member_order as o')
    .innerJoin('member as m', 'm.id', 'o.memberid')
    .select(['o.memberid', 'o.policyeffectivedate'])
    .where('m.accountid', '=', accountid)
    .where('o.supersededon', 'is', null)
    .where('o.category', 'in', ['healthinsurance', 'waive'])
    .where('o.policyeffectivedate', '>=', planYear.start)
    .where('o.policyeffectivedate', '<=', planYear.end)
    .orderBy('o.createdon', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
  const relationships = new Map<string, string[]>();
  for (const row of family) relationships.set(row.memberid, [...(relationships.get(row.memberid) ?? []), row.relationship]);
  const chosen = new Map<string, string>();
  for (const row of enrolled) if (!chosen.has(row.memberid) && row.policyeffectivedate) chosen.set(row.memberid, row.policyeffectivedate);
  return members.map((member) => ({ ...member, relationships: relationships.get(member.id) ?? [], chosenEffectiveDate: chosen.get(member.id) ?? null }));
}

/** An employee as the census and their profile make them, with their dependents: what the publish proof enrolls. */
export type ProofPerson = {
  id: string;
  record: { firstname: string; lastname: string; birthdate: string | null; postalcode: string | null; city: string | null; county: string | null; stateorprovince: string | null };
  family: Array<{ id: string; firstname: string; lastname: string; dateofbirth: string | null; gender: string | null; relationship: 'spouse' | 'child'; istobaccouser: boolean; isdisabled: boolean | null }>;
};

/**
 * The employer's employees (at most `limit`, by id) with what the census gives of each (names, birthdate, where they
 * live) and their dependents: no SSN, phone or address line, which a new employee types.
 */
export async function proofPeople(db: DbOrTx, accountid: string, limit: number): Promise<ProofPerson[]> {
  const members = await db
    .selectFrom('member')
    .select(['id', 'firstname', 'lastname', 'birthdate', 'postalcode', 'city', 'county', 'stateorprovince'])
    .where('accountid', '=', accountid)
    .orderBy('id')
    .limit(limit)
    .execute();
  if (members.length === 0) return [];
  const dependents = await db
    .selectFrom('dependent')
    .select(['id', 'memberid', 'firstname', 'lastname', 'dateofbirth', 'gender', 'relationship', 'istobaccouser', 'isdisabled'])
    .where('memberid', 'in', db.selectFrom('member').select('id').where('accountid', '=', accountid))
    .orderBy('createdon')
    .orderBy('id')
    .execute();
  return members.map(({ id, ...record }) => ({
    id,
    record,
    family: dependents.filter((dependent) => dependent.memberid === id).map(({ memberid: _memberid, ...dependent }) => dependent),
  }));
}
