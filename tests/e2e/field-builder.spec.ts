/**
 * The field builder in the browser (issue 21): a specialist opens a new employer's profile in the console, adds a
 * required Employee ID (text, with help) and a Preferred language (one of a list) with the builder, moves the
 * language above it and hides the optional second address line (the editor's preview shows the fields), saves and
 * publishes: the server's draft checks apply as to the code editor's drafts. An employee of that employer finds both
 * on the profile in that order, with the help text and without the second address line; the profile does not go on
 * without the Employee ID.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectClean } from './axe.ts';
import { addFieldWithBuilder, hideFieldWithBuilder, moveFieldWithBuilder, saveAndPublish } from './specialist/fields.ts';
import { fillMemberProfile, nextTo, openDocument, PORTLAND, publishRulesAsRead, signedInMember, staffApiHeaders, staffSignIn } from './support.ts';

const HELP = 'As printed on your badge.';

/** A new employer whose plan year starts on the first of the month after next, with one contribution for every tier. */
async function newEmployer(request: APIRequestContext): Promise<string> {
  const headers = await staffApiHeaders(request);
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString().slice(0, 10);
  const created = await request.post('/api/staff/employers', {
    headers,
    data: { name: `Fields Co ${randomUUID().slice(0, 6)}`, email: null, planyear: Number(start.slice(0, 4)), planyearstart: start, employeazecustomer: 2, hsaonly: 0, edoc_period: null, broker: null },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { accountid } = ((await created.json()) as { data: { accountid: string } }).data;
  const rules = ['employee', 'employee-spouse', 'employee-children', 'family'].map((tier) => ({ contributionclass: 'ALL', ageMin: 0, ageMax: 120, tier, state: null, ratingArea: null, amount: 450 }));
  expect((await publishRulesAsRead(request, accountid, headers, rules)).status()).toBe(200);
  return accountid;
}

test("a specialist adds an Employee ID and a Preferred language with the field builder; the employer's employees get both", async ({ browser, request }) => {
  const accountid = await newEmployer(request);
  const staff = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await staffSignIn(staff);
  await staff.goto(`/staff/employers/${accountid}`);
  await openDocument(staff, 'Personal Details', 'profile');

  const employeeId = await addFieldWithBuilder(staff, { kind: 'Text', label: 'Employee ID', help: HELP, required: true, after: 'Last Name' });
  expect(employeeId).toBe('employeeId');
  const language = await addFieldWithBuilder(staff, { kind: 'One of a list', label: 'Preferred language', options: ['English', 'Spanish', 'Other'], after: 'Employee ID' });
  expect(language).toBe('preferredLanguage');
  // The language moved above the Employee ID; the optional second address line hidden.
  await moveFieldWithBuilder(staff, 'Preferred language', 'up');
  await hideFieldWithBuilder(staff, 'APT (optional)');
  // The same draft as the code editor's, which the preview renders.
  const preview = staff.getByRole('region', { name: 'Preview' });
  await expect(preview.getByLabel('Employee ID')).toBeVisible();
  await expect(preview.getByRole('radiogroup', { name: /Preferred language/ }).getByLabel('Spanish')).toBeVisible();
  // The builder open with a field being written: labelled, described, axe clean.
  await staff.getByRole('group', { name: 'Add a field' }).getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'One of a list' });
  await staff.getByRole('group', { name: 'Add a field' }).getByRole('textbox', { name: 'Label' }).fill('Shirt size');
  await expectClean(staff, 'the document editor with the field builder open');
  await staff.getByRole('group', { name: 'Add a field' }).getByRole('textbox', { name: 'Label' }).fill('');

  await saveAndPublish(staff, ['Field Employee ID added, required', 'Field Preferred language added']);

  // An employee of that employer: both fields on the profile, the help under the Employee ID; Next refuses to go on
  // without it.
  const member = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signedInMember(member, 'Quinn', accountid);
  await fillMemberProfile(member, PORTLAND);
  const idField = member.getByLabel('Employee ID');
  await expect(idField).toBeVisible();
  await expect(member.getByText(HELP)).toBeVisible();
  const languages = member.getByRole('radiogroup', { name: /Preferred language/ });
  await expect(languages.getByRole('radio')).toHaveCount(3);
  expect((await languages.boundingBox())!.y).toBeLessThan((await idField.boundingBox())!.y);
  await expect(member.getByLabel('APT (optional)')).toHaveCount(0);
  await member.getByRole('button', { name: 'Next' }).click();
  await expect(member.getByRole('dialog').getByText('Employee ID')).toBeVisible();
  await member.keyboard.press('Escape');
  await idField.fill('EMP-7');
  await languages.getByLabel('Spanish').check();
  await nextTo(member, 'Select your Health Plan Option Below');
});
