/**
 * Staff sign-in (docs/staff.md, docs/security.md): the bp_staff cookie, roles, the CSRF header, idle and absolute
 * limits, the lockout, and the wall between staff and member credentials in both directions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from '#contracts/session.ts';
import { sha256 } from '#server/security/crypto.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, registerMember, type RegisteredMember } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { createStaffUser, signInStaff, staffCookieOf, STAFF_PASSWORD } from './staff-fixtures.ts';

describe.each(databases())('staff sign-in on $name', (database) => {
  // Routes that only exercise app.requireStaff: an admin-only read and an implementer change.
  const t = useTestApp(database, {
    beforeRoutes: (app) => {
      app.get('/api/staff/test/admin-only', { onRequest: app.requireStaff('admin') }, async (request) => ({ role: request.staff!.role }));
      app.post('/api/staff/test/change', { onRequest: app.requireStaff('implementer') }, async (request) => ({ role: request.staff!.role }));
      // A staff route that forgot requireStaff: still closed to anyone without a staff session.
      app.get('/api/staff/test/forgotten', async (request) => ({ email: request.staff!.email }));
    },
  });
  let member: RegisteredMember;
  beforeAll(async () => {
    member = await registerMember(t.app, await createEmployer(t.db));
  });

  const csrf = { 'x-staff-request': '1' };
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/staff/login', headers: csrf, payload: { email, password } });
  const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/staff/me', headers });
  const tokenOf = (cookie: string) => cookie.slice('bp_staff='.length);
  const sessionOf = (cookie: string) =>
    t.db.selectFrom('staff_session').selectAll().where('token_hash', '=', sha256(tokenOf(cookie))).executeTakeFirstOrThrow();
  const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);

  it('signs in with e-mail (any case) and password: an HttpOnly, Secure, SameSite=Strict cookie, stored only as a hash', async () => {
    const user = await createStaffUser(t.app, 'implementer');
    const response = await login(user.email.toUpperCase(), STAFF_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: '', data: { staff: { id: user.id, email: user.email, role: 'implementer' } } });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^bp_staff=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    const cookie = staffCookieOf(response);
    const session = await sessionOf(cookie);
    expect(session.staff_user_id).toBe(user.id);
    expect(session.token_hash).not.toContain(tokenOf(cookie));
    const who = await me({ cookie });
    expect(who.statusCode).toBe(200);
    expect(who.json().data).toEqual({ id: user.id, email: user.email, role: 'implementer', allEmployers: true });
  });

  it('refuses a wrong password, an unknown address and a disabled user alike (401), and opens no session', async () => {
    const user = await createStaffUser(t.app, 'viewer');
    const disabled = await createStaffUser(t.app, 'admin');
    await t.db.updateTable('staff_user').set({ disabled: true }).where('id', '=', disabled.id).execute();
    const sessionsBefore = await t.db.selectFrom('staff_session').select('id').execute();
    for (const [email, password] of [[user.email, 'wrong'], ['nobody@staff.test', STAFF_PASSWORD], [disabled.email, STAFF_PASSWORD]]) {
      const response = await login(email!, password!);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'LOGIN_FAILED', message: 'The e-mail address or the password is not right.' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await t.db.selectFrom('staff_session').select('id').execute()).toHaveLength(sessionsBefore.length);
  });

  it('locks an address after 5 failed sign-ins in a row, even with the right password then', async () => {
    const user = await createStaffUser(t.app, 'viewer');
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await login(user.email, 'wrong')).statusCode).toBe(401);
    const fifth = await login(user.email, 'wrong');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', message: 'Too many failed sign-ins. Please try again in 15 minutes.' });
    expect(Number(fifth.headers['retry-after'])).toBe(15 * 60);
    expect((await login(user.email, STAFF_PASSWORD)).statusCode).toBe(429);
  });

  it("a member's failed sign-ins never lock the staff user of the same address", async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await t.app.inject({ method: 'POST', url: '/api/Login', payload: { email: member.email, password: 'wrong' } });
    }
    const user = await createStaffUser(t.app, 'viewer');
    await t.db.updateTable('staff_user').set({ email: member.email.toLowerCase() }).where('id', '=', user.id).execute();
    expect((await login(member.email, STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 without a cookie or with an unknown one, 403 to too small a role (viewer < implementer < admin)', async () => {
    expect((await me({})).statusCode).toBe(401);
    expect((await me({ cookie: 'bp_staff=not-a-session' })).statusCode).toBe(401);
    const adminOnly = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/staff/test/admin-only', headers });
    const change = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/staff/test/change', headers });
    const [viewer, implementer, admin] = [await signInStaff(t.app, 'viewer'), await signInStaff(t.app, 'implementer'), await signInStaff(t.app, 'admin')];
    expect((await adminOnly({})).statusCode).toBe(401);
    const refused = await adminOnly(implementer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: 'This needs the admin role; you are an implementer.' });
    expect((await adminOnly(admin.headers)).json()).toEqual({ role: 'admin' });
    expect((await change(viewer.headers)).statusCode).toBe(403);
    expect((await change(implementer.headers)).json()).toEqual({ role: 'implementer' });
    expect((await change(admin.headers)).json()).toEqual({ role: 'admin' });
  });

  it('refuses a state-changing staff call without the x-staff-request header (403), before anything else', async () => {
    const user = await createStaffUser(t.app, 'viewer');
    const response = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: { email: user.email, password: STAFF_PASSWORD } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'A staff change must carry the header x-staff-request: 1.' });
    expect(response.headers['set-cookie']).toBeUndefined();
    const staff = await signInStaff(t.app, 'viewer');
    const out = await t.app.inject({ method: 'POST', url: '/api/staff/logout', headers: { cookie: staff.cookie } });
    expect(out.statusCode).toBe(403);
    expect((await me({ cookie: staff.cookie })).statusCode).toBe(200);
  });

  it('sign-out ends the session on the server and clears the cookie', async () => {
    const staff = await signInStaff(t.app, 'viewer');
    const out = await t.app.inject({ method: 'POST', url: '/api/staff/logout', headers: staff.headers });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^bp_staff=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    expect((await me({ cookie: staff.cookie })).statusCode).toBe(401);
    expect((await sessionOf(staff.cookie)).endedon).toBeInstanceOf(Date);
  });

  it('a session ends after 30 minutes without a call and 12 hours after sign-in; a call within them keeps it', async () => {
    const idle = await signInStaff(t.app, 'viewer');
    const { id } = await sessionOf(idle.cookie);
    await t.db.updateTable('staff_session').set({ lastusedon: ago(SESSION_IDLE_SECONDS - 60) }).where('id', '=', id).execute();
    expect((await me({ cookie: idle.cookie })).statusCode).toBe(200);
    expect((await sessionOf(idle.cookie)).lastusedon.getTime()).toBeGreaterThan(ago(60).getTime());
    await t.db.updateTable('staff_session').set({ lastusedon: ago(SESSION_IDLE_SECONDS + 1) }).where('id', '=', id).execute();
    expect((await me({ cookie: idle.cookie })).statusCode).toBe(401);

    const old = await signInStaff(t.app, 'viewer');
    await t.db.updateTable('staff_session').set({ createdon: ago(SESSION_ABSOLUTE_SECONDS + 1) }).where('token_hash', '=', sha256(tokenOf(old.cookie))).execute();
    expect((await me({ cookie: old.cookie })).statusCode).toBe(401);
  });

  it('a disabled staff user is signed out at once', async () => {
    const staff = await signInStaff(t.app, 'implementer');
    await t.db.updateTable('staff_user').set({ disabled: true }).where('id', '=', staff.id).execute();
    expect((await me({ cookie: staff.cookie })).statusCode).toBe(401);
  });

  it('no member endpoint accepts a staff credential, as a cookie or as a bearer token', async () => {
    const staff = await signInStaff(t.app, 'admin');
    const getMember = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/Member/GetMember', headers });
    expect((await getMember(staff.headers)).statusCode).toBe(401);
    expect((await getMember({ authorization: `Bearer ${tokenOf(staff.cookie)}` })).statusCode).toBe(401);
    expect((await getMember(member.auth)).statusCode).toBe(200);
  });

  it("no staff endpoint accepts a member's bearer token or refresh cookie", async () => {
    expect((await me(member.auth)).statusCode).toBe(401);
    expect((await me({ cookie: `bp_refresh=${member.refreshToken}` })).statusCode).toBe(401);
    expect((await me({ cookie: `bp_staff=${member.refreshToken}` })).statusCode).toBe(401);
    expect((await me({ cookie: `bp_staff=${member.tokens.access_token}` })).statusCode).toBe(401);
  });

  it('closes every /api/staff path to anyone without a staff session, even a route that forgot requireStaff or none at all', async () => {
    expect((await me({})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/test/forgotten' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/no-such-route' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/no-such-route', headers: member.auth })).statusCode).toBe(401);
    const staff = await signInStaff(t.app, 'viewer');
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/test/forgotten', headers: staff.headers })).json()).toEqual({ email: staff.email });
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/no-such-route', headers: staff.headers })).statusCode).toBe(404);
  });

  it('documents the staff API at /staff/docs for signed-in staff only; /docs shows the employee API alone', async () => {
    const staffDoc = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/staff/docs/json', headers });
    expect((await staffDoc({})).statusCode).toBe(401);
    expect((await staffDoc({})).json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect((await staffDoc(member.auth)).statusCode).toBe(401);
    const page = await t.app.inject({ method: 'GET', url: '/staff/docs', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/staff');

    const staff = await signInStaff(t.app, 'viewer');
    const doc = await staffDoc({ cookie: staff.cookie });
    expect(doc.statusCode).toBe(200);
    const staffPaths = Object.keys(doc.json().paths);
    expect(staffPaths).toContain('/api/staff/login');
    expect(staffPaths).toContain('/api/staff/employers/{accountid}/content/{documentid}/draft');
    expect(staffPaths.filter((path) => !path.startsWith('/api/staff/'))).toEqual([]);
    expect(doc.json().components.securitySchemes).toEqual({ staffCookie: { type: 'apiKey', in: 'cookie', name: 'bp_staff' } });
    const ui = await t.app.inject({ method: 'GET', url: '/staff/docs/', headers: { cookie: staff.cookie, accept: 'text/html' } });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');

    const employeeDoc = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const employeePaths = Object.keys(employeeDoc.json().paths);
    expect(employeePaths).toContain('/api/Member/GetMember');
    expect(employeePaths.filter((path) => path.includes('staff'))).toEqual([]);
    expect(JSON.stringify(employeeDoc.json().components.securitySchemes)).not.toContain('bp_staff');
  });
});
