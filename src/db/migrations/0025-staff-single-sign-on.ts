import { sql, type Kysely } from 'kysely';

/**
 * Staff sign in to the console through the identity provider set by the STAFF_OIDC_* environment variables
 * (docs/staff.md, "Staff single sign-on"):
 * - oidc_login_state: a sign-in on its way to the provider with no employer (accountid null) is a staff sign-in to
 *   the console; each callback takes only its own kind, so a state of one can never finish the other.
 * - staff_oidc_session: the provider's ID token (sealed) of a staff session signed in through it, for the provider's
 *   sign-out (RP-initiated logout); gone with the session.
 */
const statements = [
  `alter table oidc_login_state alter column accountid drop not null`,
  `create table staff_oidc_session (
      staff_session_id uuid primary key references staff_session(id) on delete cascade,
      id_token_sealed text not null
    )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
