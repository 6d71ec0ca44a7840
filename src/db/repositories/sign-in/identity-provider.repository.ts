/**
 * Employers' identity providers and the OpenID Connect sign-ins through them (migration 0024): the provider of an
 * employer, the sign-ins on their way to the provider (each taken once), and which employer's provider opened a
 * session. Staff sign-ins to the console through the STAFF_OIDC_* provider share the sign-ins on their way (with no
 * employer) and mark the staff session they opened (migration 0025). The provider's ID token is not kept (0028).
 */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTx, EmployerIdentityProviderTable, OidcLoginStateTable } from '../../database.ts';

export type IdentityProviderRow = Selectable<EmployerIdentityProviderTable>;
export type IdentityProviderSettings = Omit<Insertable<EmployerIdentityProviderTable>, 'accountid' | 'createdon' | 'modifiedon'>;
export type LoginStateRow = Selectable<OidcLoginStateTable>;

export async function findByAccount(db: DbOrTx, accountid: string): Promise<IdentityProviderRow | undefined> {
  return db.selectFrom('employer_identity_provider').selectAll().where('accountid', '=', accountid).executeTakeFirst();
}

export async function upsert(db: DbOrTx, accountid: string, settings: IdentityProviderSettings): Promise<IdentityProviderRow> {
  return db
    .insertInto('employer_identity_provider')
    .values({ accountid, ...settings })
    .onConflict((oc) => oc.column('accountid').doUpdateSet({ ...settings, modifiedon: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function remove(db: DbOrTx, accountid: string): Promise<boolean> {
  const result = await db.deleteFrom('employer_identity_provider').where('accountid', '=', accountid).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Stores a sign-in on its way to the provider; the states that expired go at the same time. */
export async function insertLoginState(db: DbOrTx, row: Insertable<OidcLoginStateTable>, now: Date): Promise<void> {
  await db.deleteFrom('oidc_login_state').where('expires_at', '<', now).execute();
  await db.insertInto('oidc_login_state').values(row).execute();
}

/** Whose sign-in a state is: an employee's (of an employer) or a staff user's to the console (no employer). */
export type SignInKind = 'employee' | 'staff';

/**
 * Takes the sign-in of a state: marks it used and answers it, once. A second taking (a replayed callback), an
 * expired state or an unknown one answers undefined; the update decides, so two callbacks at once cannot both win.
 * Only a state of `kind` is taken: one callback never finishes the other's sign-in.
 */
export async function takeLoginState<K extends SignInKind>(
  db: DbOrTx,
  stateHash: string,
  now: Date,
  kind: K,
): Promise<(K extends 'employee' ? LoginStateRow & { accountid: string } : LoginStateRow) | 'used' | undefined> {
  const operator = kind === 'employee' ? 'is not' : 'is';
  const taken = await db
    .updateTable('oidc_login_state')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('accountid', operator, null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (taken) return taken as LoginStateRow & { accountid: string };
  const known = await db.selectFrom('oidc_login_state').select('used_at').where('state_hash', '=', stateHash).where('accountid', operator, null).executeTakeFirst();
  return known?.used_at ? 'used' : undefined;
}

/** The session was opened through this employer's provider (its Sign Out goes to that provider's sign-out). */
export async function insertSession(db: DbOrTx, row: { session_id: string; accountid: string }): Promise<void> {
  await db.insertInto('oidc_session').values(row).execute();
}

export async function findSession(db: DbOrTx, sessionId: string) {
  return db.selectFrom('oidc_session').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
}

/** The staff session was opened through the staff provider (its Sign Out goes to the provider's sign-out). */
export async function insertStaffSession(db: DbOrTx, staffSessionId: string): Promise<void> {
  await db.insertInto('staff_oidc_session').values({ staff_session_id: staffSessionId }).execute();
}

/** Whether the open staff session of this token hash was opened through the staff provider. */
export async function isStaffSessionThroughProvider(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const found = await db
    .selectFrom('staff_oidc_session')
    .innerJoin('staff_session', 'staff_session.id', 'staff_oidc_session.staff_session_id')
    .select('staff_oidc_session.staff_session_id')
    .where('staff_session.token_hash', '=', tokenHash)
    .where('staff_session.endedon', 'is', null)
    .executeTakeFirst();
  return found !== undefined;
}
