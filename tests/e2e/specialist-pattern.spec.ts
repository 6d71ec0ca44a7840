/**
 * A specialist sets a field's pattern without the JSON editor (issue 36, for the specialist): on a new employer's
 * profile the field builder adds an Employee number whose answers must be six digits, tried live, with its own
 * message in English and Spanish; the preview shows the message on a wrong answer; the enrollment flow's preview
 * offers every case the publish proof walks and walks those of the employer's settings; published, an employee of that employer gets the message in
 * English and, reading Spanish, in Spanish. Axe finds nothing on the console's screens.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectClean } from './axe.ts';
import { addFieldWithBuilder, saveAndPublish } from './specialist/fields.ts';
import { expectPreviewCases, expectPreviewSteps, pickPreviewCase, previewCheck, previewRegion } from './specialist/preview.ts';
import { SPANISH } from './spanish.ts';
import { fillMemberProfile, openDocument, PORTLAND, publishRulesAsRead, signedInMember, staffApiHeaders, staffSignIn } from './support.ts';

const MESSAGE = 'Your employee number is the six digits on your badge.';
const MESSAGE_ES = 'Su número de empleado son los seis dígitos de su credencial.';
/** The cases of this employer's settings, offered first of the 13 the publish proof walks. */
const CASES = [
  'buys an HSA-eligible plan; HSA-eligible plans only, additional services offered',
  'buys a plan not HSA-eligible; HSA-eligible plans only, additional services offered',
  'waives; HSA-eligible plans only, additional services offered',
];

/** A new employer offering HSA-eligible plans only and the additional services, with one contribution for every tier. */
async function newEmployer(request: APIRequestContext): Promise<string> {
  const headers = await staffApiHeaders(request);
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString().slice(0, 10);
  const created = await request.post('/api/staff/employers', {
    headers,
    data: { name: `Pattern Co ${randomUUID().slice(0, 6)}`, email: null, planyear: Number(start.slice(0, 4)), planyearstart: start, employeazecustomer: 1, hsaonly: 1, edoc_period: null, broker: null },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { accountid } = ((await created.json()) as { data: { accountid: string } }).data;
  const rules = ['employee', 'employee-spouse', 'employee-children', 'family'].map((tier) => ({ contributionclass: 'ALL', ageMin: 0, ageMax: 120, tier, state: null, ratingArea: null, amount: 450 }));
  expect((await publishRulesAsRead(request, accountid, headers, rules)).status()).toBe(200);
  return accountid;
}

/** Types an answer into the builder's tester and reads its verdict. */
async function tryAnswer(page: Page, answer: string, verdict: string): Promise<void> {
  const format = page.getByRole('group', { name: 'Add a field' }).getByRole('group', { name: 'Format of the answer' });
  await format.getByRole('textbox', { name: 'Try an answer' }).fill(answer);
  await expect(format.getByRole('status')).toHaveText(verdict);
}

test("a specialist sets a field's pattern and its English and Spanish message without JSON, previews every case, and the employer's employees get the message", async ({ browser, request }) => {
  const accountid = await newEmployer(request);
  const staff = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await staffSignIn(staff);
  await staff.goto(`/staff/employers/${accountid}`);
  await expect(staff.getByLabel('Offer additional services')).toHaveAccessibleDescription(/spec code employeazecustomer/);
  await expect(staff.getByLabel('HSA-eligible plans only')).toHaveAccessibleDescription(/spec code hsaonly/);
  await expectClean(staff, "the employer's settings with plain names");
  await openDocument(staff, 'Personal Details', 'profile');

  // The field's format chosen from the common shapes, tried live, with its message in both languages; no JSON.
  const add = staff.getByRole('group', { name: 'Add a field' });
  await add.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Text' });
  await add.getByRole('combobox', { name: 'Answers must be' }).selectOption({ label: 'Digits only, of a set length' });
  await add.getByRole('textbox', { name: 'Number of digits' }).fill('6');
  await tryAnswer(staff, '12ab', 'This answer does not fit: the employee gets your message.');
  await tryAnswer(staff, '123456', 'This answer fits the format.');
  await add.getByRole('textbox', { name: 'Message when the answer does not fit', exact: true }).fill(MESSAGE);
  await add.getByRole('textbox', { name: 'Message when the answer does not fit, in Spanish' }).fill(MESSAGE_ES);
  await expectClean(staff, 'the field builder with a format and its messages');
  const name = await addFieldWithBuilder(staff, { kind: 'Text', label: 'Employee number', after: 'Last Name' });
  expect(name).toBe('employeeNumber');

  // The preview: a wrong answer and Next show the new message, in English and in Español.
  const preview = previewRegion(staff);
  await preview.getByLabel('Employee number').fill('12');
  await previewCheck(staff);
  await expect(preview.getByText(MESSAGE).first()).toBeVisible();
  await preview.getByText('Español', { exact: true }).click();
  await expect(preview.locator('[lang="es"]').first()).toBeVisible();
  await preview.getByLabel('Employee number').fill('12');
  await preview.getByRole('button', { name: SPANISH.next }).first().click();
  await expect(preview.getByText(MESSAGE_ES).first()).toBeVisible();
  await expectClean(staff, 'the profile preview in Español with the Spanish message');
  await preview.getByText('English', { exact: true }).click();

  // The texts list names the new message by what the employee sees.
  await staff.getByRole('textbox', { name: 'Search texts' }).fill('badge');
  await expect(staff.getByRole('textbox', { name: 'Personal Details › Employee number › error when not in the expected form', exact: true })).toHaveValue(MESSAGE);
  await saveAndPublish(staff, ['Field Employee number added']);

  // The enrollment flow's preview: every case, this employer's settings first, each with its steps.
  await staff.getByRole('link', { name: "Back to the employer's documents" }).click();
  await openDocument(staff, 'Benefits Enrollment', 'enrollment');
  await expectPreviewCases(staff, CASES, 13);
  const perCase = preview.getByRole('table', { name: 'Steps per case' });
  for (const flowCase of CASES) {
    await pickPreviewCase(staff, flowCase);
    await expectPreviewSteps(staff, ['Profile', 'Contributions', 'Shopping and Cart']);
    await expect(perCase.getByRole('row', { name: new RegExp(flowCase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toContainText('Your Cart');
  }
  await expect(perCase.getByRole('row').filter({ hasText: CASES[0]! })).toContainText('Flexible Spending');
  await expect(perCase.getByRole('row').filter({ hasText: CASES[1]! })).not.toContainText('Flexible Spending');
  await expect(perCase.getByRole('row').filter({ hasText: CASES[2]! })).not.toContainText('Shop Health Plans');
  await expectClean(staff, 'the flow preview of every case');

  // An employee of that employer: the message in English, then reading Spanish, in Spanish.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const member = await context.newPage();
  await signedInMember(member, 'Noor', accountid);
  await fillMemberProfile(member, PORTLAND);
  await member.getByLabel('Employee number').fill('12');
  await member.getByRole('button', { name: 'Next' }).click();
  await expect(member.getByText(MESSAGE).first()).toBeVisible();

  await context.addCookies([{ name: 'bp_lang', value: 'es', url: new URL(member.url()).origin }]);
  await member.reload();
  await expect(member.locator('html')).toHaveAttribute('lang', 'es');
  await member.getByLabel('Employee number').fill('1234');
  await member.getByRole('button', { name: SPANISH.next }).first().click();
  await expect(member.getByText(MESSAGE_ES).first()).toBeVisible();
  await expect(member.getByText(MESSAGE)).toHaveCount(0);
  await context.close();
});
