/**
 * Employees' sign-in through their employer's OpenID Provider (docs/security.md, "Employees' sign-in through their
 * employer's provider"), against a real provider on loopback (helpers/oidc-provider.ts): a census member's first
 * sign-in opens a session as the password sign-in does, with no set-password step, and its Sign Out sends no ID
 * token to the browser; each refusal (a tampered or expired ID token, one issued ahead of the clock tolerance, a
 * wrong nonce or audience, an unverified e-mail, a domain not allowed, a member of another
 * employer, a replayed callback or code) writes nothing but its security event. And the staff API: the secret
 * never answered, every change audited, viewers refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_ID } from '#contracts/api.ts';
import * as members from '#db/repositories/member/member.repository.ts';
import { loadConfig } from '#server/config.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, refreshCookieOf, type TestEmployer } from './helpers/fixtures.ts';
import { TEST_PUBLIC_URL } from './helpers/app.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { startTestProvider, type TestProvider } from './helpers/oidc-provider.ts';
import { putAsRead, signInStaff, type SignedInStaff } from './staff-fixtures.ts';

const REDIRECT_URI = `${TEST_PUBLIC_URL}/api/oidc/callback`;
/** A JWT as it travels (base64url of '{"...' first): the provider's ID token must not appear where the browser reads. */
const JWT_SHAPE = /eyJ[\w-]*\.[\w-]+\.[\w-]*/;
const CLOCK_TOLERANCE = 60;

describe.each(databases())('sign-in through the employer\'s identity provider on $name', (database) => {
  const t = useTestApp(database, { env: { OIDC_ALLOW_HTTP_LOOPBACK: 'true', OIDC_CLOCK_TOLERANCE: String(CLOCK_TOLERANCE) } });
  let op: TestProvider;
  let employerA: TestEmployer;
  let employerB: TestEmployer;
  let implementer: SignedInStaff;

  const loginPage = (employer: TestEmployer) => `${TEST_PUBLIC_URL}/login?employer_id=${employer.accountid}`;

  beforeAll(async () => {
    employerA = await createEmployer(t.db, { accountname: 'Acme' });
    employerB = await createEmployer(t.db, { accountname: 'Bravo' });
    op = await startTestProvider({ redirectUris: [REDIRECT_URI], postLogoutRedirectUris: [loginPage(employerA), loginPage(employerB)] });
    implementer = await signInStaff(t.app, 'implementer');
    for (const employer of [employerA, employerB]) {
      const saved = await putAsRead(t.app, implementer, `/api/staff/employers/${employer.accountid}/identity-provider`, {
          displayName: 'Acme Login',
          issuer: op.issuer,
          clientId: op.clientId,
          clientSecret: op.clientSecret,
          emailClaim: 'email',
          allowedDomains: ['acme.test'],
          registration: 'census',
        });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });
  afterAll(async () => op?.close());

  async function censusMember(employer: TestEmployer, email: string) {
    return members.insert(t.db, {
      id: randomUUID(),
      accountid: employer.accountid,
      priormemberid: EMPTY_ID,
      externalid: EMPTY_ID,
      primarymemberid: EMPTY_ID,
      firstname: 'Cara',
      lastname: 'Census',
      emailaddress: email,
      personalemailaddress: email,
      createdby: 'Census',
      modifiedby: 'Census',
    });
  }

  /** Starts at the employer's link, signs in at the provider as `sub`; answers the callback's request parts. */
  async function throughProvider(employer: TestEmployer, sub: string) {
    const start = await t.app.inject({ method: 'GET', url: `/api/oidc/start?employer_id=${employer.accountid}` });
    expect(start.statusCode, start.body).toBe(302);
    const authorization = new URL(start.headers.location as string);
    expect(authorization.origin).toBe(op.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    const stateCookie = [start.headers['set-cookie']].flat().find((line) => String(line).startsWith('bp_oidc_state='));
    const back = await op.signIn(authorization.href, sub);
    expect(back.href.startsWith(REDIRECT_URI)).toBe(true);
    return { url: `${back.pathname}${back.search}`, cookie: String(stateCookie).split(';')[0]! };
  }

  const callback = (parts: { url: string; cookie: string }) =>
    t.app.inject({ method: 'GET', url: parts.url, headers: { cookie: parts.cookie } });

  const counts = async () => ({
    members: Number((await t.db.selectFrom('member').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    sessions: Number((await t.db.selectFrom('session').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    oidcSessions: Number((await t.db.selectFrom('oidc_session').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  });
  const lastEvent = () => t.db.selectFrom('security_event').selectAll().orderBy('occurred_at', 'desc').orderBy('id').limit(1).executeTakeFirstOrThrow();

  /** The callback is refused: back to the sign-in page saying `said`, nothing written but the event with `reason`. */
  async function expectRefused(parts: { url: string; cookie: string }, employer: TestEmployer | null, said: string, reason: string) {
    const before = await counts();
    const answer = await callback(parts);
    expect(answer.statusCode).toBe(302);
    const location = new URL(answer.headers.location as string);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('employer_id')).toBe(employer?.accountid ?? null);
    expect(location.searchParams.get('sso_error')).toBe(said);
    expect(refreshCookieOf(answer)).toBeNull();
    expect(await counts()).toEqual(before);
    const event = await lastEvent();
    expect(event).toMatchObject({ kind: 'sign-in-failed', reason });
  }

  it('names the provider for the sign-in page', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/oidc/employers/${employerA.accountid}` });
    expect(answer.json().data).toEqual({ displayName: 'Acme Login' });
    const none = await createEmployer(t.db, { accountname: 'No SSO' });
    expect((await t.app.inject({ method: 'GET', url: `/api/oidc/employers/${none.accountid}` })).json().data).toBeNull();
  });

  it("signs a census member in on the first visit: a session as the password sign-in's, no set-password step, an event with the provider", async () => {
    const member = await censusMember(employerA, 'cara@acme.test');
    op.setAccount('cara', { email: 'cara@acme.test', email_verified: true });
    const answer = await callback(await throughProvider(employerA, 'cara'));
    expect(answer.statusCode, answer.body).toBe(302);
    expect(answer.headers.location).toBe(`${TEST_PUBLIC_URL}/profile`);
    const refresh = refreshCookieOf(answer);
    expect(refresh).toBeTruthy();
    expect([answer.headers['set-cookie']].flat().join('\n')).toMatch(/bp_refresh=[^;]+; Max-Age=\d+; Path=\/api\/Login; HttpOnly; Secure; SameSite=Strict/);

    // The refresh cookie gives the tokens, as after a password sign-in (a new tab).
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/Login/Refresh', headers: { cookie: `bp_refresh=${refresh}` } });
    expect(refreshed.statusCode).toBe(200);
    const { access_token: accessToken } = refreshed.json().data.tokenResponse;
    const me = await t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(member.id);

    const event = await lastEvent();
    expect(event).toMatchObject({ kind: 'sign-in', memberid: member.id, identity_provider: op.issuer, reason: null });
    const session = await t.db.selectFrom('session').selectAll().where('memberid', '=', member.id).executeTakeFirstOrThrow();
    expect(session.ended_at).toBeNull();
    // Only which employer's provider opened the session: the provider's ID token is not kept.
    const stored = await t.db.selectFrom('oidc_session').selectAll().where('session_id', '=', session.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ session_id: session.id, accountid: employerA.accountid });

    // Sign Out: the provider's sign-out page (RP-initiated logout) named by the client id, never by the ID token
    // (the browser reads this URL); then the product's session ends.
    const signOut = await t.app.inject({ method: 'GET', url: '/api/oidc/sign-out', headers: { authorization: `Bearer ${accessToken}` } });
    expect(signOut.body).not.toMatch(JWT_SHAPE);
    const endSession = new URL(signOut.json().data.url);
    expect(endSession.origin).toBe(op.issuer);
    expect(Object.fromEntries(endSession.searchParams)).toEqual({ client_id: op.clientId, post_logout_redirect_uri: loginPage(employerA) });
    // The provider takes it (it refuses an unknown client or an unregistered redirect with 400).
    expect((await fetch(endSession, { redirect: 'manual' })).status).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/Login/Logout', headers: { authorization: `Bearer ${accessToken}`, cookie: `bp_refresh=${refresh}` } });
    expect(logout.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: { authorization: `Bearer ${accessToken}` } })).statusCode).toBe(401);
    expect((await t.db.selectFrom('member').select('ispasswordchanged').where('id', '=', member.id).executeTakeFirstOrThrow()).ispasswordchanged).toBeNull();
  });

  it('refuses a tampered ID token (its signature no longer matches)', async () => {
    await censusMember(employerA, 'tim@acme.test');
    op.setAccount('tim', { email: 'tim@acme.test', email_verified: true });
    const parts = await throughProvider(employerA, 'tim');
    op.tamperNextIdToken();
    await expectRefused(parts, employerA, 'failed', 'id-token-invalid');
  });

  it('refuses an expired ID token', async () => {
    await censusMember(employerA, 'eve@acme.test');
    op.setAccount('eve', { email: 'eve@acme.test', email_verified: true });
    const parts = await throughProvider(employerA, 'eve');
    const past = Math.floor(Date.now() / 1000) - 3600;
    op.resignNextIdToken((claims) => ({ ...claims, iat: past - 600, exp: past }));
    await expectRefused(parts, employerA, 'failed', 'id-token-expired');
  });

  it('refuses an ID token issued a day ahead of the clock', async () => {
    await censusMember(employerA, 'fay@acme.test');
    op.setAccount('fay', { email: 'fay@acme.test', email_verified: true });
    const parts = await throughProvider(employerA, 'fay');
    const tomorrow = Math.floor(Date.now() / 1000) + 86_400;
    op.resignNextIdToken((claims) => ({ ...claims, iat: tomorrow, exp: tomorrow + 600 }));
    await expectRefused(parts, employerA, 'failed', 'id-token-issued-in-future');
  });

  it("allows a provider's clock OIDC_CLOCK_TOLERANCE off (an iat ahead, an exp just past), not more", async () => {
    await censusMember(employerA, 'fast@acme.test');
    op.setAccount('fast', { email: 'fast@acme.test', email_verified: true });
    const ahead = await throughProvider(employerA, 'fast');
    op.resignNextIdToken((claims) => ({ ...claims, iat: Math.floor(Date.now() / 1000) + CLOCK_TOLERANCE / 3 }));
    expect((await callback(ahead)).headers.location).toBe(`${TEST_PUBLIC_URL}/profile`);
    // Beyond openid-client's own default of 30 seconds: the setting is what decides.
    const behind = await throughProvider(employerA, 'fast');
    const expired = Math.floor(Date.now() / 1000) - (CLOCK_TOLERANCE * 3) / 4;
    op.resignNextIdToken((claims) => ({ ...claims, iat: expired - 600, exp: expired }));
    expect((await callback(behind)).headers.location).toBe(`${TEST_PUBLIC_URL}/profile`);

    const beyond = await throughProvider(employerA, 'fast');
    op.resignNextIdToken((claims) => ({ ...claims, iat: Math.floor(Date.now() / 1000) + CLOCK_TOLERANCE * 2 }));
    await expectRefused(beyond, employerA, 'failed', 'id-token-issued-in-future');
  });

  it('refuses a wrong nonce', async () => {
    await censusMember(employerA, 'nina@acme.test');
    op.setAccount('nina', { email: 'nina@acme.test', email_verified: true });
    const parts = await throughProvider(employerA, 'nina');
    op.resignNextIdToken((claims) => ({ ...claims, nonce: 'another-sign-in' }));
    await expectRefused(parts, employerA, 'failed', 'nonce-mismatch');
  });

  it('refuses a wrong audience', async () => {
    await censusMember(employerA, 'aud@acme.test');
    op.setAccount('aud', { email: 'aud@acme.test', email_verified: true });
    const parts = await throughProvider(employerA, 'aud');
    op.resignNextIdToken((claims) => ({ ...claims, aud: 'another-client' }));
    await expectRefused(parts, employerA, 'failed', 'audience-mismatch');
  });

  it('refuses an e-mail the provider has not verified', async () => {
    await censusMember(employerA, 'una@acme.test');
    op.setAccount('una', { email: 'una@acme.test', email_verified: false });
    await expectRefused(await throughProvider(employerA, 'una'), employerA, 'email-unverified', 'email-unverified');
  });

  it('refuses a domain the employer does not allow', async () => {
    op.setAccount('dom', { email: 'dom@elsewhere.test', email_verified: true });
    await expectRefused(await throughProvider(employerA, 'dom'), employerA, 'domain-not-allowed', 'domain-not-allowed');
  });

  it("refuses employer A's employee at employer B's link", async () => {
    const member = await censusMember(employerA, 'ann@acme.test');
    op.setAccount('ann', { email: 'ann@acme.test', email_verified: true });
    await expectRefused(await throughProvider(employerB, 'ann'), employerB, 'not-an-employee', 'member-of-another-employer');
    expect(await t.db.selectFrom('session').select('id').where('memberid', '=', member.id).execute()).toEqual([]);
  });

  it('refuses a person not on the census when the employer wants the census', async () => {
    op.setAccount('new', { email: 'new@acme.test', email_verified: true });
    await expectRefused(await throughProvider(employerA, 'new'), employerA, 'not-an-employee', 'not-on-census');
  });

  it('refuses a replayed callback, and a replayed authorization code with a fresh state', async () => {
    await censusMember(employerA, 'rita@acme.test');
    op.setAccount('rita', { email: 'rita@acme.test', email_verified: true });
    const first = await throughProvider(employerA, 'rita');
    expect((await callback(first)).headers.location).toBe(`${TEST_PUBLIC_URL}/profile`);
    await expectRefused(first, null, 'failed', 'callback-replayed');

    // The same code under a new sign-in's state (and its cookie): the provider refuses the used code.
    const second = await throughProvider(employerA, 'rita');
    const code = new URL(first.url, TEST_PUBLIC_URL).searchParams.get('code')!;
    const replay = new URL(second.url, TEST_PUBLIC_URL);
    replay.searchParams.set('code', code);
    await expectRefused({ url: `${replay.pathname}${replay.search}`, cookie: second.cookie }, employerA, 'failed', 'code-refused');
  });

  it("refuses a callback without the starting browser's state cookie", async () => {
    await censusMember(employerA, 'csrf@acme.test');
    op.setAccount('csrf', { email: 'csrf@acme.test', email_verified: true });
    const parts = await throughProvider(employerA, 'csrf');
    await expectRefused({ url: parts.url, cookie: 'bp_oidc_state=someone-elses' }, null, 'failed', 'state-not-this-browser');
  });

  it('sends an unknown person of an allowed domain to register first (the terms are accepted there), creating nothing', async () => {
    const open = await createEmployer(t.db, { accountname: 'Open Co' });
    const saved = await putAsRead(t.app, implementer, `/api/staff/employers/${open.accountid}/identity-provider`, { displayName: 'Open Login', issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, emailClaim: 'email', allowedDomains: ['open.test'], registration: 'open' });
    expect(saved.statusCode).toBe(200);
    op.setAccount('olga', { email: 'olga@open.test', email_verified: true, given_name: 'Olga', family_name: 'Open' });
    const answer = await callback(await throughProvider(open, 'olga'));
    expect(answer.headers.location).toBe(`${TEST_PUBLIC_URL}/login?employer_id=${open.accountid}&sso_error=register-first`);
    expect(await members.findByEmail(t.db, 'olga@open.test')).toBeUndefined();
  });

  describe('the staff API', () => {
    const url = () => `/api/staff/employers/${employerA.accountid}/identity-provider`;

    it('never answers the secret, stores it sealed, and audits each change without it', async () => {
      const read = await t.app.inject({ method: 'GET', url: url(), headers: implementer.headers });
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toMatchObject({ issuer: op.issuer, clientId: op.clientId, clientSecretSet: true, redirectUri: REDIRECT_URI });
      expect(read.body).not.toContain(op.clientSecret);
      const row = await t.db.selectFrom('employer_identity_provider').selectAll().where('accountid', '=', employerA.accountid).executeTakeFirstOrThrow();
      expect(row.client_secret_sealed).toMatch(/^v1\./);
      expect(row.client_secret_sealed).not.toContain(op.clientSecret);

      // Absent secret: the stored one is kept.
      const changed = await putAsRead(t.app, implementer, url(), { displayName: 'Acme Login', issuer: op.issuer, clientId: op.clientId, emailClaim: 'email', allowedDomains: ['acme.test', 'ACME.test'], registration: 'census' });
      expect(changed.statusCode, changed.body).toBe(400);
      const kept = await putAsRead(t.app, implementer, url(), { displayName: 'Acme Login', issuer: op.issuer, clientId: op.clientId, emailClaim: 'email', allowedDomains: ['acme.test'], registration: 'census' });
      expect(kept.statusCode, kept.body).toBe(200);
      expect((await t.db.selectFrom('employer_identity_provider').select('client_secret_sealed').where('accountid', '=', employerA.accountid).executeTakeFirstOrThrow()).client_secret_sealed).toBe(row.client_secret_sealed);

      const audit = await t.db.selectFrom('staff_audit').selectAll().where('entity', '=', 'identity_provider').where('entity_id', '=', employerA.accountid).execute();
      expect(audit.length).toBeGreaterThanOrEqual(2);
      expect(JSON.stringify(audit)).not.toContain(op.clientSecret);
    });

    it('tests the connection: discovery and keys', async () => {
      const answer = await t.app.inject({ method: 'POST', url: `${url()}/test`, headers: implementer.headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toMatchObject({ ok: true });
      expect(answer.json().data.message).toContain('1 signing key');
    });

    it('refuses an http issuer that is not loopback, a metadata address, and hostile input, writing nothing', async () => {
      const before = await t.db.selectFrom('staff_audit').select('id').execute();
      for (const issuer of ['http://login.example.com', 'https://169.254.169.254/', 'ftp://x', 'not a url']) {
        const payload = { displayName: 'X', issuer, clientId: 'c', clientSecret: 's', emailClaim: 'email', allowedDomains: ['acme.test'], registration: 'census' };
        const answer = await putAsRead(t.app, implementer, url(), payload);
        if (issuer.startsWith('https://169.254')) {
          // Its form is fine; the address is refused when it is asked (the connection test says so).
          expect(answer.statusCode).toBe(200);
          const test = await t.app.inject({ method: 'POST', url: `${url()}/test`, headers: implementer.headers });
          expect(test.json().data).toMatchObject({ ok: false });
          expect(test.json().data.message).toContain('never asks');
          continue;
        }
        expect(answer.statusCode, issuer).toBe(400);
      }
      const hostile = await putAsRead(t.app, implementer, url(), { displayName: 'X\u0000', issuer: op.issuer, clientId: 'c'.repeat(5000), emailClaim: 'email', allowedDomains: ['@acme'], registration: 'anyone' });
      expect(hostile.statusCode).toBe(400);
      const after = await t.db.selectFrom('staff_audit').select('id').execute();
      expect(after.length).toBe(before.length + 1);
    });

    it('refuses a viewer any change, and removes the provider (audited)', async () => {
      const viewer = await signInStaff(t.app, 'viewer');
      expect((await t.app.inject({ method: 'GET', url: url(), headers: viewer.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'DELETE', url: url(), headers: viewer.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: `${url()}/test`, headers: viewer.headers })).statusCode).toBe(403);
      const removed = await t.app.inject({ method: 'DELETE', url: url(), headers: implementer.headers });
      expect(removed.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/api/oidc/employers/${employerA.accountid}` })).json().data).toBeNull();
      const audit = await t.db.selectFrom('staff_audit').selectAll().where('entity', '=', 'identity_provider').where('action', '=', 'delete').execute();
      expect(audit).toHaveLength(1);
    });
  });
});

describe('the clock tolerance setting', () => {
  // The secrets given, so nothing is written to DATA_DIR.
  const base = { DATA_DIR: '/nonexistent', TOKEN_SECRET: 't'.repeat(32), SSN_KEY: Buffer.alloc(32, 1).toString('base64') };

  it('is 30 seconds unless OIDC_CLOCK_TOLERANCE says otherwise, and at most 5 minutes', () => {
    expect(loadConfig(base).OIDC_CLOCK_TOLERANCE).toBe(30);
    expect(loadConfig({ ...base, OIDC_CLOCK_TOLERANCE: '0' }).OIDC_CLOCK_TOLERANCE).toBe(0);
    expect(loadConfig({ ...base, OIDC_CLOCK_TOLERANCE: '120' }).OIDC_CLOCK_TOLERANCE).toBe(120);
    for (const wrong of ['-1', '301', '86400', '1.5', 'a minute']) expect(() => loadConfig({ ...base, OIDC_CLOCK_TOLERANCE: wrong }), wrong).toThrow(/OIDC_CLOCK_TOLERANCE/);
  });
});
