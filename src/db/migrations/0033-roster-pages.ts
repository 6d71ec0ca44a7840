import { sql, type Kysely } from 'kysely';

/**
 * The staff console reads an employer's employees a page at a time, by last name, first name and id after the
 * last one shown (docs/decisions/050-rosters-in-pages-reports-streamed.md): member_roster answers a page without
 * sorting the employer's every member. A page's invitations are looked up by member (set_password_token_member;
 * the token table had no index on its member).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index member_roster on member(accountid, lastname, firstname, id)`.execute(db);
  await sql`create index set_password_token_member on set_password_token(memberid, createdon)`.execute(db);
}
