/**
 * The staff console's employees and reports (docs/staff-employers.md): the census import judged whole, the
 * invitation, each employee's standing, the enrollment and payroll reports, the event log; roles and the audit.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_TIERS } from '#domain/enrollment/contribution.ts';
import { parseCsv } from '#domain/values/csv.ts';
import { databases } from './helpers/databases.ts';
import { completeProfile, countRows } from './enrollment.fixtures.ts';
import { latestLink, registerMember, TEST_PASSWORD, type RegisteredMember } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { conditionAsRead, publishRules, signInStaff, type SignedInStaff } from './staff-fixtures.ts';

const YEAR = new Date().getUTCFullYear();
/** The app's clock: early in the plan year, so effective dates are offered whatever the real date. */
const NOW = () => new Date(`${YEAR}-03-10T12:00:00Z`);
const HEADER = 'firstname,lastname,email,birthdate,class,zip';
/** The UTC day of a stored timestamp (what the standing's date is). */
const dayOf = (when: Date) => new Date(when).toISOString().slice(0, 10);
const census = (rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';
const row = (n: number, overrides: Partial<Record<'first' | 'last' | 'email' | 'birthdate' | 'class' | 'zip', string>> = {}) =>
  [overrides.first ?? `Emp${n}`, overrides.last ?? 'Census', overrides.email ?? `emp${n}.${randomUUID().slice(0, 6)}@census.example`, overrides.birthdate ?? '1981-04-02', overrides.class ?? 'ALL', overrides.zip ?? '30301'].join(',');

describe.each(databases())('staff employees and reports on $name', (database) => {
  const t = useTestApp(database, { now: NOW });
  let implementer: SignedInStaff;
  let viewer: SignedInStaff;
  let accountid: string;
  let otherAccountid: string;
  let registered: RegisteredMember;

  /** A call; a PUT is made on what the resource is now (its ETag read just before). */
  const call = async (who: SignedInStaff | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const condition = method === 'PUT' && who ? await conditionAsRead(t.app, who, url) : {};
    return t.app.inject({ method, url, headers: { ...who?.headers, ...condition }, ...(payload ? { payload } : {}) });
  };
  const base = () => `/api/staff/employers/${accountid}`;
  const auditCount = () => countRows(t.db, 'staff_audit');
  const lastAudit = () => t.db.selectFrom('staff_audit').selectAll().orderBy('createdon', 'desc').limit(1).executeTakeFirstOrThrow();
  /** The employer's employees: one page of the largest size holds them all. */
  const employees = async () => (await call(viewer, 'GET', `${base()}/employees?limit=200`)).json().data.employees as Array<Record<string, unknown>>;
  const employer = (name: string) => ({ name, email: null, planyear: YEAR, employeazecustomer: 1, hsaonly: 0, edoc_period: null, broker: null });

  beforeAll(async () => {
    implementer = await signInStaff(t.app, 'implementer');
    viewer = await signInStaff(t.app, 'viewer');
    accountid = (await call(implementer, 'POST', '/api/staff/employers', employer('Census Co'))).json().data.accountid;
    otherAccountid = (await call(implementer, 'POST', '/api/staff/employers', employer('Elsewhere Inc'))).json().data.accountid;
    const rules = FAMILY_TIERS.map((tier) => ({ contributionclass: 'ALL', ageMin: 0, ageMax: 120, tier, state: null, ratingArea: null, amount: 450 }));
    expect((await publishRules(t.app, implementer, accountid, rules)).statusCode).toBe(200);
    registered = await registerMember(t.app, { accountid, accountname: 'Census Co', teamid: randomUUID() }, { firstname: 'Reggie', lastname: 'Registered' });
  });

  describe('census import', () => {
    it('refuses a file with any bad row, reporting each with its line and reason, and imports nothing', async () => {
      const elsewhere = `elsewhere.${randomUUID().slice(0, 6)}@census.example`;
      expect((await call(implementer, 'POST', `/api/staff/employers/${otherAccountid}/census`, { csv: census([row(1, { email: elsewhere })]) })).statusCode).toBe(200);
      const before = [await countRows(t.db, 'member'), await auditCount()];
      const rows = Array.from({ length: 20 }, (_, index) => row(index + 1));
      rows[4] = row(5, { birthdate: '1930-01-01' });
      rows[11] = row(12, { email: 'not-an-address' });
      rows[17] = row(18, { email: elsewhere.toUpperCase() });
      const response = await call(implementer, 'POST', `${base()}/census`, { csv: census(rows) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'CENSUS_INVALID', message: expect.stringContaining('not imported') });
      expect(response.json().data.rows.map((problem: { line: number }) => problem.line)).toEqual([6, 13, 19]);
      expect([await countRows(t.db, 'member'), await auditCount()]).toEqual(before);

      expect(response.json().data.rows[2]).toEqual({ line: 19, reason: `email ${elsewhere.toUpperCase()} belongs to an employee of another employer.` });
    });

    it('refuses a ZIP the crosswalk does not know, and a header it does not know', async () => {
      const zip = await call(implementer, 'POST', `${base()}/census`, { csv: census([row(1), row(2, { zip: '00000' })]) });
      expect(zip.json().data.rows).toEqual([{ line: 3, reason: 'zip 00000 is not a US ZIP code.' }]);
      const header = await call(implementer, 'POST', `${base()}/census`, { csv: 'name,email\nA,a@example.test\n' });
      expect(header.json()).toMatchObject({ code: 'CENSUS_INVALID', data: { rows: expect.arrayContaining([{ line: 1, reason: expect.stringContaining("Unknown column 'name'") }]) } });
    });

    it('imports a good file of 20 rows as invited employees, in the audit, without mail unless asked', async () => {
      const before = await countRows(t.db, 'mail_outbox');
      const rows = Array.from({ length: 20 }, (_, index) => row(index + 1, { last: `Imported${String(index + 1).padStart(2, '0')}` }));
      const response = await call(implementer, 'POST', `${base()}/census`, { csv: '\uFEFF' + census(rows) });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ imported: 20, added: 20, updated: 0, unchanged: 0, invited: 0, updates: [] });
      expect(await lastAudit()).toMatchObject({ action: 'census-import', entity_id: accountid, after: { added: 20, updated: 0, unchanged: 0, imported: 20, invited: 0 } });
      const list = await employees();
      expect(list.filter((employee) => String(employee.lastname).startsWith('Imported'))).toHaveLength(20);
      const first = await t.db.selectFrom('member').select('createdon').where('lastname', '=', 'Imported01').executeTakeFirstOrThrow();
      expect(list.find((employee) => employee.lastname === 'Imported01')).toMatchObject({ status: 'invited', statusdate: dayOf(first.createdon), plan: null, contributionclass: 'ALL' });
      expect(await countRows(t.db, 'mail_outbox')).toBe(before);
      const stored = await t.db.selectFrom('member').selectAll().where('lastname', '=', 'Imported01').executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ accountid, birthdate: '1981-04-02', postalcode: '30301', city: 'Atlanta', county: 'Fulton County', stateorprovince: 'GA', password_hash: null, createdby: 'Census' });
    });

    it('e-mails the set-password link to each new employee when asked', async () => {
      const email = `invited.${randomUUID().slice(0, 6)}@census.example`;
      const response = await call(implementer, 'POST', `${base()}/census`, { csv: census([row(1, { email, last: 'Mailed' })]), invite: true });
      expect(response.json().data).toMatchObject({ imported: 1, invited: 1 });
      expect((await latestLink(t, email)).employerId).toBe(accountid);
    });

    it('refuses a viewer and a member, writing nothing', async () => {
      const before = await countRows(t.db, 'member');
      expect((await call(viewer, 'POST', `${base()}/census`, { csv: census([row(1)]) })).statusCode).toBe(403);
      const asMember = await t.app.inject({ method: 'POST', url: `${base()}/census`, headers: { ...registered.auth, 'x-staff-request': '1' }, payload: { csv: census([row(1)]) } });
      expect(asMember.statusCode).toBe(401);
      expect(await countRows(t.db, 'member')).toBe(before);
    });
  });

  describe('invitations and standing', () => {
    it('invites and re-invites with a fresh link (the older stops working); the employee registers with it', async () => {
      const email = `walker.${randomUUID().slice(0, 6)}@census.example`;
      const imported = await call(implementer, 'POST', `${base()}/census`, { csv: census([row(1, { email, first: 'Wally', last: 'Walker' })]) });
      const [memberid] = imported.json().data.memberids;
      const first = await call(implementer, 'POST', `${base()}/employees/${memberid}/invite`);
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({ memberid, status: 'invited' });
      const firstLink = await latestLink(t, email);
      expect(await lastAudit()).toMatchObject({ action: 'invite', entity: 'member', entity_id: memberid, before: { invitedOn: null } });
      // The employee alone is read for the answer, and answered as the list shows them.
      expect(first.json().data).toEqual((await employees()).find((employee) => employee.memberid === memberid));

      expect((await call(implementer, 'POST', `${base()}/employees/${memberid}/invite`)).statusCode).toBe(200);
      const secondLink = await latestLink(t, email);
      expect(secondLink.token).not.toBe(firstLink.token);
      const stale = await t.app.inject({ method: 'POST', url: '/api/changepassword', payload: { id: memberid, password: TEST_PASSWORD, token: firstLink.token } });
      expect(stale.statusCode).toBe(403);
      const set = await t.app.inject({ method: 'POST', url: '/api/changepassword', payload: { id: memberid, password: TEST_PASSWORD, token: secondLink.token } });
      expect(set.statusCode).toBe(200);
      expect((await employees()).find((employee) => employee.memberid === memberid)).toMatchObject({ status: 'registered' });

      const again = await call(implementer, 'POST', `${base()}/employees/${memberid}/invite`);
      expect(again.statusCode).toBe(409);
    });

    it("answers 404 for another employer's member and refuses a viewer, writing nothing", async () => {
      const before = [await countRows(t.db, 'set_password_token'), await auditCount()];
      expect((await call(implementer, 'POST', `/api/staff/employers/${otherAccountid}/employees/${registered.memberId}/invite`)).statusCode).toBe(404);
      expect((await call(viewer, 'POST', `${base()}/employees/${registered.memberId}/invite`)).statusCode).toBe(403);
      expect([await countRows(t.db, 'set_password_token'), await auditCount()]).toEqual(before);
    });

    it('shows waived with the date and enrolled with the plan, and the reports count and total them', async () => {
      await t.db.updateTable('member').set({ birthdate: '1980-03-01', postalcode: '30301' }).where('id', '=', registered.memberId).execute();
      await completeProfile(t.db, registered.memberId);
      const [effectivedate] = (await t.app.inject({ method: 'GET', url: '/api/EffectiveDates', headers: registered.auth })).json().data.effectivedates;
      const waived = await t.app.inject({
        method: 'POST',
        url: '/api/Enrollment/Authorize',
        headers: { ...registered.auth, 'idempotency-key': randomUUID() },
        payload: { effectivedate, healthoption: 'waive', postalcode: '', countycode: '', hsamonthly: 0, waivecoveragereason: 'Coverage through Spouse/Partner' },
      });
      expect(waived.statusCode).toBe(200);
      const enrolled = await registerMember(t.app, { accountid, accountname: 'Census Co', teamid: randomUUID() }, { firstname: 'Enid', lastname: 'Enrolled, "Jr."' });
      await storedEnrollment(enrolled.memberId, effectivedate);

      const list = await employees();
      const waiver = await t.db.selectFrom('member_order').select('createdon').where('memberid', '=', registered.memberId).where('category', '=', 'waive').executeTakeFirstOrThrow();
      expect(list.find((employee) => employee.memberid === registered.memberId)).toMatchObject({ status: 'waived', statusdate: dayOf(waiver.createdon), plan: null });
      expect(list.find((employee) => employee.memberid === enrolled.memberId)).toMatchObject({ status: 'enrolled', plan: 'Peach Silver 3000' });

      const report = await call(viewer, 'GET', `${base()}/reports/enrollment`);
      expect(report.json().data.counts).toMatchObject({ enrolled: 1, waived: 1, registered: 1, invited: 21, total: 24 });
      expect(report.json().data).toMatchObject({ total: 24, next: null });
      expect(report.json().data.employees).toHaveLength(24);
      const enrolledOnly = (await call(viewer, 'GET', `${base()}/reports/enrollment?status=enrolled`)).json().data;
      expect(enrolledOnly).toMatchObject({ counts: { total: 24 }, total: 1, employees: [{ memberid: enrolled.memberId }] });

      const payroll = await call(viewer, 'GET', `${base()}/reports/payroll.csv`);
      expect(payroll.statusCode).toBe(200);
      expect(payroll.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(payroll.headers['content-disposition']).toMatch(/^attachment; filename="payroll-\d{4}-[0-9a-f-]{36}\.csv"$/);
      const records = parseCsv(payroll.body).records.map((record) => record.fields);
      expect(records).toEqual([
        ['employee number', 'lastname', 'firstname', 'email', 'status', 'plan', 'effective date', 'contribution', 'coverage cost', 'pre-tax premium deduction', 'pre-tax hsa deduction', 'remaining contribution'],
        ['', 'Enrolled, "Jr."', 'Enid', enrolled.email, 'enrolled', 'Peach Silver 3000', effectivedate, '450.00', '520.50', '70.50', '0.00', '0.00'],
        // A waiver receives no employer contribution: nothing payable, nothing remaining.
        ['', 'Registered', 'Reggie', registered.email, 'waived', '', effectivedate, '0.00', '0.00', '0.00', '0.00', '0.00'],
      ]);
      expect(payroll.body).toContain('"Enrolled, ""Jr."""');
    });

    /** An enrollment as the enrollment service stores it (its main order and member account). */
    async function storedEnrollment(memberid: string, effectivedate: string): Promise<void> {
      const enrollmentid = randomUUID();
      await t.db
        .insertInto('member_order')
        .values({
          id: randomUUID(),
          memberid,
          productid: randomUUID(),
          productfeeid: randomUUID(),
          orderid: randomUUID(),
          category: 'healthinsurance',
          amountspent_cents: 52050,
          productname: 'Peach Silver 3000',
          policyeffectivedate: effectivedate,
          planyear: YEAR,
          enrollmentid,
          createdby: 'test',
          modifiedby: 'test',
        })
        .execute();
      await t.db
        .insertInto('member_account')
        .values({
          id: randomUUID(),
          memberid,
          currentbalance_cents: 0,
          currenthealthinsurancepremium_cents: 52050,
          currentemployercontribution_cents: 45000,
          currentpayrolldeduction_cents: 7050,
          enrollmentid,
        })
        .execute();
    }
  });

  describe('events', () => {
    it('filters the event log by employer, member, action and days', async () => {
      const all = await call(viewer, 'GET', `/api/staff/events?accountid=${accountid}`);
      expect(all.statusCode).toBe(200);
      const submitted = all.json().data.filter((event: { action: string }) => event.action === 'SUBMITTED REQUEST');
      expect(submitted).toEqual([expect.objectContaining({ memberid: registered.memberId, accountid })]);
      const event = await t.db.selectFrom('log_fact').select('createdon').where('memberid', '=', registered.memberId).where('action', '=', 'SUBMITTED REQUEST').executeTakeFirstOrThrow();
      const today = dayOf(event.createdon);
      const byMember = await call(viewer, 'GET', `/api/staff/events?memberid=${registered.memberId}&action=${encodeURIComponent('SUBMITTED REQUEST')}&from=${today}&to=${today}`);
      expect(byMember.json().data).toHaveLength(1);
      expect((await call(viewer, 'GET', `/api/staff/events?memberid=${registered.memberId}&to=2000-01-01`)).json().data).toEqual([]);
      expect((await call(viewer, 'GET', `/api/staff/events?accountid=${otherAccountid}`)).json().data).toEqual([]);
    });

    it('refuses bad filters and a member token', async () => {
      expect((await call(viewer, 'GET', '/api/staff/events?from=yesterday')).statusCode).toBe(400);
      expect((await call(viewer, 'GET', '/api/staff/events?memberid=12')).statusCode).toBe(400);
      expect((await call(viewer, 'GET', '/api/staff/events?limit=5000')).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/staff/events', headers: registered.auth })).statusCode).toBe(401);
    });
  });
});
