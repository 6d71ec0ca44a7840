/**
 * The staff second factor (docs/staff.md "Two-step verification", docs/security.md V2.8): set up with a QR code,
 * sign in with a code otplib computes from the secret shown, wrong codes counted toward the staff lockout, no code
 * taken twice, recovery codes good once, the pending step's cookie, the admin's requirement and reset, and the
 * secret never in an answer after the set-up nor in the database in clear.
 */
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { sha256 } from '#server/security/crypto.ts';
import { databases } from './helpers/databases.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { createStaffUser, signInStaff, staffCookieOf, STAFF_PASSWORD, type SignedInStaff } from './staff-fixtures.ts';

const csrf = { 'x-staff-request': '1' };
/**
 * The code of the time step `steps` away from now (-1: the one before, accepted as clock drift). Taken at least 3 s
 * before the step ends, so the server checks it in the same step (a code of -1 taken at 29.9 s would be -2 there).
 */
async function codeAt(secret: string, steps: number): Promise<string> {
  const secondsIntoStep = (Date.now() / 1000) % 30;
  if (secondsIntoStep > 27) await new Promise((resolve) => setTimeout(resolve, (30 - secondsIntoStep) * 1000 + 100));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

function pendingCookieOf(response: { headers: Record<string, unknown> }): string {
  const line = [response.headers['set-cookie']].flat().find((value) => typeof value === 'string' && value.startsWith('bp_staff_pending='));
  if (typeof line !== 'string') throw new Error('No pending cookie was set.');
  return line.split(';')[0]!;
}

describe.each(databases())('staff two-step verification on $name', (database) => {
  const t = useTestApp(database);

  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { ...csrf, ...headers }, ...(payload ? { payload } : {}) });
  const login = (email: string, password = STAFF_PASSWORD) => post('/api/staff/login', {}, { email, password });
  const userRow = (id: string) => t.db.selectFrom('staff_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A signed-in staff user who turned TOTP on (confirmed with the previous step's code); their secret and codes. */
  async function enrolled(role: 'viewer' | 'admin' = 'viewer'): Promise<SignedInStaff & { secret: string; recoveryCodes: string[] }> {
    const staff = await signInStaff(t.app, role);
    const start = await post('/api/staff/me/totp/start', { cookie: staff.cookie });
    expect(start.statusCode).toBe(200);
    const { secret } = start.json().data;
    const confirm = await post('/api/staff/me/totp/confirm', { cookie: staff.cookie }, { code: await codeAt(secret, -1) });
    expect(confirm.statusCode).toBe(200);
    return { ...staff, secret, recoveryCodes: confirm.json().data.recoveryCodes };
  }

  it('sets up TOTP: a QR code and otpauth URI of the secret, confirmed by a code, 10 recovery codes once; the secret sealed', async () => {
    const staff = await signInStaff(t.app, 'implementer');
    const start = await post('/api/staff/me/totp/start', { cookie: staff.cookie });
    expect(start.statusCode).toBe(200);
    const { secret, otpauthUri, qrSvg } = start.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Benefit%20Portal%20Staff:/);
    expect(qrSvg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrSvg.split(',')[1], 'base64').toString()).toContain('<svg');

    const wrong = await post('/api/staff/me/totp/confirm', { cookie: staff.cookie }, { code: '000000' === (await codeAt(secret, 0)) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await userRow(staff.id)).totp_enabled_at).toBeNull();

    const confirm = await post('/api/staff/me/totp/confirm', { cookie: staff.cookie }, { code: await codeAt(secret, 0) });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);

    const row = await userRow(staff.id);
    expect(row.totp_enabled_at).not.toBeNull();
    expect(row.totp_pending_secret).toBeNull();
    expect(JSON.stringify(row)).not.toContain(secret);
    for (const code of recoveryCodes) expect(JSON.stringify(row)).not.toContain(code);
    expect(row.totp_recovery_hashes).toHaveLength(10);

    const status = await t.app.inject({ method: 'GET', url: '/api/staff/me/totp', headers: { cookie: staff.cookie } });
    expect(status.json().data).toEqual({ enabled: true, enabledAt: expect.any(String), recoveryCodesLeft: 10, required: false });
    expect(status.body).not.toContain(secret);
    const again = await post('/api/staff/me/totp/start', { cookie: staff.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(secret);
    const me = await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie: staff.cookie } });
    expect(me.body).not.toContain(secret);
    const audit = await t.db.selectFrom('staff_audit').selectAll().where('entity_id', '=', staff.id).execute();
    expect(audit.map((entry) => entry.action)).toContain('second-factor-on');
    expect(JSON.stringify(audit)).not.toContain(secret);
    const events = await t.db.selectFrom('security_event').selectAll().where('staff_user_id', '=', staff.id).execute();
    expect(events.map((event) => event.kind)).toEqual(['staff-totp-failed', 'staff-totp-enabled']);
  });

  it('asks for the code after the password (no session yet), then signs in with it; the same code never twice', async () => {
    const staff = await enrolled();
    const first = await login(staff.email);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ secondFactor: 'required' });
    expect(String(first.headers['set-cookie'])).toMatch(
      /^bp_staff_pending=[A-Za-z0-9_-]{43}; Max-Age=300; Path=\/api\/staff\/login; HttpOnly; Secure; SameSite=Strict$/,
    );
    expect(String(first.headers['set-cookie'])).not.toContain('bp_staff=');
    const pending = pendingCookieOf(first);
    const stored = await t.db.selectFrom('staff_signin_pending').selectAll().where('staff_user_id', '=', staff.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256(pending.split('=')[1]!));

    const code = await codeAt(staff.secret, 0);
    const done = await post('/api/staff/login/second-factor', { cookie: pending }, { code });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ staff: { id: staff.id, email: staff.email, role: 'viewer' } });
    const cookie = staffCookieOf(done);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie } })).statusCode).toBe(200);
    // The pending step is over: its cookie opens nothing more.
    expect((await post('/api/staff/login/second-factor', { cookie: pending }, { code })).statusCode).toBe(401);

    const replay = await post('/api/staff/login/second-factor', { cookie: pendingCookieOf(await login(staff.email)) }, { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'LOGIN_FAILED' });
  });

  it('counts wrong codes toward the staff lockout of the address, with the password attempt', async () => {
    const staff = await enrolled();
    const pending = pendingCookieOf(await login(staff.email));
    const wrong = (await codeAt(staff.secret, 0)) === '123456' ? '654321' : '123456';
    for (let attempt = 2; attempt <= 4; attempt += 1) {
      const response = await post('/api/staff/login/second-factor', { cookie: pending }, { code: wrong });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'LOGIN_FAILED' });
    }
    const fifth = await post('/api/staff/login/second-factor', { cookie: pending }, { code: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    // Locked: neither the right code nor the right password gets in now.
    expect((await post('/api/staff/login/second-factor', { cookie: pending }, { code: await codeAt(staff.secret, 1) })).statusCode).toBe(429);
    expect((await login(staff.email)).statusCode).toBe(429);
    const failed = await t.db.selectFrom('security_event').select('kind').where('staff_user_id', '=', staff.id).where('kind', '=', 'staff-totp-failed').execute();
    expect(failed).toHaveLength(4);
    // The audit trail has each wrong code as a failed sign-in, and the refusals while locked; never a code.
    const trail = await t.db.selectFrom('staff_audit').select('after').where('entity_id', '=', staff.id).where('action', '=', 'sign-in-failed').execute();
    const reasons = trail.map((entry) => (entry.after as { reason: string }).reason);
    expect(reasons.filter((reason) => reason === 'wrong-code')).toHaveLength(4);
    expect(reasons.filter((reason) => reason === 'locked')).toHaveLength(2);
    expect(JSON.stringify(trail)).not.toContain(wrong);
  });

  it('a pending sign-in dies after 5 wrong codes, even when the address is not locked', async () => {
    const staff = await enrolled();
    const pending = pendingCookieOf(await login(staff.email));
    const row = await t.db.selectFrom('staff_signin_pending').selectAll().where('staff_user_id', '=', staff.id).executeTakeFirstOrThrow();
    await t.db.updateTable('staff_signin_pending').set({ failures: 5 }).where('id', '=', row.id).execute();
    const response = await post('/api/staff/login/second-factor', { cookie: pending }, { code: await codeAt(staff.secret, 0) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('refuses an expired, forged or missing pending cookie, and never takes the staff cookie for it', async () => {
    const staff = await enrolled();
    const pending = pendingCookieOf(await login(staff.email));
    const code = await codeAt(staff.secret, 0);
    for (const cookie of ['', 'bp_staff_pending=' + 'A'.repeat(43), `bp_staff_pending=${pending.split('=')[1]}x`, staff.cookie.replace('bp_staff=', 'bp_staff_pending=')]) {
      const response = await post('/api/staff/login/second-factor', cookie ? { cookie } : {}, { code });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'TOKEN_INVALID' });
    }
    await t.db.updateTable('staff_signin_pending').set({ expireson: new Date(Date.now() - 1000) }).where('staff_user_id', '=', staff.id).execute();
    expect((await post('/api/staff/login/second-factor', { cookie: pending }, { code })).statusCode).toBe(401);
  });

  it('a recovery code signs in once (any case, with or without hyphens); then it is used up', async () => {
    const staff = await enrolled();
    const recovery = staff.recoveryCodes[3]!;
    const done = await post('/api/staff/login/second-factor', { cookie: pendingCookieOf(await login(staff.email)) }, { code: recovery.toLowerCase().replace(/-/g, ' ') });
    expect(done.statusCode).toBe(200);
    staffCookieOf(done);
    expect((await userRow(staff.id)).totp_recovery_hashes).toHaveLength(9);
    const again = await post('/api/staff/login/second-factor', { cookie: pendingCookieOf(await login(staff.email)) }, { code: recovery });
    expect(again.statusCode).toBe(401);
    const events = await t.db.selectFrom('security_event').select('kind').where('staff_user_id', '=', staff.id).execute();
    expect(events.map((event) => event.kind)).toContain('staff-recovery-code-used');
  });

  it('hostile codes are 400 and write nothing', async () => {
    const staff = await enrolled();
    const pending = pendingCookieOf(await login(staff.email));
    for (const code of ['12\u00003456', '\ud800123456', 'x'.repeat(10_000), 123456, '']) {
      const response = await post('/api/staff/login/second-factor', { cookie: pending }, { code });
      expect(response.statusCode).toBe(400);
    }
    const row = await t.db.selectFrom('staff_signin_pending').selectAll().where('staff_user_id', '=', staff.id).executeTakeFirstOrThrow();
    expect(row.failures).toBe(0);
  });

  it('counts wrong codes to turn it off toward the staff lockout: the fifth locks the address, and then even the right code is refused', async () => {
    const staff = await enrolled();
    const wrong = (await codeAt(staff.secret, 0)) === '123456' ? '654321' : '123456';
    const disable = (code: string) => post('/api/staff/me/totp/disable', { cookie: staff.cookie }, { code });
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await disable(wrong)).statusCode).toBe(400);
    const fifth = await disable(wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect((await disable(await codeAt(staff.secret, 1))).statusCode).toBe(429);
    expect((await userRow(staff.id)).totp_enabled_at).not.toBeNull();
    expect((await login(staff.email)).statusCode).toBe(429);
  });

  it('turning it off needs a current code; an admin can reset it (audited, sessions end)', async () => {
    const staff = await enrolled();
    expect((await post('/api/staff/me/totp/disable', { cookie: staff.cookie }, { code: '000000' === (await codeAt(staff.secret, 0)) ? '111111' : '000000' })).statusCode).toBe(400);
    const off = await post('/api/staff/me/totp/disable', { cookie: staff.cookie }, { code: await codeAt(staff.secret, 0) });
    expect(off.statusCode).toBe(200);
    expect((await userRow(staff.id)).totp_secret).toBeNull();
    expect((await login(staff.email)).json().data.staff).toBeDefined();

    const other = await enrolled();
    const admin = await signInStaff(t.app, 'admin');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/staff/users/${other.id}/totp`, headers: other.headers })).statusCode).toBe(403);
    const reset = await t.app.inject({ method: 'DELETE', url: `/api/staff/users/${other.id}/totp`, headers: admin.headers });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toMatchObject({ id: other.id, secondFactor: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie: other.cookie } })).statusCode).toBe(401);
    const audit = await t.db.selectFrom('staff_audit').selectAll().where('entity_id', '=', other.id).where('action', '=', 'second-factor-reset').executeTakeFirstOrThrow();
    expect(audit.staff_user_id).toBe(admin.id);
  });

  it('an admin requires it for every staff user: those without it set it up while signing in before they get a session', async () => {
    const admin = await enrolled('admin');
    const plain = await signInStaff(t.app, 'admin');
    /** A change of the settings made on what they are now (the ETag the console read). */
    const settingsAsRead = async (who: { headers: Record<string, string> }) => ({
      ...who.headers,
      'if-match': (await t.app.inject({ method: 'GET', url: '/api/staff/settings', headers: admin.headers })).headers.etag as string,
    });
    const refused = await t.app.inject({ method: 'PATCH', url: '/api/staff/settings', headers: await settingsAsRead(plain), payload: { secondFactorRequired: true } });
    expect(refused.statusCode).toBe(409);
    const viewer = await signInStaff(t.app, 'viewer');
    expect((await t.app.inject({ method: 'PATCH', url: '/api/staff/settings', headers: viewer.headers, payload: { secondFactorRequired: true } })).statusCode).toBe(403);

    const saved = await t.app.inject({ method: 'PATCH', url: '/api/staff/settings', headers: await settingsAsRead(admin), payload: { secondFactorRequired: true } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ secondFactorRequired: true });
    // Sessions of staff without a second factor end; the admin's stays.
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie: viewer.cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    const audit = await t.db.selectFrom('staff_audit').selectAll().where('entity', '=', 'staff_console_setting').executeTakeFirstOrThrow();
    expect([audit.staff_user_id, audit.before, audit.after]).toEqual([admin.id, { secondFactorRequired: false }, { secondFactorRequired: true }]);

    const user = await createStaffUser(t.app, 'implementer');
    const first = await login(user.email);
    expect(first.json().data).toEqual({ secondFactor: 'enroll' });
    expect(String(first.headers['set-cookie'])).not.toContain('bp_staff=');
    const pending = pendingCookieOf(first);
    // The enroll step is no code step, and no session.
    expect((await post('/api/staff/login/second-factor', { cookie: pending }, { code: '123456' })).statusCode).toBe(401);
    expect((await post('/api/staff/me/totp/start', { cookie: pending })).statusCode).toBe(401);
    const start = await post('/api/staff/login/totp/start', { cookie: pending });
    expect(start.statusCode).toBe(200);
    const { secret } = start.json().data;
    const confirm = await post('/api/staff/login/totp/confirm', { cookie: pending }, { code: await codeAt(secret, 0) });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().data.recoveryCodes).toHaveLength(10);
    const cookie = staffCookieOf(confirm);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: { cookie } })).statusCode).toBe(200);
    // While required, nobody turns it off.
    const off = await post('/api/staff/me/totp/disable', { cookie }, { code: await codeAt(secret, 1) });
    expect(off.statusCode).toBe(409);

    await t.app.inject({ method: 'PATCH', url: '/api/staff/settings', headers: await settingsAsRead(admin), payload: { secondFactorRequired: false } });
    expect((await login((await createStaffUser(t.app, 'viewer')).email)).json().data.staff).toBeDefined();
  });
});
