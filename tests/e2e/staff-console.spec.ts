/**
 * The staff console as an implementer works (issue 10): an admin (created by the staff:create script before the
 * product starts) adds an implementer; the implementer creates an employer with a logo and an ICHRA document,
 * sets contribution rules (a rule set over 3 to 1 is refused first), imports a census of 20 rows (a file with one
 * bad row first: refused whole, nothing imported), changes the profile's 'DOB must be between 1941-01-01 and
 * today.' message and switches Additional Services off for that employer, previews both, publishes; an employee
 * of that employer then sees the new message and no Additional Services step, an employee of the demo employer
 * still the original; after the roll back the employer's employee sees the original again.
 */
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { employerSection, fillMemberProfile, nextTo, openDocument, PORTLAND, setPassword, signedInMember, signIn, staffSignIn, uploadIchraDocument } from './support.ts';
import { changeTextFromList, publishWithConfirmation, rollBackWithConfirmation } from './specialist/texts.ts';
import { STAFF_ADMIN_EMAIL, STAFF_PASSWORD } from './staff-admin.ts';
import { jpegLogo, saveAndPublishRules } from './specialist/money.ts';
import { previewCheck, previewEnterDateOfBirth } from './specialist/preview.ts';

const ORIGINAL_MESSAGE = 'DOB must be between 1941-01-01 and today.';
const NEW_MESSAGE = 'Please enter a date of birth from 1941-01-01 up to today.';

type CensusRow = { firstname: string; lastname: string; email: string; birthdate: string };

function censusRows(count: number, tag: string): CensusRow[] {
  return Array.from({ length: count }, (_, i) => ({
    firstname: `Casey${i + 1}`,
    lastname: 'Census',
    email: `casey${i + 1}.${tag}@example.com`,
    birthdate: `19${70 + (i % 20)}-0${1 + (i % 9)}-15`,
  }));
}

const csvOf = (rows: CensusRow[]) =>
  ['firstname,lastname,email,birthdate', ...rows.map((row) => [row.firstname, row.lastname, row.email, row.birthdate].join(','))].join('\n') + '\n';

/** The employee's profile with a date of birth out of range: the message the Next shows for it. */
async function dobMessageOnNext(page: Page, message: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).toBeVisible();
  await page.getByLabel('DOB').first().fill('1930-01-01');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(message).first()).toBeVisible();
  await page.keyboard.press('Escape');
}

/** Fills the rest of the profile and moves to step 2, whose tab row lists the sub-steps this employee walks. */
async function toStepTwo(page: Page): Promise<void> {
  await fillMemberProfile(page, PORTLAND);
  await nextTo(page, 'Select your Health Plan Option Below');
  await expect(page.getByText('I. Contributions')).toBeVisible();
}

test('an implementer sets up and tailors an employer; its employees see the change, others do not, until rolled back', async ({ browser }) => {
  test.setTimeout(300_000);
  const tag = randomUUID().slice(0, 8);
  const staff = await browser.newPage();

  // The admin adds an implementer; the implementer signs in.
  const implementer = `implementer.${tag}@staff.test`;
  await staffSignIn(staff, STAFF_ADMIN_EMAIL);
  await staff.getByRole('link', { name: 'Staff Users' }).click();
  await staff.getByLabel('New staff email').fill(implementer);
  await staff.getByLabel('New staff role').selectOption('implementer');
  await staff.getByLabel('First password').fill(STAFF_PASSWORD);
  await staff.getByRole('button', { name: 'Add Staff User' }).click();
  await expect(staff.getByRole('cell', { name: implementer, exact: true })).toBeVisible();
  await staff.getByRole('button', { name: 'Sign Out' }).click();
  await expect(staff.getByRole('heading', { name: 'Staff Sign In' })).toBeVisible();
  await staffSignIn(staff, implementer);
  await expect(staff.getByRole('link', { name: 'Staff Users' })).toHaveCount(0);

  // A new employer.
  const employerName = `Tailored Co ${tag}`;
  await staff.getByRole('link', { name: 'New Employer' }).click();
  await staff.getByLabel('Employer Name').fill(employerName);
  await staff.getByLabel('Employer Email').fill(`benefits.${tag}@example.com`);
  await staff.getByLabel('Broker First Name').fill('Bea');
  await staff.getByLabel('Broker Last Name').fill('Broker');
  await staff.getByLabel('HSA Administrator').fill('Summit HSA Services');
  await staff.getByRole('button', { name: 'Create Employer' }).click();
  await expect(staff.getByRole('heading', { name: employerName, level: 1 })).toBeVisible();
  // The profile reads back what was stored.
  await expect(staff.getByLabel('HSA Administrator')).toHaveValue('Summit HSA Services');
  const accountid = /\/employers\/([^/?]+)/.exec(staff.url())![1]!;
  const documentUrl = (id: string) => `/staff/employers/${accountid}/documents/${id}`;

  // Its logo (a JPEG) and an ICHRA document (a PDF).
  await employerSection(staff, 'Logo');
  await staff.getByLabel('Logo (JPEG)').setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: await jpegLogo(staff) });
  await staff.getByRole('button', { name: 'Upload Logo' }).click();
  await expect(staff.getByText('Logo uploaded.')).toBeVisible();
  await expect(staff.getByRole('img', { name: `${employerName} logo` })).toBeVisible();
  await uploadIchraDocument(staff, 'ichra-plan-summary.pdf');

  // Contribution rules: more than 3 to 1 within the class is refused with the server's message; then a legal set.
  await employerSection(staff, 'Contributions');
  await staff.getByRole('button', { name: 'Add Age Band' }).click();
  await staff.getByRole('button', { name: 'Add Age Band' }).click();
  for (let rule = 1; rule <= 4; rule += 1) {
    await staff.getByLabel(`Rule ${rule} to age`).fill('29');
    await staff.getByLabel(`Rule ${rule} monthly amount`).fill('100');
    await staff.getByLabel(`Rule ${rule + 4} from age`).fill('30');
    await staff.getByLabel(`Rule ${rule + 4} monthly amount`).fill('400');
  }
  await staff.getByRole('button', { name: 'Save Draft' }).click();
  await expect(staff.getByRole('alert').filter({ hasText: 'The draft was not saved' })).toContainText('more than 3 times');
  for (let rule = 1; rule <= 4; rule += 1) await staff.getByLabel(`Rule ${rule} monthly amount`).fill('200');
  await saveAndPublishRules(staff);
  await staff.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'a 45-year-old in ZIP 30301 with a spouse and one child gets $400' })).toBeVisible();

  // The census: one bad row refuses the whole file; then 20 good rows.
  await employerSection(staff, 'Employees');
  const rows = censusRows(20, tag);
  const bad = rows.map((row, i) => (i === 6 ? { ...row, email: 'not-an-email' } : row));
  await staff.getByLabel('Census (CSV)').setInputFiles({ name: 'census-bad.csv', mimeType: 'text/csv', buffer: Buffer.from(csvOf(bad)) });
  await staff.getByRole('button', { name: 'Import Census' }).click();
  const refused = staff.getByRole('alert').filter({ hasText: 'Nothing was imported' });
  await expect(refused).toBeVisible();
  await expect(refused.getByRole('listitem')).toHaveCount(1);
  await expect(refused.getByRole('listitem')).toContainText('Line 8');
  await expect(staff.getByText('No employees yet.')).toBeVisible();
  await staff.getByLabel('Census (CSV)').setInputFiles({ name: 'census.csv', mimeType: 'text/csv', buffer: Buffer.from(csvOf(rows)) });
  await staff.getByRole('button', { name: 'Import Census' }).click();
  await expect(staff.getByText('Census imported: 20 added, 0 updated, 0 unchanged.')).toBeVisible();
  const employees = staff.getByRole('table', { name: 'Employees' });
  await expect(employees.getByRole('row')).toHaveCount(21);
  const employee = rows[0]!;
  await staff.getByRole('button', { name: `Send Invitation to ${employee.email}` }).click();
  await expect(staff.getByText(`Invitation sent to ${employee.email}.`)).toBeVisible();

  // The profile's message, changed in the form beside the editor; the preview shows it; publish.
  await openDocument(staff, 'Personal Details', 'profile');
  expect(await changeTextFromList(staff, { search: 'dob-range', title: 'Personal Details › DOB › message of a check', newText: NEW_MESSAGE })).toBe(ORIGINAL_MESSAGE);
  const preview = staff.getByRole('region', { name: 'Preview' });
  await previewEnterDateOfBirth(staff, '1930-01-01');
  await previewCheck(staff);
  await expect(preview.getByText(NEW_MESSAGE).first()).toBeVisible();
  await staff.getByRole('button', { name: 'Save Draft' }).click();
  await expect(staff.getByText(/^Draft saved as version \d+\.$/)).toBeVisible();
  await publishWithConfirmation(staff, [`Message 'dob-range': '${ORIGINAL_MESSAGE}' to '${NEW_MESSAGE}'`]);

  // Additional Services switched off in the flow; the preview's cases no longer list it; publish.
  await staff.goto(documentUrl('enrollment'));
  await expect(staff.getByRole('heading', { name: /\(enrollment\)$/ })).toBeVisible();
  const steps = staff.getByRole('table', { name: 'Steps per case' });
  await expect(steps.getByRole('listitem').filter({ hasText: 'Additional Services' }).first()).toBeVisible();
  // The ICHRA acknowledgment is locked by the base flow: its switch stays on and says why.
  await expect(staff.getByRole('checkbox', { name: 'ICHRA Acknowledgment' })).toBeDisabled();
  await expect(staff.getByText(/^Locked: The ICHRA rules require/).first()).toBeVisible();
  await staff.getByRole('checkbox', { name: 'Additional Services' }).uncheck();
  await expect(steps.getByRole('listitem').filter({ hasText: 'Additional Services' })).toHaveCount(0);
  await staff.getByRole('button', { name: 'Save Draft' }).click();
  await expect(staff.getByText(/^Draft saved as version \d+\.$/)).toBeVisible();
  await publishWithConfirmation(staff, ['Step Additional Services switched off']);

  // The employer's employee: the new message, and no Additional Services among the sub-steps.
  const member = await browser.newPage();
  await setPassword(member, employee);
  await signIn(member, employee);
  await dobMessageOnNext(member, NEW_MESSAGE);
  await expect(member.getByText(ORIGINAL_MESSAGE)).toHaveCount(0);
  await toStepTwo(member);
  await expect(member.getByText(/^[IVX]+\. Additional Services$/)).toHaveCount(0);

  // An employee of the demo employer: the original message and the Additional Services step.
  const demo = await browser.newPage();
  await signedInMember(demo, 'Dana');
  await dobMessageOnNext(demo, ORIGINAL_MESSAGE);
  await toStepTwo(demo);
  await expect(demo.getByText(/^[IVX]+\. Additional Services$/)).toBeVisible();

  // Roll the profile back to the base document: the employer's employee sees the original on the next load.
  await staff.goto(documentUrl('profile'));
  await expect(staff.getByRole('heading', { name: 'Personal Details (profile)' })).toBeVisible();
  await rollBackWithConfirmation(staff, { version: 0, expectedChanges: [`Message 'dob-range': '${NEW_MESSAGE}' to '${ORIGINAL_MESSAGE}'`] });
  await member.goto('/profile');
  await dobMessageOnNext(member, ORIGINAL_MESSAGE);
  await expect(member.getByText(NEW_MESSAGE)).toHaveCount(0);
});
