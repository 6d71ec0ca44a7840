/**
 * The audit trail (docs/staff.md, The audit trail): failed staff sign-ins recorded without the password (and
 * without a member's address), every read of personal data recorded with its filters but no personal data, the
 * trail filtered by who, entity, its id and days; the event log answering employers and members by name and
 * filtered by a member's name or e-mail and an employer's name; roles, the member token and hostile filters.
 */
import { randomUUID } from 'node:crypto';
import { logLines } from './helpers/log-lines.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import * as logFacts from '#db/repositories/member/log-fact.repository.ts';
import { databases } from './helpers/databases.ts';
import { countRows } from './enrollment.fixtures.ts';
import { createEmployer, registerMember, type RegisteredMember, type TestEmployer } from './helpers/fixtures.ts';
import { createTestApp } from './helpers/app.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { createStaffUser, signInStaff, STAFF_PASSWORD, type SignedInStaff } from './staff-fixtures.ts';

type Entry = { staffId: string | null; staffEmail: string | null; action: string; entity: string; entityId: string; employerName: string | null; after: unknown; createdon: string };

describe.each(databases())('the audit trail on $name', (database) => {
  const t = useTestApp(database);
  let viewer: SignedInStaff;
  let employer: TestEmployer;
  let member: RegisteredMember;

  const get = (who: SignedInStaff, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const audit = async (who: SignedInStaff, query: string) => {
    const response = await get(who, `/api/staff/audit?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json().data as Entry[];
  };
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-staff-request': '1' }, payload: { email, password } });
  const allAudit = () => t.db.selectFrom('staff_audit').selectAll().execute();
  const dayOf = (when: string) => when.slice(0, 10);

  beforeAll(async () => {
    viewer = await signInStaff(t.app, 'viewer');
    employer = await createEmployer(t.db, { accountname: 'Audited 100% Widgets' });
    member = await registerMember(t.app, employer, { firstname: 'Paloma', lastname: 'Privacy', email: `paloma.${randomUUID().slice(0, 8)}@member.example` });
    await logFacts.insert(t.db, { id: randomUUID(), title: 'Profile saved', accountid: employer.accountid, memberid: member.memberId, action: 'PROFILE', effectivedate: null, data: {} });
  });

  describe('failed staff sign-ins', () => {
    it('records a wrong password with the staff user and why, never the password', async () => {
      const user = await createStaffUser(t.app, 'implementer');
      const wrong = 'Not-The-Passw0rd-At-All';
      expect((await signIn(user.email, wrong)).statusCode).toBe(401);
      const [entry] = await audit(viewer, `who=${encodeURIComponent(user.email)}&entity=staff_user`);
      expect(entry).toMatchObject({ staffId: user.id, staffEmail: user.email, action: 'sign-in-failed', entity: 'staff_user', entityId: user.id, after: { email: user.email, reason: 'wrong-password' } });
      expect(JSON.stringify(await allAudit())).not.toContain(wrong);
      expect(JSON.stringify(await allAudit())).not.toContain(STAFF_PASSWORD);
    });

    it('records an address no staff user has, found by who; a member\'s address and a password typed as the address are not kept', async () => {
      const stranger = `stranger.${randomUUID().slice(0, 8)}@elsewhere.example`;
      expect((await signIn(stranger.toUpperCase(), 'whatever-it-was-1')).statusCode).toBe(401);
      expect(await audit(viewer, `who=${encodeURIComponent(stranger)}`)).toEqual([
        expect.objectContaining({ staffId: null, staffEmail: null, action: 'sign-in-failed', entityId: '', after: { email: stranger, reason: 'unknown-email' } }),
      ]);

      const before = await countRows(t.db, 'staff_audit');
      expect((await signIn(member.email, member.password)).statusCode).toBe(401);
      const typedPassword = 'Secret-Typed Into The Box 9';
      expect((await signIn(typedPassword, 'x')).statusCode).toBe(401);
      const written = (await allAudit()).filter((row) => row.action === 'sign-in-failed' && row.staff_user_id === null);
      expect(await countRows(t.db, 'staff_audit')).toBe(before + 2);
      expect(written.map((row) => row.after)).toEqual(expect.arrayContaining([{ email: null, reason: 'member-email' }, { email: null, reason: 'unknown-email' }]));
      const stored = JSON.stringify(await allAudit());
      for (const secret of [member.email, member.password, typedPassword]) expect(stored).not.toContain(secret);
    });

    it('keeps no password with an @ and a dot typed into the e-mail box (a top-level domain is letters)', async () => {
      const typed = ['P@ssw0rd.2024', 'Summer@2025.fun!', 'Adm1n@home.net#1', 'hunter2@[127.0.0.1]'];
      for (const text of typed) expect((await signIn(text, 'x')).statusCode).toBe(401);
      const stored = JSON.stringify(await allAudit());
      for (const text of typed) expect(stored.toLowerCase()).not.toContain(text.toLowerCase());
    });

    it('records a disabled staff user\'s sign-in with its right password as refused for that reason', async () => {
      const user = await createStaffUser(t.app, 'viewer');
      await t.db.updateTable('staff_user').set({ disabled: true }).where('id', '=', user.id).execute();
      expect((await signIn(user.email, STAFF_PASSWORD)).statusCode).toBe(401);
      expect((await audit(viewer, `who=${encodeURIComponent(user.email)}`)).map((entry) => entry.after)).toEqual([{ email: user.email, reason: 'disabled' }]);
    });

    it('records the sign-ins refused while an address is locked', async () => {
      const user = await createStaffUser(t.app, 'viewer');
      for (let attempt = 0; attempt < 6; attempt += 1) await signIn(user.email, `wrong-${attempt}-password`);
      const reasons = (await audit(viewer, `who=${encodeURIComponent(user.email)}`)).map((entry) => (entry.after as { reason: string }).reason);
      expect(reasons).toContain('locked');
      expect(reasons.filter((reason) => reason === 'wrong-password').length).toBeGreaterThanOrEqual(4);
    });
  });

  describe('reads of personal data', () => {
    it('keeps the name typed to find an employee out of the log line of the request, as out of the trail', async () => {
      const { lines, stream } = logLines();
      const logged = await createTestApp(t.db, { logger: { level: 'info', stream } });
      try {
        const reader = await signInStaff(logged.app, 'viewer');
        const answer = await logged.app.inject({ method: 'GET', url: `/api/staff/events?employee=${encodeURIComponent('Paloma Privacy')}&action=PROFILE`, headers: reader.headers });
        expect(answer.statusCode).toBe(200);
        const log = lines.join('');
        expect(log).toContain('/api/staff/events?employee=***&action=PROFILE');
        expect(log).not.toMatch(/paloma/i);
      } finally {
        await logged.close();
      }
    });

    it("records a viewer's reads of the employees, both reports and the event log, with the filters and no personal data", async () => {
      const reader = await signInStaff(t.app, 'viewer');
      const base = `/api/staff/employers/${employer.accountid}`;
      for (const path of ['employees', 'reports/enrollment', 'reports/payroll.csv']) expect((await get(reader, `${base}/${path}`)).statusCode).toBe(200);
      const events = await get(reader, `/api/staff/events?accountid=${employer.accountid}&employee=${encodeURIComponent(member.email)}&from=2020-01-01`);
      expect(events.statusCode).toBe(200);

      const reads = await audit(viewer, `who=${encodeURIComponent(reader.email)}&limit=10`);
      expect(reads.map(({ action, entity, entityId, employerName, after }) => ({ action, entity, entityId, employerName, after }))).toEqual([
        {
          action: 'read',
          entity: 'event_log',
          entityId: employer.accountid,
          employerName: 'Audited 100% Widgets',
          after: { filters: { accountid: employer.accountid, from: '2020-01-01', limit: 200, employee: '(given, not recorded)' } },
        },
        { action: 'read', entity: 'payroll_report', entityId: employer.accountid, employerName: 'Audited 100% Widgets', after: { filters: {} } },
        { action: 'read', entity: 'enrollment_report', entityId: employer.accountid, employerName: 'Audited 100% Widgets', after: { filters: { limit: 50 } } },
        { action: 'read', entity: 'employees', entityId: employer.accountid, employerName: 'Audited 100% Widgets', after: { filters: { limit: 50 } } },
      ]);
      expect(JSON.stringify(reads)).not.toContain(member.email);
      expect(JSON.stringify(reads)).not.toContain('Paloma');
    });

    it('records a read of the audit trail after answering it, so the answer does not hold it', async () => {
      const reader = await signInStaff(t.app, 'viewer');
      expect(await audit(reader, `who=${encodeURIComponent(reader.email)}&entity=staff_audit`)).toEqual([]);
      expect(await audit(reader, `who=${encodeURIComponent(reader.email)}&entity=staff_audit`)).toEqual([
        expect.objectContaining({ action: 'read', entity: 'staff_audit', after: { filters: { who: reader.email, entity: 'staff_audit', limit: 100 } } }),
      ]);
    });

    it('records nothing for an employer that does not exist (404) or a refused filter (400)', async () => {
      const before = await countRows(t.db, 'staff_audit');
      expect((await get(viewer, `/api/staff/employers/${randomUUID()}/reports/payroll.csv`)).statusCode).toBe(404);
      expect((await get(viewer, '/api/staff/events?employee=')).statusCode).toBe(400);
      expect(await countRows(t.db, 'staff_audit')).toBe(before);
    });
  });

  describe('filters of the audit trail', () => {
    it('filters by entity and its id, and by days (from and to included)', async () => {
      const [latest] = await audit(viewer, `entity=employees&entityid=${employer.accountid}`);
      expect(latest).toMatchObject({ entity: 'employees', entityId: employer.accountid });
      const day = dayOf(latest!.createdon);
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const previous = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      expect(await audit(viewer, `entity=employees&entityid=${employer.accountid}&from=${day}&to=${day}`)).toContainEqual(latest);
      expect(await audit(viewer, `entity=employees&entityid=${employer.accountid}&from=${next}`)).toEqual([]);
      expect(await audit(viewer, `entity=employees&entityid=${employer.accountid}&to=${previous}`)).toEqual([]);
      expect((await audit(viewer, 'entity=payroll_report&limit=500')).every((entry) => entry.entity === 'payroll_report')).toBe(true);
    });

    it('takes wildcards in who as themselves and refuses hostile filters with 400', async () => {
      expect(await audit(viewer, `who=${encodeURIComponent('%')}`)).toEqual([]);
      expect(await audit(viewer, `who=${encodeURIComponent('_')}`)).toEqual([]);
      // Bytes that are no UTF-8 (an encoded lone surrogate) arrive as U+FFFD: harmless, they find nothing.
      expect(await audit(viewer, 'who=%ED%A0%80')).toEqual([]);
      for (const query of ['who=', `who=${'a'.repeat(321)}`, 'who=%00', 'from=yesterday', 'to=0000-01-01', 'from=2026-02-30', 'limit=501']) {
        expect((await get(viewer, `/api/staff/audit?${query}`)).statusCode, query).toBe(400);
      }
      const before = await countRows(t.db, 'staff_audit');
      const inverted = await get(viewer, '/api/staff/audit?from=2026-03-01&to=2026-01-31');
      expect(inverted.statusCode).toBe(400);
      expect(inverted.json()).toMatchObject({ message: 'The first day (2026-03-01) is after the last (2026-01-31).', fieldErrors: { 'querystring/from': ['Must be on or before the last day (to).'] } });
      expect(await countRows(t.db, 'staff_audit')).toBe(before);
    });

    it('refuses a member token and no session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/staff/audit', headers: member.auth })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/staff/audit' })).statusCode).toBe(401);
    });
  });

  describe('the event log by name', () => {
    const events = async (query: string) => {
      const response = await get(viewer, `/api/staff/events?${query}`);
      expect(response.statusCode).toBe(200);
      return response.json().data as Array<Record<string, unknown>>;
    };

    it("answers each event's employer and member by name and e-mail", async () => {
      expect(await events(`memberid=${member.memberId}&action=PROFILE`)).toEqual([
        expect.objectContaining({ accountid: employer.accountid, employername: 'Audited 100% Widgets', memberid: member.memberId, membername: 'Paloma Privacy', memberemail: member.email }),
      ]);
    });

    it("filters by part of the member's e-mail or name (any case) and of the employer's name", async () => {
      const ids = (rows: Array<Record<string, unknown>>) => [...new Set(rows.map((row) => row.memberid))];
      expect(ids(await events(`employee=${encodeURIComponent(member.email.toUpperCase())}`))).toEqual([member.memberId]);
      expect(ids(await events(`employee=${encodeURIComponent('paloma pRIV')}`))).toEqual([member.memberId]);
      expect(ids(await events(`employee=Privacy&employer=${encodeURIComponent('100% widg')}`))).toEqual([member.memberId]);
      expect(await events(`employee=${encodeURIComponent('Nobody Such')}`)).toEqual([]);
      expect(await events(`employer=${encodeURIComponent('0_% Widgets')}`)).toEqual([]);
    });

    it('takes wildcards as themselves and refuses hostile filters with 400', async () => {
      expect(await events(`employee=${encodeURIComponent('%')}`)).toEqual([]);
      expect(await events(`employee=${encodeURIComponent('_')}`)).toEqual([]);
      expect(await events(`employee=${encodeURIComponent("' or 1=1 --")}`)).toEqual([]);
      expect(await events(`employee=${encodeURIComponent('\\')}`)).toEqual([]);
      expect(await events('employer=%ED%A0%80')).toEqual([]);
      for (const query of [`employee=${'a'.repeat(101)}`, 'employee=%00', 'employer=', 'from=2026-03-01&to=2026-01-31']) {
        expect((await get(viewer, `/api/staff/events?${query}`)).statusCode, query).toBe(400);
      }
      expect((await t.app.inject({ method: 'GET', url: `/api/staff/events?employee=${encodeURIComponent(member.email)}`, headers: member.auth })).statusCode).toBe(401);
    });
  });
});
