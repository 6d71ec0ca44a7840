/**
 * A publish is a proof, in the browser (issue 33): a specialist hides the SSN of a new employer's profile with the
 * field builder's Hide (which every check of a draft allows: the form asks for the SSN by a rule), saves and
 * publishes; the server's proof refuses it, and the editor tells which case and step would stop, at which field,
 * beside the draft. Employees keep the base document.
 */
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { ENROLLING_CASES } from '#domain/enrollment/enrollment-cases.ts';
import { hideFieldWithBuilder } from './specialist/fields.ts';
import { openDocument, staffApiHeaders, staffSignIn } from './support.ts';

test('a specialist hides the SSN and publishes: the console says which case and step would stop, and nothing is published', async ({ browser, request }) => {
  const headers = await staffApiHeaders(request);
  const created = await request.post('/api/staff/employers', {
    headers,
    data: { name: `Proof Co ${randomUUID().slice(0, 6)}`, email: null, planyear: new Date().getUTCFullYear(), employeazecustomer: 1, hsaonly: 0, edoc_period: null, broker: null },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { accountid } = ((await created.json()) as { data: { accountid: string } }).data;

  const staff = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await staffSignIn(staff);
  await staff.goto(`/staff/employers/${accountid}`);
  await openDocument(staff, 'Personal Details', 'profile');
  await hideFieldWithBuilder(staff, 'SSN');
  await staff.getByRole('button', { name: 'Save Draft' }).click();
  await expect(staff.getByText(/^Draft saved as version \d+\.$/)).toBeVisible();
  await staff.getByRole('button', { name: 'Publish' }).click();
  await staff.getByRole('dialog', { name: 'Publish these changes?' }).getByRole('button', { name: 'Confirm' }).click();

  const refusal = staff.getByRole('alert').filter({ hasText: 'Not published: employees would be stopped or misled' });
  await expect(refusal).toBeVisible();
  const problem = refusal.getByRole('listitem').filter({ hasText: 'field "SSN"' });
  await expect(problem).toHaveCount(1);
  // Every case the proof walks stops there: the first is named, with how many more.
  await expect(problem).toContainText(`In ${ENROLLING_CASES.length} cases ("${ENROLLING_CASES[0]!.name}" and ${ENROLLING_CASES.length - 1} more)`);
  await expect(problem).toContainText('at step "Profile"');
  await expect(problem).toContainText('Field "SSN" is hidden, so no employee can fill it in');
  // Beside the draft's line of the Hide, and nothing published: employees get the base document.
  await expect(problem).toContainText(/^Line \d+: /);
  await expect(staff.getByText(/^Version \d+ published\.$/)).toHaveCount(0);
  await expect(staff.getByText(/Employees get the base document; draft version 1 is not published yet\./)).toBeVisible();
});
