import { sql, type Kysely } from 'kysely';

/**
 * The provider's ID token is no longer kept beside a session signed in through a provider: its only use was the
 * id_token_hint of the provider's sign-out, which now names the portal by client_id instead (docs/security.md), so
 * the sealed tokens go. oidc_session keeps which employer's provider opened the session; staff_oidc_session that
 * the staff provider did.
 */
const statements = [`alter table oidc_session drop column id_token_sealed`, `alter table staff_oidc_session drop column id_token_sealed`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
