/**
 * ASVS V3 (sessions) and V2.2 (guessing): server-side sessions that sign-out, idle time and the absolute limit
 * end; the refresh cookie that signs in a new tab; the per-account lockout; the security event log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from '#contracts/session.ts';
import { readAccessToken, REFRESH_RETRY_SECONDS } from '#server/security/tokens.ts';
import { createTestApp } from './helpers/app.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, racingRefreshes, refreshCookieOf, registerMember, type RegisteredMember, type TestEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';

describe.each(databases())('sessions on $name', (database) => {
  const t = useTestApp(database);
  let employer: TestEmployer;
  beforeAll(async () => {
    employer = await createEmployer(t.db);
  });

  const getMember = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: { authorization: `Bearer ${accessToken}` } });
  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/Login/Refresh', headers: { cookie: `bp_refresh=${token}` } });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/Login', payload: { email, password } });
  const sessionId = async (member: RegisteredMember) => (await readAccessToken(t.config, member.tokens.access_token))!.sessionId;
  const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
  const events = async (memberId: string) =>
    (await t.db.selectFrom('security_event').select(['kind', 'client_address', 'occurred_at']).where('memberid', '=', memberId).orderBy('occurred_at').execute());

  it('sign-out ends the session on the server: the access token stops working at once', async () => {
    const member = await registerMember(t.app, employer);
    expect((await getMember(member.tokens.access_token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/Login/Logout', headers: member.auth });
    expect(out.statusCode).toBe(200);
    expect((await getMember(member.tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(member.refreshToken)).statusCode).toBe(401);
    const session = await t.db.selectFrom('session').selectAll().where('id', '=', await sessionId(member)).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ end_reason: 'sign-out', ended_at: expect.any(Date) });
  });

  it('a session ends after 30 minutes without a call, and a call within them keeps it', async () => {
    const member = await registerMember(t.app, employer);
    const id = await sessionId(member);
    await t.db.updateTable('session').set({ last_seen_at: ago(SESSION_IDLE_SECONDS - 60) }).where('id', '=', id).execute();
    expect((await getMember(member.tokens.access_token)).statusCode).toBe(200);
    const touched = await t.db.selectFrom('session').select('last_seen_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(touched.last_seen_at.getTime()).toBeGreaterThan(ago(60).getTime());

    await t.db.updateTable('session').set({ last_seen_at: ago(SESSION_IDLE_SECONDS + 1) }).where('id', '=', id).execute();
    expect((await getMember(member.tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(member.refreshToken)).statusCode).toBe(401);
  });

  it('a session ends 12 hours after sign-in however busy it is', async () => {
    const member = await registerMember(t.app, employer);
    const id = await sessionId(member);
    const expires = await t.db.selectFrom('session').select(['created_at', 'expires_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(expires.expires_at.getTime() - expires.created_at.getTime()).toBe(SESSION_ABSOLUTE_SECONDS * 1000);
    await t.db.updateTable('session').set({ expires_at: ago(1) }).where('id', '=', id).execute();
    expect((await getMember(member.tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(member.refreshToken)).statusCode).toBe(401);
  });

  it('a new tab signs in with the refresh cookie alone (no token in the body)', async () => {
    const member = await registerMember(t.app, employer);
    const tab = await t.app.inject({ method: 'POST', url: '/api/Login/Refresh', headers: { cookie: `other=1; bp_refresh=${member.refreshToken}` } });
    expect(tab.statusCode).toBe(200);
    const { tokenResponse } = tab.json().data;
    expect(tokenResponse).not.toHaveProperty('refresh_token');
    expect((await getMember(tokenResponse.access_token)).statusCode).toBe(200);
    expect(refreshCookieOf(tab)).not.toBe(member.refreshToken);
    expect(tab.headers['cache-control']).toBe('no-store');
    // Same session: signing out in one tab signs out the other.
    await t.app.inject({ method: 'POST', url: '/api/Login/Logout', headers: { cookie: `bp_refresh=${refreshCookieOf(tab)}` } });
    expect((await getMember(member.tokens.access_token)).statusCode).toBe(401);
  });

  it('a reused refresh token ends the session and is logged', async () => {
    const member = await registerMember(t.app, employer);
    const first = await refresh(member.refreshToken);
    expect(first.statusCode).toBe(200);
    // The token that replaced it has been used: the old one coming back is a copy, not a retry.
    expect((await refresh(refreshCookieOf(first)!)).statusCode).toBe(200);
    const reuse = await refresh(member.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(String(reuse.headers['set-cookie'])).toMatch(/^bp_refresh=; Max-Age=0/);
    expect((await getMember(member.tokens.access_token)).statusCode).toBe(401);
    expect((await events(member.memberId)).map((e) => e.kind)).toContain('refresh-reuse');
  });

  it('a refresh whose answer was lost may be sent again for a minute: the same new refresh token again', async () => {
    const member = await registerMember(t.app, employer);
    const lost = await refresh(member.refreshToken);
    expect(lost.statusCode).toBe(200);
    const retried = await refresh(member.refreshToken);
    expect(retried.statusCode).toBe(200);
    // The browser that never got the first answer and the one that did end with the same cookie.
    expect(refreshCookieOf(retried)).toBe(refreshCookieOf(lost));
    const { access_token } = retried.json().data.tokenResponse;
    expect((await getMember(access_token)).statusCode).toBe(200);
    const next = await refresh(refreshCookieOf(retried)!);
    expect(next.statusCode).toBe(200);
    expect((await getMember(next.json().data.tokenResponse.access_token)).statusCode).toBe(200);
    expect((await events(member.memberId)).map((e) => e.kind)).toContain('refresh-retry');
    expect((await events(member.memberId)).map((e) => e.kind)).not.toContain('refresh-reuse');
  });

  it('two refreshes of one token at the same moment: the later one is a retry of the earlier, one token stays live', async () => {
    const member = await registerMember(t.app, employer);
    const answers = await Promise.all([refresh(member.refreshToken), refresh(member.refreshToken)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const live = await t.db.selectFrom('refresh_token').select('id').where('memberid', '=', member.memberId).where('revoked_at', 'is', null).execute();
    expect(live).toHaveLength(1);
    const session = await t.db.selectFrom('session').select('ended_at').where('id', '=', await sessionId(member)).executeTakeFirstOrThrow();
    expect(session.ended_at).toBeNull();
  });

  it.each([10, 50])('%i refreshes of one cookie at once (tabs of one browser): each answers 200, and the cookie that arrives last refreshes', async (count) => {
    const member = await registerMember(t.app, employer);
    const answers = await racingRefreshes(count, () => refresh(member.refreshToken));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const cookies = new Set(answers.map((answer) => refreshCookieOf(answer)));
    expect(cookies.size).toBe(1);
    const last = refreshCookieOf(answers.at(-1)!)!;
    expect(last).not.toBe(member.refreshToken);
    const after = await refresh(last);
    expect(after.statusCode).toBe(200);
    expect((await getMember(after.json().data.tokenResponse.access_token)).statusCode).toBe(200);
    const session = await t.db.selectFrom('session').select('ended_at').where('id', '=', await sessionId(member)).executeTakeFirstOrThrow();
    expect(session.ended_at).toBeNull();
  });

  it("a retry's grace ends a minute after the token was used: then it is reuse, and the session ends", async () => {
    const late = await registerMember(t.app, employer);
    const rotated = await refresh(late.refreshToken);
    expect(rotated.statusCode).toBe(200);
    await t.db.updateTable('refresh_token').set({ revoked_at: ago(REFRESH_RETRY_SECONDS + 1) }).where('replaced_by', 'is not', null).where('memberid', '=', late.memberId).execute();
    expect((await refresh(late.refreshToken)).statusCode).toBe(401);
    expect((await refresh(refreshCookieOf(rotated)!)).statusCode).toBe(401);
    expect((await getMember(late.tokens.access_token)).statusCode).toBe(401);
  });

  it('locks an account after 5 failed sign-ins with its own message and the time left, even for the right password', async () => {
    const member = await registerMember(t.app, employer);
    for (let i = 1; i <= 4; i++) {
      const res = await login(member.email, 'Wr0ng!Pass');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('LOGIN_FAILED');
    }
    const fifth = await login(member.email, 'Wr0ng!Pass');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({
      success: false,
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed sign-ins for this account. Please try again in 15 minutes.',
    });
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const right = await login(member.email.toUpperCase(), member.password);
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('ACCOUNT_LOCKED');

    // When the lockout is over the right password works and the count starts again.
    await t.db.updateTable('signin_failure').set({ locked_until: ago(1) }).execute();
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    expect((await login(member.email, 'Wr0ng!Pass')).json().code).toBe('LOGIN_FAILED');

    const kinds = (await events(member.memberId)).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'sign-in-failed')).toHaveLength(7);
    expect(kinds).toContain('lockout');
    expect(kinds.filter((k) => k === 'sign-in')).toHaveLength(2);
    for (const event of await events(member.memberId)) expect(event.client_address).toBe('127.0.0.1');
  });

  it('locks an unknown address the same way (a lockout tells nothing about who is registered)', async () => {
    const email = `nobody.${Date.now()}@example.test`;
    const answers = [];
    for (let i = 1; i <= 5; i++) answers.push((await login(email, 'Wr0ng!Pass')).json().code);
    expect(answers).toEqual(['LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_FAILED', 'LOGIN_FAILED', 'ACCOUNT_LOCKED']);
    const stored = await t.db.selectFrom('signin_failure').select('email_hash').execute();
    expect(stored.map((r) => r.email_hash).join()).not.toContain(email);
  });

  it('two instances on one database count failures and honour sign-outs together', async () => {
    // Two instances share their secrets, as two processes of one deployment do.
    const other = await createTestApp(t.db, { env: { TOKEN_SECRET: t.config.TOKEN_SECRET, SSN_KEY: t.config.SSN_KEY } });
    try {
      const member = await registerMember(t.app, employer);
      const codes = [];
      for (let i = 1; i <= 5; i++) {
        const app = i % 2 ? t.app : other.app;
        codes.push((await app.inject({ method: 'POST', url: '/api/Login', payload: { email: member.email, password: 'Wr0ng!Pass' } })).json().code);
      }
      expect(codes.at(-1)).toBe('ACCOUNT_LOCKED');

      const second = await registerMember(t.app, employer);
      expect((await other.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: second.auth })).statusCode).toBe(200);
      await t.app.inject({ method: 'POST', url: '/api/Login/Logout', headers: second.auth });
      expect((await other.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: second.auth })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('logs sign-in, sign-out and password set with member, client address and time', async () => {
    const member = await registerMember(t.app, employer);
    await t.app.inject({ method: 'POST', url: '/api/Login/Logout', headers: member.auth });
    const logged = await events(member.memberId);
    expect(logged.map((e) => e.kind)).toEqual(['password-set', 'sign-in', 'sign-out']);
    for (const event of logged) {
      expect(event.client_address).toBe('127.0.0.1');
      expect(event.occurred_at.getTime()).toBeGreaterThan(ago(60).getTime());
    }
  });
});
