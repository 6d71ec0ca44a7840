import { sql, type Insertable, type Selectable } from 'kysely';
import type { MemberAccount } from '#contracts/entities.ts';
import type { DbOrTx, MemberAccountTable } from '../../database.ts';

export type MemberAccountRow = Selectable<MemberAccountTable>;
export type NewMemberAccountRow = Insertable<MemberAccountTable>;

/**
 * Writes a member account stamped with the time of this statement, not of the transaction's start (the column's
 * default): a member's enrollments are written one after the other on the member's lock, and the latest account
 * must be the one written last, even when its transaction began first and waited for the lock.
 */
export async function insert(db: DbOrTx, row: Omit<NewMemberAccountRow, 'createdon'>): Promise<MemberAccountRow> {
  return db
    .insertInto('member_account')
    .values({ ...row, createdon: sql<Date>`clock_timestamp()` })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The member's latest account record (the one the latest main order wrote). */
export async function findLatestByMember(db: DbOrTx, memberid: string): Promise<MemberAccountRow | undefined> {
  return db
    .selectFrom('member_account')
    .selectAll()
    .where('memberid', '=', memberid)
    .orderBy('createdon', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The spec's MemberAccount (§3), amounts in cents (the routes' edge writes them as dollars). */
export function toWire(row: MemberAccountRow): MemberAccount {
  return {
    id: row.id,
    memberid: row.memberid,
    memberaccounttype: row.memberaccounttype,
    status: row.status,
    familystatus: row.familystatus,
    currentbalance: row.currentbalance_cents,
    currenthealthinsurancepremium: row.currenthealthinsurancepremium_cents,
    currentemployercontribution: row.currentemployercontribution_cents,
    currentemployeeclass: row.currentemployeeclass,
    currentpayrolldeduction: row.currentpayrolldeduction_cents,
    currenthsadeduction: row.currenthsadeduction_cents,
    waivecoverage: row.waivecoverage,
    waivecoveragereason: row.waivecoveragereason,
    spousemedicareeligible: row.spousemedicareeligible,
    createdon: iso(row.createdon),
    modifiedon: iso(row.modifiedon),
  };
}
