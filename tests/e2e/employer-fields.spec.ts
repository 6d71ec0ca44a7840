/**
 * An employer's own field (issue 19): staff publish a profile that adds a required Employee ID for a new employer;
 * an employee of that employer is asked for it at the profile step, enters it, waives coverage and authorizes; the
 * staff console's Employees table and the payroll export show the answer.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { fillMemberProfile, nextTo, PORTLAND, publishRulesAsRead, putAsRead, signedInMember, staffApiHeaders, staffSignIn } from './support.ts';

const EMPLOYEE_ID = { type: 'string', maxLength: 20, title: 'Employee ID' };

/** A new employer (no additional services) with contribution rules, whose published profile requires an Employee ID. */
async function employerWithEmployeeId(request: APIRequestContext): Promise<string> {
  const headers = await staffApiHeaders(request);
  // The plan year starts on the first of the month after next, which is always among the dates offered today.
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString().slice(0, 10);
  const created = await request.post('/api/staff/employers', {
    headers,
    data: {
      name: `Badge Co ${randomUUID().slice(0, 6)}`,
      email: null,
      planyear: Number(start.slice(0, 4)),
      planyearstart: start,
      employeazecustomer: 2,
      hsaonly: 0,
      edoc_period: null,
      broker: null,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { accountid } = ((await created.json()) as { data: { accountid: string } }).data;
  const rules = ['employee', 'employee-spouse', 'employee-children', 'family'].map((tier) => ({ contributionclass: 'ALL', ageMin: 0, ageMax: 120, tier, state: null, ratingArea: null, amount: 450 }));
  expect((await publishRulesAsRead(request, accountid, headers, rules)).status()).toBe(200);

  const url = `/api/staff/employers/${accountid}/content/profile`;
  const current = ((await (await request.get(url, { headers })).json()) as { data: { base: { schema: { required: string[]; properties: object } } } }).data.base;
  const document = {
    ...current,
    schema: { ...current.schema, required: [...current.schema.required, 'employeeid'], properties: { ...current.schema.properties, employeeid: EMPLOYEE_ID } },
  };
  const draft = await putAsRead(request, `${url}/draft`, headers, { document }, url);
  expect(draft.status(), await draft.text()).toBe(200);
  const { version, etag } = ((await draft.json()) as { data: { version: number; etag: string } }).data;
  const published = await request.post(`${url}/publish`, { headers, data: { version, etag } });
  expect(published.status(), await published.text()).toBe(200);
  return accountid;
}

test("an employee enters the employer's required Employee ID, enrolls, and staff see it in the console and the payroll export", async ({ page, request, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const accountid = await employerWithEmployeeId(request);
  const person = await signedInMember(page, 'Bailey', accountid);

  // The profile asks for the new field with the rest; nothing else of the form changed.
  await fillMemberProfile(page, PORTLAND);
  const employeeId = page.getByLabel('Employee ID');
  await expect(employeeId).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog').getByText('Employee ID')).toBeVisible();
  await page.keyboard.press('Escape');
  await employeeId.fill('EMP-2041');

  await nextTo(page, 'Select your Health Plan Option Below');
  await page.getByLabel('Not Buying Health Insurance (Waive Coverage)').check();
  await page.getByRole('combobox', { name: 'Waiver Reason' }).click();
  await page.getByRole('option', { name: 'Coverage through Spouse/Partner', exact: true }).click();
  await nextTo(page, 'Plan and Benefits Summary');
  await page.getByRole('button', { name: 'Authorize Elections' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close Window' }).click();
  await expect(page).toHaveURL(/\/welcome\?authorize=true/);

  // The profile reads the answer back (an enrolled member reaches it by changing their elections).
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('button', { name: 'Change My Elections' }).click();
  await expect(page.getByLabel('Employee ID')).toHaveValue('EMP-2041');

  const staff = await (await browser.newContext()).newPage();
  await staff.setViewportSize({ width: 1400, height: 900 });
  await staffSignIn(staff);
  await staff.goto(`/staff/employers/${accountid}/employees`);
  const employees = staff.getByRole('table', { name: 'Employees' });
  await expect(employees.getByRole('columnheader', { name: 'Employee ID' })).toBeVisible();
  await expect(employees.getByRole('row', { name: new RegExp(person.email) }).getByRole('cell', { name: 'EMP-2041' })).toBeVisible();

  const payroll = await staff.request.get(`/api/staff/employers/${accountid}/reports/payroll.csv`);
  expect(payroll.status()).toBe(200);
  const [header, row] = (await payroll.text()).trim().split('\r\n');
  expect(header!.split(',').at(-1)).toBe('Employee ID');
  expect(row).toContain(person.email);
  expect(row!.split(',').at(-1)).toBe('EMP-2041');
});
