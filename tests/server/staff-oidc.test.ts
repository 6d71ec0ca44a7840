/**
 * Staff sign-in to the console through the staff identity provider (STAFF_OIDC_*; docs/security.md, "Staff sign-in
 * through the staff identity provider"), against a real provider on loopback (helpers/oidc-provider.ts): the role from
 * the group claim, else the console's role of a known e-mail; nobody else, no unverified e-mail, no replayed
 * callback or code. A refusal writes nothing but its security event. The session is a password sign-in's (the
 * bp_staff cookie), with no TOTP asked; Sign Out answers the provider's sign-out page, named by client id, not by
 * the ID token.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import { loadConfig } from '#server/config.ts';
import { mappedRole } from '#server/services/staff-access/staff-single-sign-on.ts';
import { TEST_PUBLIC_URL } from './helpers/app.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { startTestProvider, type TestProvider } from './helpers/oidc-provider.ts';
import { createStaffUser, staffCookieOf } from './staff-fixtures.ts';

const REDIRECT_URI = `${TEST_PUBLIC_URL}/api/staff/oidc/callback`;
const SIGN_IN_PAGE = `${TEST_PUBLIC_URL}/staff/sign-in`;
const ROLE_MAP = 'bp-admins=admin,bp-implementers=implementer,bp-viewers=viewer';

describe.each(databases())('staff sign-in through the staff identity provider on $name', (database) => {
  let op: TestProvider;
  // Filled once the provider listens (its port is its own), before the app reads its environment.
  const env: Record<string, string> = { OIDC_ALLOW_HTTP_LOOPBACK: 'true' };
  beforeAll(async () => {
    op = await startTestProvider({ redirectUris: [REDIRECT_URI], postLogoutRedirectUris: [SIGN_IN_PAGE] });
    Object.assign(env, {
      STAFF_OIDC_ISSUER: op.issuer,
      STAFF_OIDC_CLIENT_ID: op.clientId,
      STAFF_OIDC_CLIENT_SECRET: op.clientSecret,
      STAFF_OIDC_NAME: 'Acme Staff Login',
      STAFF_OIDC_SCOPE: 'openid email profile groups',
      STAFF_OIDC_ROLE_CLAIM: 'groups',
      STAFF_OIDC_ROLE_MAP: ROLE_MAP,
    });
  });
  afterAll(async () => op?.close());
  const t = useTestApp(database, { env });

  /** From the console's sign-in, through the provider as `sub`; answers the callback's request parts. */
  async function throughProvider(sub: string) {
    const start = await t.app.inject({ method: 'GET', url: '/api/staff/oidc/start' });
    expect(start.statusCode, start.body).toBe(302);
    const authorization = new URL(start.headers.location as string);
    expect(authorization.origin).toBe(op.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(authorization.searchParams.get('scope')).toBe('openid email profile groups');
    const stateCookie = [start.headers['set-cookie']].flat().find((line) => String(line).startsWith('bp_staff_oidc_state='));
    expect(String(stateCookie)).toMatch(/Path=\/api\/staff\/oidc; HttpOnly; Secure; SameSite=Lax/);
    const back = await op.signIn(authorization.href, sub);
    expect(back.href.startsWith(REDIRECT_URI)).toBe(true);
    return { url: `${back.pathname}${back.search}`, cookie: String(stateCookie).split(';')[0]! };
  }
  const callback = (parts: { url: string; cookie: string }) => t.app.inject({ method: 'GET', url: parts.url, headers: { cookie: parts.cookie } });
  const count = async (table: 'staff_user' | 'staff_session' | 'staff_oidc_session' | 'staff_audit') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({ users: await count('staff_user'), sessions: await count('staff_session'), oidc: await count('staff_oidc_session'), audit: await count('staff_audit') });
  const lastEvent = () => t.db.selectFrom('security_event').selectAll().orderBy('occurred_at', 'desc').orderBy('id').limit(1).executeTakeFirstOrThrow();
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie } });

  /** Signed in: to the console with the staff cookie; answers it. */
  async function expectSignedIn(parts: { url: string; cookie: string }): Promise<string> {
    const answer = await callback(parts);
    expect(answer.statusCode, answer.body).toBe(302);
    expect(answer.headers.location).toBe(`${TEST_PUBLIC_URL}/staff`);
    expect([answer.headers['set-cookie']].flat().join('\n')).toMatch(/bp_staff=[^;]+; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Strict/);
    return staffCookieOf(answer);
  }

  /** Refused: back to the sign-in page saying `said`, nothing written but the event with `reason`. */
  async function expectRefused(parts: { url: string; cookie: string }, said: string, reason: string) {
    const before = await counts();
    const answer = await callback(parts);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`${SIGN_IN_PAGE}?sso_error=${said}`);
    expect([answer.headers['set-cookie']].flat().join('\n')).not.toContain('bp_staff=');
    expect(await counts()).toEqual(before);
    expect(await lastEvent()).toMatchObject({ kind: 'sign-in-failed', reason, identity_provider: op.issuer, staff_user_id: null, memberid: null });
  }

  it('names the provider for the sign-in page', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/staff/oidc' });
    expect(answer.json().data).toEqual({ displayName: 'Acme Staff Login' });
  });

  it("signs in an admin by the group claim, new to the console: a password sign-in's session, no TOTP, audited and an event naming the provider", async () => {
    // Every staff user must have TOTP: the provider is the second factor of those who sign in through it.
    await t.db.updateTable('staff_console_setting').set({ second_factor_required: true }).execute();
    op.setAccount('ada', { email: 'Ada@Staff.test', email_verified: true, groups: ['everyone', 'bp-viewers', 'bp-admins'] });
    const cookie = await expectSignedIn(await throughProvider('ada'));
    const who = await me(cookie);
    expect(who.json().data).toMatchObject({ email: 'ada@staff.test', role: 'admin' });
    const user = (await staffUsers.findByEmail(t.db, 'ada@staff.test'))!;
    expect(await lastEvent()).toMatchObject({ kind: 'sign-in', staff_user_id: user.id, identity_provider: op.issuer, reason: null, memberid: null });
    const audit = await t.db.selectFrom('staff_audit').selectAll().where('entity_id', '=', user.id).execute();
    expect(audit).toMatchObject([{ action: 'create-from-identity-provider', staff_user_id: user.id, entity: 'staff_user' }]);
    // An admin may do an admin's work.
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/users', headers: { cookie } })).statusCode).toBe(200);

    // Only that the provider opened the session: its ID token is not kept.
    const stored = await t.db.selectFrom('staff_oidc_session').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(Object.keys(stored[0]!)).toEqual(['staff_session_id']);

    // Sign Out: the provider's sign-out page (RP-initiated logout) named by the client id, never by the ID token
    // (the browser reads this URL), and the session is over.
    const signOut = await t.app.inject({ method: 'POST', url: '/api/staff/logout', headers: { cookie, 'x-staff-request': '1' } });
    expect(signOut.body).not.toMatch(/eyJ[\w-]*\.[\w-]+\.[\w-]*/);
    const endSession = new URL(signOut.json().data.url);
    expect(endSession.origin).toBe(op.issuer);
    expect(Object.fromEntries(endSession.searchParams)).toEqual({ client_id: op.clientId, post_logout_redirect_uri: SIGN_IN_PAGE });
    // The provider takes it (it refuses an unknown client or an unregistered redirect with 400).
    expect((await fetch(endSession, { redirect: 'manual' })).status).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    await t.db.updateTable('staff_console_setting').set({ second_factor_required: false }).execute();
  });

  it('gives a known staff user the role the group claim maps to, audited', async () => {
    const known = await createStaffUser(t.app, 'viewer');
    op.setAccount('ivan', { email: known.email, email_verified: true, groups: ['bp-implementers'] });
    const cookie = await expectSignedIn(await throughProvider('ivan'));
    expect((await me(cookie)).json().data).toMatchObject({ id: known.id, role: 'implementer' });
    const audit = await t.db.selectFrom('staff_audit').selectAll().where('entity_id', '=', known.id).execute();
    expect(audit).toMatchObject([{ action: 'role-from-identity-provider', before: { role: 'viewer' }, after: { role: 'implementer' } }]);
  });

  it("signs a known staff e-mail in with the console's role when no group maps, writing no user", async () => {
    const known = await createStaffUser(t.app, 'implementer');
    op.setAccount('kim', { email: known.email, email_verified: true, groups: ['somebody-else'] });
    const users = await count('staff_user');
    const cookie = await expectSignedIn(await throughProvider('kim'));
    expect((await me(cookie)).json().data).toMatchObject({ id: known.id, email: known.email, role: 'implementer' });
    expect(await count('staff_user')).toBe(users);
    const signOut = await t.app.inject({ method: 'POST', url: '/api/staff/logout', headers: { cookie, 'x-staff-request': '1' } });
    expect(signOut.json().data.url).toContain(op.issuer);
  });

  it('refuses an unknown e-mail without a mapped group', async () => {
    op.setAccount('uma', { email: 'uma@staff.test', email_verified: true, groups: ['somebody-else'] });
    await expectRefused(await throughProvider('uma'), 'not-staff', 'not-staff');
    op.setAccount('nogroups', { email: 'nogroups@staff.test', email_verified: true });
    await expectRefused(await throughProvider('nogroups'), 'not-staff', 'not-staff');
    expect(await staffUsers.findByEmail(t.db, 'uma@staff.test')).toBeUndefined();
  });

  it('refuses an e-mail the provider has not verified, even with an admin group', async () => {
    op.setAccount('vera', { email: 'vera@staff.test', email_verified: false, groups: ['bp-admins'] });
    await expectRefused(await throughProvider('vera'), 'email-unverified', 'email-unverified');
  });

  it('refuses a staff user an admin disabled, whatever the groups say', async () => {
    const known = await createStaffUser(t.app, 'admin');
    await staffUsers.update(t.db, known.id, { disabled: true });
    op.setAccount('dora', { email: known.email, email_verified: true, groups: ['bp-admins'] });
    await expectRefused(await throughProvider('dora'), 'disabled', 'staff-user-disabled');
  });

  it("refuses a wrong state, another browser's state, a replayed callback and a replayed code", async () => {
    op.setAccount('rex', { email: 'rex@staff.test', email_verified: true, groups: ['bp-viewers'] });
    const first = await throughProvider('rex');
    await expectRefused({ url: first.url, cookie: 'bp_staff_oidc_state=someone-elses' }, 'failed', 'state-not-this-browser');
    const wrong = new URL(first.url, TEST_PUBLIC_URL);
    wrong.searchParams.set('state', 'made-up');
    await expectRefused({ url: `${wrong.pathname}${wrong.search}`, cookie: 'bp_staff_oidc_state=made-up' }, 'failed', 'state-unknown-or-expired');

    await expectSignedIn(first);
    await expectRefused(first, 'failed', 'callback-replayed');

    // The same code under a new sign-in's state (and its cookie): the provider refuses the used code.
    const second = await throughProvider('rex');
    const replay = new URL(second.url, TEST_PUBLIC_URL);
    replay.searchParams.set('code', new URL(first.url, TEST_PUBLIC_URL).searchParams.get('code')!);
    await expectRefused({ url: `${replay.pathname}${replay.search}`, cookie: second.cookie }, 'failed', 'code-refused');
  });

  it("refuses an employee sign-in's state at the staff callback", async () => {
    op.setAccount('eli', { email: 'eli@staff.test', email_verified: true, groups: ['bp-viewers'] });
    const parts = await throughProvider('eli');
    // The employees' callback does not take a staff sign-in's state (nor the other way round).
    const state = new URL(parts.url, TEST_PUBLIC_URL).searchParams.get('state')!;
    const atEmployees = await t.app.inject({ method: 'GET', url: `/api/oidc/callback${new URL(parts.url, TEST_PUBLIC_URL).search}`, headers: { cookie: `bp_oidc_state=${state}` } });
    expect(new URL(atEmployees.headers.location as string).searchParams.get('sso_error')).toBe('failed');
    expect(await lastEvent()).toMatchObject({ reason: 'state-unknown-or-expired' });
    await expectSignedIn(parts);
  });
});

describe('the staff provider settings', () => {
  // The secrets given, so nothing is written to DATA_DIR.
  const base = { DATA_DIR: '/nonexistent', TOKEN_SECRET: 't'.repeat(32), SSN_KEY: Buffer.alloc(32, 1).toString('base64'), OIDC_ALLOW_HTTP_LOOPBACK: 'true' };
  const full = { STAFF_OIDC_ISSUER: 'http://127.0.0.1:9', STAFF_OIDC_CLIENT_ID: 'c', STAFF_OIDC_CLIENT_SECRET: 's' };

  it('maps claim values to the highest role, and nothing without a role claim', () => {
    const oidc = loadConfig({ ...base, ...full, STAFF_OIDC_ROLE_CLAIM: 'roles', STAFF_OIDC_ROLE_MAP: ROLE_MAP }).STAFF_OIDC!;
    expect(mappedRole({ roles: ['bp-viewers', 'bp-implementers'] }, oidc)).toBe('implementer');
    expect(mappedRole({ roles: 'bp-admins' }, oidc)).toBe('admin');
    expect(mappedRole({ roles: ['toString', 42] }, oidc)).toBeNull();
    expect(mappedRole({ groups: ['bp-admins'] }, oidc)).toBeNull();
    expect(loadConfig({ ...base, ...full }).STAFF_OIDC).toMatchObject({ roleClaim: null, displayName: 'Single Sign-On', scope: 'openid email profile' });
    expect(loadConfig(base).STAFF_OIDC).toBeNull();
  });

  it('refuses incomplete or wrong settings, saying which', () => {
    expect(() => loadConfig({ ...base, STAFF_OIDC_ISSUER: 'https://login.example.com' })).toThrow(/together/);
    expect(() => loadConfig({ ...base, ...full, STAFF_OIDC_ISSUER: 'http://login.example.com' })).toThrow(/STAFF_OIDC_ISSUER/);
    expect(() => loadConfig({ ...base, ...full, STAFF_OIDC_ROLE_CLAIM: 'groups' })).toThrow(/go together/);
    expect(() => loadConfig({ ...base, ...full, STAFF_OIDC_ROLE_CLAIM: 'groups', STAFF_OIDC_ROLE_MAP: 'bp-admins=owner' })).toThrow(/not 'bp-admins=owner'/);
    expect(() => loadConfig({ ...base, ...full, STAFF_OIDC_SCOPE: 'email' })).toThrow(/openid/);
  });
});
