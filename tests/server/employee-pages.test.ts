/**
 * The employee list and the enrollment report a page at a time (docs/decisions/050-rosters-in-pages-reports-streamed.md):
 * pages by last name, first name and id after a cursor, a page size refused above its maximum, a search by name or
 * e-mail in any case, a filter by status (the domain's rule), the count of the filter; another employer's staff
 * refused; the search never in the audit trail nor in a log line; the payroll file streamed in chunks with the
 * bytes of formatCsv.
 */
import { randomUUID } from 'node:crypto';
import { logLines } from './helpers/log-lines.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCsv } from '#domain/values/csv.ts';
import { PAYROLL_COLUMNS, payrollCsv } from '#server/services/staff-employees/employee-reports.ts';
import { countRows } from './enrollment.fixtures.ts';
import { createTestApp } from './helpers/app.ts';
import { databases } from './helpers/databases.ts';
import { createEmployer, type TestEmployer } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/lifecycle.ts';
import { signInStaff, type SignedInStaff } from './staff-fixtures.ts';

const YEAR = new Date().getUTCFullYear();
type Standing = 'invited' | 'registered' | 'enrolled' | 'waived';
/** The employees, as [first, last, standing]: two Lees (first names break the tie), one of each status at least. */
const PEOPLE: Array<[string, string, Standing]> = [
  ['Zoe', 'Adams', 'enrolled'],
  ['Amy', 'Baker', 'invited'],
  ['Bob', 'Lee', 'waived'],
  ['Ann', 'Lee', 'registered'],
  ['Carl', 'Moss', 'invited'],
  ['Dana', 'Ng', 'enrolled'],
  ['Eve', 'Ortiz', 'invited'],
];
const ORDER = ['Zoe Adams', 'Amy Baker', 'Ann Lee', 'Bob Lee', 'Carl Moss', 'Dana Ng', 'Eve Ortiz'];

describe.each(databases())('employee pages on $name', (database) => {
  const t = useTestApp(database);
  let employer: TestEmployer;
  let viewer: SignedInStaff;
  const emails = new Map<string, string>();

  const get = (who: SignedInStaff, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const base = () => `/api/staff/employers/${employer.accountid}`;
  type Page = { employees: Array<{ memberid: string; firstname: string; lastname: string; status: string }>; next: string | null; total: number };
  const page = async (query: string, path = 'employees'): Promise<Page> => {
    const answer = await get(viewer, `${base()}/${path}?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };
  const names = (answer: Page) => answer.employees.map((employee) => `${employee.firstname} ${employee.lastname}`);

  /** A member of the employer as the census or registration leaves one, with the orders of its standing. */
  async function addEmployee(first: string, last: string, standing: Standing): Promise<void> {
    const id = randomUUID();
    const email = `${first.toLowerCase()}.${last.toLowerCase()}.${id.slice(0, 6)}@Pages.Example`;
    emails.set(`${first} ${last}`, email);
    await t.db
      .insertInto('member')
      .values({
        id,
        accountid: employer.accountid,
        firstname: first,
        lastname: last,
        emailaddress: email,
        personalemailaddress: email,
        primarymemberid: id,
        priormemberid: id,
        externalid: id,
        census_externalid: `E-${first}`,
        ispasswordchanged: standing === 'invited' ? null : new Date(),
        createdby: 'test',
        modifiedby: 'test',
      })
      .execute();
    if (standing !== 'enrolled' && standing !== 'waived') return;
    const enrollmentid = randomUUID();
    await t.db
      .insertInto('member_order')
      .values({
        id: randomUUID(),
        memberid: id,
        productid: randomUUID(),
        productfeeid: randomUUID(),
        orderid: randomUUID(),
        category: standing === 'enrolled' ? 'healthinsurance' : 'waive',
        amountspent_cents: standing === 'enrolled' ? 52050 : 0,
        productname: standing === 'enrolled' ? 'Peach Silver 3000' : null,
        policyeffectivedate: `${YEAR}-04-01`,
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
        memberid: id,
        currentbalance_cents: 0,
        currenthealthinsurancepremium_cents: 52050,
        currentemployercontribution_cents: 45000,
        currentpayrolldeduction_cents: standing === 'enrolled' ? 7050 : 0,
        enrollmentid,
      })
      .execute();
  }

  beforeAll(async () => {
    employer = await createEmployer(t.db, { accountname: 'Paged Co' });
    viewer = await signInStaff(t.app, 'viewer');
    for (const [first, last, standing] of PEOPLE) await addEmployee(first, last, standing);
    // Another employer's employee, who no page of this one shows.
    const other = await createEmployer(t.db, { accountname: 'Elsewhere Co' });
    const id = randomUUID();
    await t.db
      .insertInto('member')
      .values({ id, accountid: other.accountid, firstname: 'Abe', lastname: 'Aaron', emailaddress: `abe.${id}@x.example`, personalemailaddress: `abe.${id}@x.example`, primarymemberid: id, priormemberid: id, externalid: id, createdby: 'test', modifiedby: 'test' })
      .execute();
  });

  it('answers pages by last name, first name after the cursor, with the next cursor and the total', async () => {
    const first = await page('limit=3');
    expect(names(first)).toEqual(ORDER.slice(0, 3));
    expect(first.total).toBe(7);
    expect(first.next).toBe(first.employees[2]!.memberid);
    const second = await page(`limit=3&after=${first.next}`);
    expect(names(second)).toEqual(ORDER.slice(3, 6));
    const last = await page(`limit=3&after=${second.next}`);
    expect([names(last), last.next, last.total]).toEqual([ORDER.slice(6), null, 7]);
    // Without a size, the default's 50 hold them all.
    expect(names(await page(''))).toEqual(ORDER);
  });

  it('refuses a page size above the maximum, and a cursor that is not one of this list, with 400 and words', async () => {
    const audited = () => countRows(t.db, 'staff_audit');
    const before = await audited();
    const tooMany = await get(viewer, `${base()}/employees?limit=201`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'A page holds at most 200 employees: ask for 200 or fewer, and the next page with its cursor.',
      fieldErrors: { 'querystring/limit': ['200 is the most a page holds.'] },
    });
    expect((await get(viewer, `${base()}/employees?limit=200`)).statusCode).toBe(200);
    expect((await get(viewer, `${base()}/employees?limit=0`)).statusCode).toBe(400);
    expect((await get(viewer, `${base()}/employees?after=not-a-cursor`)).statusCode).toBe(400);
    const stranger = await get(viewer, `${base()}/employees?after=${randomUUID()}`);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe('This page starts after an employee who is not on this list: start again from the first page.');
    expect((await get(viewer, `${base()}/employees?status=pending`)).statusCode).toBe(400);
    expect((await get(viewer, `${base()}/reports/enrollment?limit=201`)).statusCode).toBe(400);
    // A refused page is no read: the trail has only the one page answered.
    expect(await audited()).toBe(before + 1);
  });

  it('searches first and last name together and the e-mail address, in any case, on the server', async () => {
    expect(names(await page('search=LEE'))).toEqual(['Ann Lee', 'Bob Lee']);
    expect(names(await page(`search=${encodeURIComponent('ann l')}`))).toEqual(['Ann Lee']);
    expect(names(await page(`search=${encodeURIComponent(emails.get('Dana Ng')!.toUpperCase())}`))).toEqual(['Dana Ng']);
    // '%' and '_' are matched as themselves, not as wildcards.
    expect((await page('search=%25')).total).toBe(0);
    const paged = await page('search=e&limit=2');
    expect(paged.total).toBe((await page('search=e')).employees.length);
  });

  it("filters by status as the domain's rule stands each employee, with the filter's count", async () => {
    expect(names(await page('status=invited'))).toEqual(['Amy Baker', 'Carl Moss', 'Eve Ortiz']);
    expect(names(await page('status=registered'))).toEqual(['Ann Lee']);
    expect(names(await page('status=enrolled'))).toEqual(['Zoe Adams', 'Dana Ng']);
    expect((await page('status=waived')).employees).toEqual([expect.objectContaining({ firstname: 'Bob', status: 'waived' })]);
    const both = await page('status=invited&search=o&limit=1');
    expect([names(both), both.total]).toEqual([['Carl Moss'], 2]);
    expect(names(await page(`status=invited&search=o&limit=1&after=${both.next}`))).toEqual(['Eve Ortiz']);
  });

  it('pages the enrollment report the same way, counting the whole employer by status', async () => {
    const report = (await page('status=enrolled&limit=1', 'reports/enrollment')) as Page & { counts: Record<string, number> };
    expect(report.counts).toEqual({ invited: 3, registered: 1, enrolled: 2, waived: 1, total: 7 });
    expect([names(report), report.total, report.next]).toEqual([['Zoe Adams'], 2, report.employees[0]!.memberid]);
  });

  it("refuses staff of another employer (403), and records a page's filters with the search as given only", async () => {
    const elsewhere = await signInStaff(t.app, 'viewer', { all: false, accountids: [(await createEmployer(t.db)).accountid] });
    for (const path of ['employees', 'reports/enrollment', 'reports/payroll.csv']) expect((await get(elsewhere, `${base()}/${path}`)).statusCode).toBe(403);

    const reader = await signInStaff(t.app, 'viewer');
    expect((await get(reader, `${base()}/employees?search=Ortiz&status=invited&limit=10`)).statusCode).toBe(200);
    const trail = await t.db.selectFrom('staff_audit').select(['entity', 'after']).where('staff_user_id', '=', reader.id).execute();
    expect(trail).toEqual([{ entity: 'employees', after: { filters: { status: 'invited', limit: 10, search: '(given, not recorded)' } } }]);
  });

  it('keeps the search text out of the log line of the request', async () => {
    const { lines, stream } = logLines();
    const logged = await createTestApp(t.db, { logger: { level: 'info', stream } });
    try {
      const reader = await signInStaff(logged.app, 'viewer');
      const answer = await logged.app.inject({ method: 'GET', url: `${base()}/employees?search=${encodeURIComponent('Eve Ortiz')}&limit=5`, headers: reader.headers });
      expect(answer.statusCode).toBe(200);
      const log = lines.join('');
      expect(log).toContain('/employees?search=***&limit=5');
      expect(log).not.toMatch(/ortiz/i);
    } finally {
      await logged.close();
    }
  });

  it('streams the payroll file a chunk at a time with the bytes formatCsv writes for the same rows', async () => {
    const answer = await get(viewer, `${base()}/reports/payroll.csv`);
    expect(answer.statusCode).toBe(200);
    const row = (first: string, last: string, status: string, plan: string, coverage: string, deduction: string) =>
      [`E-${first}`, last, first, emails.get(`${first} ${last}`)!, status, plan, `${YEAR}-04-01`, '450.00', coverage, deduction, '0.00', '0.00'];
    const expected = formatCsv(PAYROLL_COLUMNS, [
      row('Zoe', 'Adams', 'enrolled', 'Peach Silver 3000', '520.50', '70.50'),
      row('Bob', 'Lee', 'waived', '', '450.00', '0.00'),
      row('Dana', 'Ng', 'enrolled', 'Peach Silver 3000', '520.50', '70.50'),
    ]);
    expect(answer.body).toBe(expected);
    // Read two employees at a time, the file is the same to the byte.
    let chunked = '';
    for await (const part of payrollCsv(t.db, t.app.content, employer.accountid, 2)) chunked += String(part);
    expect(chunked).toBe(expected);
  });
});
