/**
 * The audit trail and the event log as a specialist uses them in the staff console (docs/staff.md, The audit
 * trail): a refused sign-in, the reads of an employer's employees and payroll report, the Audit Trail screen
 * filtered by who and entity, the event log filtered by an employee's e-mail. Each step starts from a signed-in
 * console page unless it says otherwise.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { employerSection, PASSWORD, type Person } from '../support.ts';

export type AuditFilters = { who?: string; entity?: string; entityId?: string; from?: string; to?: string };
export type EventFilters = { employee?: string; employer?: string };

/** On the staff sign-in (not signed in): signs in with a wrong password and sees the refusal. */
export async function failStaffSignIn(page: Page, email: string, wrongPassword = 'Not-The-Right-Passw0rd'): Promise<void> {
  await page.goto('/staff/sign-in');
  await expect(page.getByRole('heading', { name: 'Staff Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(wrongPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or the password is not right.');
}

/** From any console screen: opens the employer (by name), its Employees, then its Reports, and downloads the payroll CSV. */
export async function readEmployeesAndPayroll(page: Page, employerName: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Employers' }).click();
  await page.getByRole('link', { name: employerName }).click();
  await employerSection(page, 'Employees');
  await expect(page.getByRole('table', { name: 'Employees' })).toBeVisible();
  await employerSection(page, 'Reports');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the payroll deduction report (CSV)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^payroll-\d{4}-[0-9a-f-]{36}\.csv$/);
}

/** Texts of the rows of a table once the answer to `path`'s GET with those filters has arrived (header row left out). */
async function filteredRows(page: Page, path: string, submit: () => Promise<void>, table: Locator, empty: Locator): Promise<string[]> {
  const answered = page.waitForResponse((response) => response.request().method() === 'GET' && response.url().includes(path));
  await submit();
  expect((await answered).status()).toBe(200);
  await expect(table.or(empty)).toBeVisible();
  if (await empty.isVisible()) return [];
  return (await table.getByRole('row').allInnerTexts()).slice(1).map((row) => row.replace(/\s+/g, ' ').trim());
}

/** Opens the Audit Trail screen from the console's navigation, applies the filters and answers the rows' texts. */
export async function readAuditTrail(page: Page, filters: AuditFilters): Promise<string[]> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Audit filters' });
  if (filters.who !== undefined) await form.getByLabel('Who (e-mail)').fill(filters.who);
  if (filters.entity !== undefined) await form.getByLabel('Entity', { exact: true }).selectOption({ label: filters.entity });
  if (filters.entityId !== undefined) await form.getByLabel('Entity ID').fill(filters.entityId);
  if (filters.from !== undefined) await form.getByLabel('From').fill(filters.from);
  if (filters.to !== undefined) await form.getByLabel('To').fill(filters.to);
  return filteredRows(
    page,
    '/api/staff/audit?',
    () => form.getByRole('button', { name: 'Filter' }).click(),
    page.getByRole('table', { name: 'Audit trail' }),
    page.getByText('Nothing in the audit trail matches these filters.'),
  );
}

/** The Audit Trail with those filters shows a row matching each of `rows` (and, by `entity`, only that entity). */
export async function expectAuditShows(page: Page, filters: AuditFilters, rows: RegExp[]): Promise<string[]> {
  const shown = await readAuditTrail(page, filters);
  for (const row of rows) expect(shown.some((text) => row.test(text)), `a row like ${row} in:\n${shown.join('\n')}`).toBe(true);
  if (filters.entity) for (const text of shown) expect(text).toContain(filters.entity);
  return shown;
}

/** Opens the Event Log from the console's navigation, filters by employee (name or e-mail) or employer name, answers the rows. */
export async function readEventLog(page: Page, filters: EventFilters): Promise<string[]> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Event Log' }).click();
  await expect(page.getByRole('heading', { name: 'Event Log', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Event filters' });
  if (filters.employee !== undefined) await form.getByLabel('Employee name or e-mail').fill(filters.employee);
  if (filters.employer !== undefined) await form.getByLabel('Employer name').fill(filters.employer);
  const table = page.getByRole('table', { name: 'Events' });
  return filteredRows(page, '/api/staff/events?', () => form.getByRole('button', { name: 'Filter' }).click(), table, table.filter({ hasNot: page.getByRole('cell') }));
}

/**
 * Records an event of the member (registered with the e2e PASSWORD) as the portal's wizard does (POST
 * /api/LogFact/v2 with the member's token), so the event log has one of theirs.
 */
export async function recordMemberEvent(request: APIRequestContext, person: Pick<Person, 'email'>, title: string): Promise<void> {
  const login = await request.post('/api/Login', { data: { email: person.email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const token = (await login.json()).data.tokenResponse.access_token as string;
  const recorded = await request.post('/api/LogFact/v2', { headers: { authorization: `Bearer ${token}` }, data: { title, action: title, data: { description: title } } });
  expect(recorded.status(), await recorded.text()).toBe(200);
}
