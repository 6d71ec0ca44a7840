import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Dependent } from '#contracts/entities.ts';
import { ageOn, isIsoDate } from '#domain/values/dates.ts';
import type { DbOrTx, DependentTable } from '../../database.ts';

export type DependentRow = Selectable<DependentTable>;
export type NewDependentRow = Insertable<DependentTable>;
export type DependentChanges = Updateable<Omit<DependentTable, 'id' | 'memberid' | 'createdon' | 'createdby'>>;

/** A member's dependents in the order they were added. */
export async function listByMember(db: DbOrTx, memberid: string): Promise<DependentRow[]> {
  return db.selectFrom('dependent').selectAll().where('memberid', '=', memberid).orderBy('createdon').orderBy('id').execute();
}

/**
 * The dependents of an employer's members (names and the answers to the employer's own fields), in the order
 * added; of those members only when `memberids` names some (a page of the roster).
 */
export async function listOwnAnswersByEmployer(db: DbOrTx, accountid: string, memberids?: readonly string[]) {
  let query = db
    .selectFrom('dependent as d')
    .innerJoin('member as m', 'm.id', 'd.memberid')
    .select(['d.memberid', 'd.firstname', 'd.lastname', 'd.employerfields'])
    .where('m.accountid', '=', accountid);
  if (memberids !== undefined) {
    if (memberids.length === 0) return [];
    query = query.where('d.memberid', 'in', memberids);
  }
  return query.orderBy('d.createdon').orderBy('d.id').execute();
}

/** A dependent of this member; undefined when it does not exist or belongs to someone else. */
export async function findOfMember(db: DbOrTx, memberid: string, id: string): Promise<DependentRow | undefined> {
  return db.selectFrom('dependent').selectAll().where('id', '=', id).where('memberid', '=', memberid).executeTakeFirst();
}

/** Whose dependent this is: the member's id, or undefined when there is no such dependent. */
export async function ownerOf(db: DbOrTx, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('dependent').select('memberid').where('id', '=', id).executeTakeFirst();
  return row?.memberid;
}

export async function insert(db: DbOrTx, row: NewDependentRow): Promise<DependentRow> {
  return db.insertInto('dependent').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Changes a dependent of this member only; undefined when there is none such. */
export async function updateOfMember(db: DbOrTx, memberid: string, id: string, changes: DependentChanges): Promise<DependentRow | undefined> {
  return db.updateTable('dependent').set(changes).where('id', '=', id).where('memberid', '=', memberid).returningAll().executeTakeFirst();
}

/** Removes a dependent of this member only; false when there is none such. */
export async function deleteOfMember(db: DbOrTx, memberid: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('dependent').where('id', '=', id).where('memberid', '=', memberid).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The spec's Dependent (§3): age on `today`, amount in cents (the routes' edge writes it as dollars), the SSN only masked. */
export function toWire(row: DependentRow, today: string): Dependent {
  return {
    id: row.id,
    memberid: row.memberid,
    firstname: row.firstname,
    lastname: row.lastname,
    dateofbirth: row.dateofbirth,
    age: row.dateofbirth && isIsoDate(row.dateofbirth) && row.dateofbirth <= today ? ageOn(row.dateofbirth, today) : null,
    contributionamt: row.contributionamt_cents,
    istobaccouser: row.istobaccouser,
    isdisabled: row.isdisabled,
    gender: row.gender as Dependent['gender'],
    isonhealthpolicy: row.isonhealthpolicy as Dependent['isonhealthpolicy'],
    relationship: row.relationship,
    additionalid: row.ssn_last4 ? `***-**-${row.ssn_last4}` : null,
    irsdependent: row.irsdependent,
    pcpname: row.pcpname,
    pcpid: row.pcpid,
    existingpatient: row.existingpatient,
    createdon: iso(row.createdon),
    createdby: row.createdby,
    modifiedon: iso(row.modifiedon),
    modifiedby: row.modifiedby,
  };
}
