/**
 * The audit trail and the event log by name (issue 21): an employee of the demo employer records an event; a new
 * viewer fails to sign in once, signs in, opens the demo employer's employees and downloads its payroll report;
 * the Audit Trail then shows the failed sign-in and both reads, filtered by who and by entity; the event log
 * filtered by the employee's e-mail shows them by name. axe finds nothing on either screen at 1280 and 390 px.
 */
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectClean } from './axe.ts';
import { STAFF_PASSWORD } from './staff-admin.ts';
import { DEMO_EMPLOYER_NAME, signedInMember, staffApiHeaders, staffSignIn } from './support.ts';
import { expectAuditShows, failStaffSignIn, readEmployeesAndPayroll, readEventLog, recordMemberEvent } from './specialist/audit.ts';

test('the Audit Trail shows a failed sign-in and the reads of personal data; the event log finds an employee by e-mail', async ({ page, browser, request }) => {
  const memberContext = await browser.newContext();
  const person = await signedInMember(await memberContext.newPage(), 'Audra');
  await memberContext.close();
  await recordMemberEvent(request, person, 'AUDITED STEP');

  const viewer = `audit.viewer.${randomUUID().slice(0, 8)}@staff.test`;
  const created = await request.post('/api/staff/users', { headers: await staffApiHeaders(request), data: { email: viewer, role: 'viewer', password: STAFF_PASSWORD } });
  expect(created.status(), await created.text()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await failStaffSignIn(page, viewer);
  await staffSignIn(page, viewer);
  await readEmployeesAndPayroll(page, DEMO_EMPLOYER_NAME);

  await expectAuditShows(page, { who: viewer }, [
    /Sign-in failed.*Staff user.*wrong password/,
    new RegExp(`${viewer}.*Read.*Employees list: ${DEMO_EMPLOYER_NAME}.*Filtered by limit: 50`),
    new RegExp(`${viewer}.*Read.*Payroll report: ${DEMO_EMPLOYER_NAME}`),
    new RegExp(`Read.*Enrollment report: ${DEMO_EMPLOYER_NAME}`),
  ]);
  const payroll = await expectAuditShows(page, { who: viewer, entity: 'Payroll report' }, [new RegExp(`Read.*Payroll report: ${DEMO_EMPLOYER_NAME}`)]);
  expect(payroll).toHaveLength(1);
  await expectClean(page, '/staff/audit (filtered) at 1280 px');

  const events = await readEventLog(page, { employee: person.email });
  expect(events.length).toBeGreaterThan(0);
  for (const row of events) expect(row).toContain(`Audra Rivera (${person.email})`);
  expect(events.some((row) => row.includes('AUDITED STEP') && row.includes(DEMO_EMPLOYER_NAME))).toBe(true);
  // An event's detail in sentences (who recorded it), its data as JSON only behind "Show raw JSON".
  expect(events.some((row) => row.includes('AUDITED STEP') && row.includes(`By ${person.email}.`) && !row.includes('"User"'))).toBe(true);
  const rows = page.getByRole('table', { name: 'Events' }).getByRole('row').filter({ hasText: 'AUDITED STEP' });
  await rows.first().getByRole('button', { name: 'Show raw JSON' }).click();
  await expect(rows.first().getByText(`"User": "${person.email}"`)).toBeVisible();
  await expect(rows.first().getByRole('button', { name: 'Hide raw JSON' })).toHaveAttribute('aria-expanded', 'true');
  await expectClean(page, '/staff/events (by e-mail) at 1280 px');

  // The event log's read is in the trail too, without the e-mail typed to find the employee.
  const reads = await expectAuditShows(page, { who: viewer, entity: 'Event log' }, [/Read.*Event log.*employee: \(given, not recorded\)/]);
  for (const row of reads) expect(row).not.toContain(person.email);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectAuditShows(page, { entity: 'Staff user' }, [/Sign-in failed/]);
  await expectClean(page, '/staff/audit at 390 px');
  await readEventLog(page, { employee: 'Audra Riv' });
  await expectClean(page, '/staff/events at 390 px');
});
