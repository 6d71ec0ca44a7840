/**
 * The employees a census file names (src/domain/employer/census-merge.ts): the employer's members holding one of its e-mail
 * addresses or external ids, with whether each has registered and is enrolled (a current health insurance order),
 * locked for the import's transaction.
 */
import { sql, type SqlBool } from 'kysely';
import type { StoredEmployee } from '#domain/employer/census-merge.ts';
import type { DbOrTx } from '../../database.ts';

export async function employeesNamed(db: DbOrTx, accountid: string, emails: readonly string[], externalids: readonly string[]): Promise<StoredEmployee[]> {
  const given = [...new Set(emails.map((email) => email.trim()))];
  if (given.length === 0 && externalids.length === 0) return [];
  const rows = await db
    .selectFrom('member as m')
    .select([
      'm.id',
      'm.emailaddress',
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
