import { beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { readAccessToken, signAccessToken } from '#server/security/tokens.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { createEmployer, latestLink, refreshCookieOf, registerBody, registerMember, TEST_PASSWORD, type TestEmployer } from './helpers/fixtures.ts';

describe.each(databases())('login routes on $name', (database) => {
  const t = useTestApp(database);
  let employer: TestEmployer;
  beforeAll(async () => {
    employer = await createEmployer(t.db);
  });

  const login = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/Login', payload: payload as object });
  const refresh = (refresh_token: string) =>
    t.app.inject({ method: 'POST', url: '/api/Login/Refresh', headers: { cookie: `bp_refresh=${refresh_token}` } });
  const sessionOf = async (accessToken: string) => (await readAccessToken(t.config, accessToken))!.sessionId;
  const loginFailed = { success: false, data: null, code: 'LOGIN_FAILED', message: 'Login failed. Please try again.' };

  it('signs in with access, id and refresh tokens', async () => {
    const member = await registerMember(t.app, employer, { firstname: 'Grace', lastname: 'Hopper' });
    const res = await login({ email: member.email.toUpperCase(), password: member.password });
    expect(res.statusCode).toBe(200);
    const { tokenResponse } = res.json().data;
    expect(tokenResponse).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    // The refresh token is only in the HttpOnly cookie, where no page script can read it.
    expect(tokenResponse).not.toHaveProperty('refresh_token');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^bp_refresh=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/api\/Login; HttpOnly; Secure; SameSite=Strict$/);
    const access = decodeJwt(tokenResponse.access_token);
    expect(access).toMatchObject({ sub: member.memberId, accountid: employer.accountid, email: member.email });
    expect(access.exp! - access.iat!).toBe(900);
    expect(decodeProtectedHeader(tokenResponse.access_token)).toMatchObject({ alg: 'HS256', typ: 'at+jwt' });
    expect(decodeJwt(tokenResponse.id_token)).toMatchObject({ given_name: 'Grace', family_name: 'Hopper', email: member.email, accountid: employer.accountid });
    const stored = await t.db.selectFrom('refresh_token').select('token_hash').where('memberid', '=', member.memberId).execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(refreshCookieOf(res));
  });

  it('answers 401 LOGIN_FAILED for a wrong password, an unknown e-mail and a member who never set a password', async () => {
    const member = await registerMember(t.app, employer);
    const pending = registerBody(employer);
    await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: pending });
    for (const payload of [
      { email: member.email, password: 'Wr0ng!Pass' },
      { email: 'nobody@example.test', password: TEST_PASSWORD },
      { email: pending.memberdto.personalemailaddress, password: TEST_PASSWORD },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(loginFailed);
    }
  });

  it('refuses a malformed body with field errors', async () => {
    const res = await login({ email: 'not-an-email', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', fieldErrors: { '/email': expect.any(Array) } });
    const missing = await login({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty('/email');
  });

  it('answers 401 for an expired access token', async () => {
    const member = await registerMember(t.app, employer);
    const sessionId = await sessionOf(member.tokens.access_token);
    const expired = await signAccessToken(
      t.config,
      { memberId: member.memberId, accountId: employer.accountid, email: member.email, sessionId },
      new Date(Date.now() - 16 * 60 * 1000),
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const fresh = await signAccessToken(t.config, { memberId: member.memberId, accountId: employer.accountid, email: member.email, sessionId });
    expect((await t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: { authorization: `Bearer ${fresh}` } })).statusCode).toBe(200);
  });

  it('answers 401 once a token that worked expires, and a token another key accepted is not this key\'s', async () => {
    const member = await registerMember(t.app, employer);
    const getMember = (token: string) => t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: { authorization: `Bearer ${token}` } });
    expect((await getMember(member.tokens.access_token)).statusCode).toBe(200);
    const otherConfig = { ...t.config, TOKEN_SECRET: 'another-secret-that-is-at-least-32-characters' };
    expect(await readAccessToken(otherConfig, member.tokens.access_token)).toBeNull();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60 * 1000 + 1000 });
    try {
      expect((await getMember(member.tokens.access_token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 401 for a token signed with another key', async () => {
    const member = await registerMember(t.app, employer);
    const otherConfig = { ...t.config, TOKEN_SECRET: 'another-secret-that-is-at-least-32-characters' };
    const sessionId = await sessionOf(member.tokens.access_token);
    const forged = await signAccessToken(otherConfig, { memberId: member.memberId, accountId: employer.accountid, email: member.email, sessionId });
    const res = await t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
  });

  it('rotates the refresh token; reusing a rotated one revokes the whole family', async () => {
    const member = await registerMember(t.app, employer);
    const first = member.refreshToken;

    const r1 = await refresh(first);
    expect(r1.statusCode).toBe(200);
    const second = refreshCookieOf(r1)!;
    expect(second).not.toBe(first);
    expect(decodeJwt(r1.json().data.tokenResponse.access_token).sub).toBe(member.memberId);

    const r2 = await refresh(second);
    expect(r2.statusCode).toBe(200);
    const third = refreshCookieOf(r2)!;

    const reuse = await refresh(first);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    // The thief's reuse also locks out the newest token of the family.
    expect((await refresh(third)).statusCode).toBe(401);

    // Another sign-in is a new family and works.
    const again = await login({ email: member.email, password: member.password });
    expect((await refresh(refreshCookieOf(again)!)).statusCode).toBe(200);
  });

  it('refuses an unknown, expired or malformed refresh token', async () => {
    const member = await registerMember(t.app, employer);
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    await t.db.updateTable('refresh_token').set({ expires_at: new Date(Date.now() - 1000) }).where('memberid', '=', member.memberId).execute();
    expect((await refresh(member.refreshToken)).statusCode).toBe(401);
    const none = await t.app.inject({ method: 'POST', url: '/api/Login/Refresh', payload: {} });
    expect(none.statusCode).toBe(401);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/Login/Refresh', payload: { refresh_token: '' } });
    expect(malformed.statusCode).toBe(400);
  });

  it('logout revokes the refresh token family and clears the cookie', async () => {
    const member = await registerMember(t.app, employer);
    const out = await t.app.inject({ method: 'POST', url: '/api/Login/Logout', headers: { cookie: `bp_refresh=${member.refreshToken}` } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ success: true, data: null });
    expect(String(out.headers['set-cookie'])).toMatch(/^bp_refresh=; Max-Age=0;/);
    expect((await refresh(member.refreshToken)).statusCode).toBe(401);
  });

  it("one member's refresh token never yields another member's tokens", async () => {
    const a = await registerMember(t.app, employer);
    const b = await registerMember(t.app, employer);
    const res = await refresh(a.refreshToken);
    expect(decodeJwt(res.json().data.tokenResponse.access_token).sub).toBe(a.memberId);
    expect(decodeJwt(res.json().data.tokenResponse.access_token).sub).not.toBe(b.memberId);
  });

  it('sets the password only through the link of that member (login of a pending member fails until then)', async () => {
    const body = registerBody(employer);
    await t.app.inject({ method: 'POST', url: '/api/Member/Register', payload: body });
    const link = await latestLink(t, body.memberdto.personalemailaddress);
    expect((await login({ email: body.memberdto.personalemailaddress, password: TEST_PASSWORD })).statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: '/api/changepassword', payload: { id: link.memberId, password: TEST_PASSWORD, token: link.token } });
    expect((await login({ email: body.memberdto.personalemailaddress, password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});
