/**
 * Two people, or two tabs, on one employer (issue 35): each save names the version its page read (If-Match), so
 * the second save of the same version is not made. The console says who changed it and when, and its Reload brings
 * the colleague's version; nothing the first saved is overwritten. (A draft's conflict: staff-draft-conflict.spec.ts.)
 */
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { STAFF_ADMIN_EMAIL, STAFF_PASSWORD } from './staff-admin.ts';
import { employerSection, ICHRA_PDF, staffSignIn } from './support.ts';

const headers = { 'x-staff-request': '1' };
/** The alert's title: who, and a time as the console writes it ('Dec 7, 2026, 9:14 AM'). */
const changedBy = (email: string) => new RegExp(`^Changed by ${email.replace(/[.]/g, '\\.')} at [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2}\\s[AP]M`);

async function newEmployer(page: Page): Promise<{ accountid: string; name: string }> {
  const name = `Stale Change Co ${randomUUID().slice(0, 8)}`;
  const created = await page.request.post('/api/staff/employers', {
    headers,
    data: { name, email: 'benefits@stale-change.example', planyear: 2026, employeazecustomer: 1, hsaonly: 0, edoc_period: 30, broker: null },
  });
  expect(created.status(), await created.text()).toBe(200);
  return { accountid: ((await created.json()) as { data: { accountid: string } }).data.accountid, name };
}

test("two staff members save one employer's settings: the second is told who changed them and when, and reloads theirs", async ({ page, browser }) => {
  await staffSignIn(page);
  const { accountid, name } = await newEmployer(page);
  const bEmail = `bo-${randomUUID()}@staff.test`;
  const createdB = await page.request.post('/api/staff/users', { headers, data: { email: bEmail, role: 'implementer', password: STAFF_PASSWORD } });
  expect(createdB.status(), await createdB.text()).toBe(201);
  const bContext = await browser.newContext();
  const bPage = await bContext.newPage();
  await staffSignIn(bPage, bEmail);

  // Both open the settings.
  for (const p of [page, bPage]) {
    await p.goto(`/staff/employers/${accountid}/profile`);
    await expect(p.getByLabel('Employer Name')).toHaveValue(name);
  }

  // A saves a new address.
  await page.getByLabel('Employer Email').fill('hr@stale-change.example');
  await page.getByRole('button', { name: 'Save Employer' }).click();
  await expect(page.getByText('Employer saved.')).toBeVisible();

  // B, on the version read before A's save, changes the period: not saved, and B is told by whom and when.
  await bPage.getByLabel('Days before the enrollment cut-off').fill('45');
  await bPage.getByRole('button', { name: 'Save Employer' }).click();
  const stale = bPage.getByRole('alert').filter({ hasText: 'Your save was not made' });
  await expect(stale.getByText(changedBy(STAFF_ADMIN_EMAIL))).toBeVisible();
  await expect(bPage.getByText('Employer saved.')).toHaveCount(0);
  const stored = async () => ((await (await page.request.get(`/api/staff/employers/${accountid}`)).json()) as { data: { email: string; edoc_period: number } }).data;
  expect(await stored()).toMatchObject({ email: 'hr@stale-change.example', edoc_period: 30 });

  // Reload brings A's version into B's form; B's change, made again on it, keeps A's.
  await stale.getByRole('button', { name: 'Reload' }).click();
  await expect(stale).toHaveCount(0);
  await expect(bPage.getByLabel('Employer Email')).toHaveValue('hr@stale-change.example');
  await expect(bPage.getByLabel('Days before the enrollment cut-off')).toHaveValue('30');
  await bPage.getByLabel('Days before the enrollment cut-off').fill('45');
  await bPage.getByRole('button', { name: 'Save Employer' }).click();
  await expect(bPage.getByText('Employer saved.')).toBeVisible();
  expect(await stored()).toMatchObject({ email: 'hr@stale-change.example', edoc_period: 45 });
  await bContext.close();
});

test('two tabs of one staff member change the ICHRA documents: the stale tab names the change and reloads the list', async ({ page, context }) => {
  await staffSignIn(page);
  const { accountid } = await newEmployer(page);
  const second = await context.newPage();
  for (const p of [page, second]) {
    await p.goto(`/staff/employers/${accountid}`);
    await employerSection(p, 'ICHRA Documents');
    await expect(p.getByText('No ICHRA documents yet.')).toBeVisible();
  }

  await page.getByLabel('ICHRA Document (PDF)').setInputFiles({ name: 'First Plan.pdf', mimeType: 'application/pdf', buffer: ICHRA_PDF });
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await expect(page.getByText('First Plan.pdf uploaded.')).toBeVisible();

  // The other tab still shows no documents: its upload is not made.
  await second.getByLabel('ICHRA Document (PDF)').setInputFiles({ name: 'Second Plan.pdf', mimeType: 'application/pdf', buffer: ICHRA_PDF });
  await second.getByRole('button', { name: 'Upload Document' }).click();
  const stale = second.getByRole('alert').filter({ hasText: 'Your save was not made' });
  await expect(stale.getByText(changedBy(STAFF_ADMIN_EMAIL))).toBeVisible();
  const listed = async () => ((await (await page.request.get(`/api/staff/employers/${accountid}/ichra-documents`)).json()) as { data: Array<{ filename: string }> }).data;
  expect((await listed()).map((file) => file.filename)).toEqual(['First Plan.pdf']);

  await stale.getByRole('button', { name: 'Reload' }).click();
  await expect(stale).toHaveCount(0);
  await expect(second.getByRole('list', { name: 'ICHRA documents' }).getByRole('link', { name: 'First Plan.pdf' })).toBeVisible();
  await second.getByRole('button', { name: 'Upload Document' }).click();
  await expect(second.getByText('Second Plan.pdf uploaded.')).toBeVisible();
  expect((await listed()).map((file) => file.filename)).toEqual(['First Plan.pdf', 'Second Plan.pdf']);
});
