/**
 * Staff see only their employers (docs/staff.md, Staff users): an admin assigns an implementer or viewer some
 * employers or all, audited; the lists (employers, event log, audit trail) show only theirs; creating an employer
 * needs all. The refusal of every route naming another employer is the access matrix's (access-control.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { databases } from './helpers/databases.ts';
import { createEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { signInStaff } from './staff-fixtures.ts';

describe.each(databases())('staff employer access on $name', (database) => {
  const t = useTestApp(database);

  it('an admin assigns employers; the implementer lists, opens and reads only those; the trail records the change', async () => {
    const [mine, theirs] = [await createEmployer(t.db), await createEmployer(t.db)];
    const admin = await signInStaff(t.app, 'admin');
    const password = 'quiet-lantern-river-42';
    const created = await t.app.inject({ method: 'POST', url: '/api/staff/users', headers: admin.headers, payload: { email: `scoped-${mine.accountid}@example.com`, role: 'implementer', password, employers: { all: false, accountids: [] } } });
    expect(created.statusCode).toBe(201);
    const user = created.json().data;
    expect(user.employers).toEqual({ all: false, accountids: [] });

    const listed = await t.app.inject({ method: 'GET', url: '/api/staff/users', headers: admin.headers });
    const etag = listed.json().data.find((row: { id: string }) => row.id === user.id).etag;
    const assigned = await t.app.inject({ method: 'PATCH', url: `/api/staff/users/${user.id}`, headers: { ...admin.headers, 'if-match': etag }, payload: { employers: { all: false, accountids: [mine.accountid] } } });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data.employers).toEqual({ all: false, accountids: [mine.accountid] });
    // The tag changed with the employers: a change made on the old one is refused.
    const stale = await t.app.inject({ method: 'PATCH', url: `/api/staff/users/${user.id}`, headers: { ...admin.headers, 'if-match': etag }, payload: { employers: { all: true, accountids: [] } } });
    expect(stale.statusCode).toBe(412);

    const trail = await t.app.inject({ method: 'GET', url: `/api/staff/audit?entity=staff_user&entityid=${user.id}`, headers: admin.headers });
    expect(trail.json().data[0]).toMatchObject({ action: 'update', before: { employers: { all: false, accountids: [] } }, after: { employers: { all: false, accountids: [mine.accountid] } } });

    const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-staff-request': '1' }, payload: { email: user.email, password } });
    const cookie = String([login.headers['set-cookie']].flat().find((line) => String(line).startsWith('bp_staff='))).split(';')[0]!;
    const headers = { cookie, 'x-staff-request': '1' };
    const employers = await t.app.inject({ method: 'GET', url: '/api/staff/employers', headers });
    expect(employers.json().data.map((row: { accountid: string }) => row.accountid)).toEqual([mine.accountid]);
    expect((await t.app.inject({ method: 'GET', url: `/api/staff/employers/${mine.accountid}`, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/staff/employers/${theirs.accountid}`, headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers })).json().data.allEmployers).toBe(false);
    const create = await t.app.inject({ method: 'POST', url: '/api/staff/employers', headers, payload: { name: 'Not Mine', email: null, planyear: 2026, employeazecustomer: 0, hsaonly: 0, edoc_period: null, broker: null } });
    expect([create.statusCode, create.json().code]).toEqual([403, 'FORBIDDEN']);
  });

  it("shows a staff user of some employers only their employers' events and audit entries", async () => {
    const [mine, theirs] = [await createEmployer(t.db), await createEmployer(t.db)];
    const admin = await signInStaff(t.app, 'admin');
    for (const employer of [mine, theirs]) {
      await t.db.insertInto('log_fact').values({ id: crypto.randomUUID(), title: 'Enrolled', accountid: employer.accountid, memberid: null, action: 'enroll', effectivedate: null, data: JSON.stringify({}) }).execute();
      expect((await t.app.inject({ method: 'GET', url: `/api/staff/employers/${employer.accountid}/employees`, headers: admin.headers })).statusCode).toBe(200);
    }
    const viewer = await signInStaff(t.app, 'viewer', { all: false, accountids: [mine.accountid] });
    const events = (await t.app.inject({ method: 'GET', url: '/api/staff/events', headers: viewer.headers })).json().data as { accountid: string | null }[];
    expect(events.map((event) => event.accountid)).toContain(mine.accountid);
    expect(events.every((event) => event.accountid === mine.accountid)).toBe(true);
    const entries = (await t.app.inject({ method: 'GET', url: '/api/staff/audit?limit=500', headers: viewer.headers })).json().data as { entityId: string }[];
    expect(entries.map((entry) => entry.entityId)).toContain(mine.accountid);
    expect(entries.every((entry) => entry.entityId.split('/')[0] === mine.accountid)).toBe(true);
  });

  it('refuses to assign an id no employer has (400), writing nothing', async () => {
    const admin = await signInStaff(t.app, 'admin');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/users',
      headers: admin.headers,
      payload: { email: 'nobody-employer@example.com', role: 'viewer', password: 'quiet-lantern-river-42', employers: { all: false, accountids: [crypto.randomUUID()] } },
    });
    expect([response.statusCode, Object.keys(response.json().fieldErrors ?? {})]).toEqual([400, ['/employers/accountids']]);
    expect(await t.db.selectFrom('staff_user').select('id').where('email', '=', 'nobody-employer@example.com').executeTakeFirst()).toBeUndefined();
  });
});
