/**
 * Staff users (admin only) and the audit trail: roles enforced, bad input refused with nothing written, every
 * change recorded with who, when, what, before and after.
 */
import { describe, expect, it } from 'vitest';
import * as staffUsers from '#db/repositories/staff/staff-user.repository.ts';
import { accessTag } from '#server/services/staff-access/staff-users.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, registerMember } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { signInStaff, staffCookieOf, type SignedInStaff } from './staff-fixtures.ts';

const GOOD_PASSWORD = 'quiet-lantern-river-42';

describe.each(databases())('staff users on $name', (database) => {
  const t = useTestApp(database);

  const createUser = (staff: SignedInStaff, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/staff/users', headers: staff.headers, payload: payload as object });
  /** A change made on the user's current access (the If-Match the console sends from the list; any tag for an unknown id). */
  const patchUser = async (staff: SignedInStaff, id: string, payload: unknown) => {
    const row = await staffUsers.findById(t.db, id);
    const headers = { ...staff.headers, 'if-match': row ? accessTag({ ...row, employers: await staffUsers.employerAccessOf(t.db, row) }) : '"none"' };
    return t.app.inject({ method: 'PATCH', url: `/api/staff/users/${id}`, headers, payload: payload as object });
  };
  const count = async (table: 'staff_user' | 'staff_audit') => (await t.db.selectFrom(table).select('id').execute()).length;

  it('an admin creates a staff user who can then sign in; the audit records it without the password', async () => {
    const admin = await signInStaff(t.app, 'admin');
    const created = await createUser(admin, { email: 'New.Person@Example.com', role: 'implementer', password: GOOD_PASSWORD });
    expect(created.statusCode).toBe(201);
    const user = created.json().data;
    expect(user).toEqual({ id: expect.any(String), email: 'new.person@example.com', role: 'implementer', disabled: false, secondFactor: false, createdon: expect.any(String), employers: { all: true, accountids: [] } });

    const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-staff-request': '1' }, payload: { email: 'new.person@example.com', password: GOOD_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const stored = await t.db.selectFrom('staff_user').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);

    const audit = await t.app.inject({ method: 'GET', url: `/api/staff/audit?entity=staff_user&entityid=${user.id}`, headers: admin.headers });
    expect(audit.statusCode).toBe(200);
    expect(audit.json().data).toEqual([
      { id: expect.any(String), staffId: admin.id, staffEmail: admin.email, action: 'create', entity: 'staff_user', entityId: user.id, employerName: null, before: null, after: user, createdon: expect.any(String) },
    ]);
    expect(JSON.stringify(audit.json())).not.toContain(GOOD_PASSWORD);
    expect(JSON.stringify(audit.json())).not.toContain('argon2');
  });

  it('lists staff users to admins only; an implementer or viewer cannot manage staff (403), anonymous 401', async () => {
    const admin = await signInStaff(t.app, 'admin');
    const list = await t.app.inject({ method: 'GET', url: '/api/staff/users', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((user: { email: string }) => user.email)).toContain(admin.email);
    expect(JSON.stringify(list.json())).not.toContain('password');

    const before = [await count('staff_user'), await count('staff_audit')];
    for (const role of ['implementer', 'viewer'] as const) {
      const staff = await signInStaff(t.app, role);
      expect((await t.app.inject({ method: 'GET', url: '/api/staff/users', headers: staff.headers })).statusCode).toBe(403);
      expect((await createUser(staff, { email: `${role}-made@example.com`, role: 'admin', password: GOOD_PASSWORD })).statusCode).toBe(403);
      expect((await patchUser(staff, staff.id, { role: 'admin' })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/users' })).statusCode).toBe(401);
    expect(await count('staff_audit')).toBe(before[1]);
    expect(await count('staff_user')).toBe(before[0]! + 2);
  });

  it('a member token is refused by every staff user route (401)', async () => {
    const member = await registerMember(t.app, await createEmployer(t.db));
    const headers = { ...member.auth, 'x-staff-request': '1' };
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/users', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/users', headers, payload: { email: 'm@example.com', role: 'admin', password: GOOD_PASSWORD } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/audit', headers })).statusCode).toBe(401);
  });

  it('refuses bad input with 400 (or a taken address with 409) and writes nothing', async () => {
    const admin = await signInStaff(t.app, 'admin');
    const before = [await count('staff_user'), await count('staff_audit')];
    const cases: [unknown, number, Record<string, unknown>?][] = [
      [{ email: 'short@example.com', role: 'viewer', password: 'Sh0rt!' }, 400, { '/password': ['A staff password needs at least 12 characters.'] }],
      [{ email: 'guessable@example.com', role: 'viewer', password: 'password1234' }, 400, { '/password': ['This password is too easy to guess; add more words or characters.'] }],
      [{ email: 'not-an-address', role: 'viewer', password: GOOD_PASSWORD }, 400, { '/email': ['Enter a valid e-mail address.'] }],
      [{ email: 'role@example.com', role: 'owner', password: GOOD_PASSWORD }, 400],
      [{ email: 'long@example.com', role: 'viewer', password: 'x'.repeat(201) }, 400],
      [{ email: 'missing@example.com', role: 'viewer' }, 400],
      [{ email: admin.email.toUpperCase(), role: 'viewer', password: GOOD_PASSWORD }, 409],
    ];
    for (const [payload, status, fieldErrors] of cases) {
      const response = await createUser(admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      if (fieldErrors) expect(response.json().fieldErrors).toEqual(fieldErrors);
    }
    for (const payload of [{}, { role: 'owner' }, { disabled: 'yes' }]) {
      expect((await patchUser(admin, admin.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await patchUser(admin, '00000000-0000-4000-8000-000000000001', { role: 'viewer' })).statusCode).toBe(404);
    expect([await count('staff_user'), await count('staff_audit')]).toEqual(before);
  });

  it('changes a role and disables a user: sessions end at once, each change audited with before and after', async () => {
    const admin = await signInStaff(t.app, 'admin');
    const other = await signInStaff(t.app, 'viewer');
    const promoted = await patchUser(admin, other.id, { role: 'implementer' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({ id: other.id, role: 'implementer', disabled: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: other.headers })).json().data.role).toBe('implementer');

    expect((await patchUser(admin, other.id, { disabled: true })).json().data).toMatchObject({ disabled: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: other.headers })).statusCode).toBe(401);
    const open = await t.db.selectFrom('staff_session').select('id').where('staff_user_id', '=', other.id).where('endedon', 'is', null).execute();
    expect(open).toEqual([]);

    const audit = (await t.app.inject({ method: 'GET', url: `/api/staff/audit?entity=staff_user&entityid=${other.id}&limit=10`, headers: admin.headers })).json().data;
    expect(audit.map((entry: { action: string; before: { role: string; disabled: boolean }; after: { role: string; disabled: boolean } }) => [entry.action, entry.before.role, entry.after.role, entry.before.disabled, entry.after.disabled])).toEqual([
      ['update', 'implementer', 'implementer', false, true],
      ['update', 'viewer', 'implementer', false, false],
    ]);
  });

  it('keeps the last admin: refuses to demote or disable them (409)', async () => {
    await t.db.updateTable('staff_user').set({ disabled: true }).where('role', '=', 'admin').execute();
    const admin = await signInStaff(t.app, 'admin');
    for (const change of [{ role: 'implementer' }, { disabled: true }]) {
      const response = await patchUser(admin, admin.id, change);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', message: 'This is the last admin: make another admin first.' });
    }
    const second = await signInStaff(t.app, 'admin');
    expect((await patchUser(admin, admin.id, { role: 'viewer' })).statusCode).toBe(200);
    expect((await patchUser(second, second.id, { role: 'viewer' })).statusCode).toBe(409);
  });

  it('the audit list is newest first, limited, and refuses a bad limit', async () => {
    const viewer = await signInStaff(t.app, 'viewer');
    const audit = await t.app.inject({ method: 'GET', url: '/api/staff/audit?limit=2', headers: viewer.headers });
    expect(audit.statusCode).toBe(200);
    const entries = audit.json().data as { createdon: string }[];
    expect(entries).toHaveLength(2);
    expect(entries[0]!.createdon >= entries[1]!.createdon).toBe(true);
    for (const limit of ['0', '501', 'x']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/staff/audit?limit=${limit}`, headers: viewer.headers })).statusCode).toBe(400);
    }
  });

  it('signs in again after a sign-out only with the password (the cookie is dead)', async () => {
    const admin = await signInStaff(t.app, 'admin');
    const out = await t.app.inject({ method: 'POST', url: '/api/staff/logout', headers: admin.headers });
    expect(staffCookieOf(out)).toBe('bp_staff=');
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/users', headers: admin.headers })).statusCode).toBe(401);
  });
});
