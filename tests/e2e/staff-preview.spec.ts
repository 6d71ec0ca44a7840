/**
 * The preview of the document editor (issue 21): an implementer sets up an employer whose plans are HSA-only, with
 * its logo; in its profile document adds a field and changes the date-of-birth message in the code editor, without
 * saving; the preview shows the profile as that employer's employee sees it (the employer's logo, the step bar, the
 * page's heading and title, the new field) and, on a bad date of birth and Next, the new message. The enrollment
 * flow's preview offers every case the publish proof walks, the employer's own first, and walks the waiver's steps
 * with the sample employee's values (the profile's first name, the waiver's reason, the cart). Axe finds nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectClean } from './axe.ts';
import {
  expectPreviewCases,
  expectPreviewLogo,
  expectPreviewSavesNothing,
  expectPreviewShows,
  expectPreviewSteps,
  pickPreviewCase,
  previewCheck,
  previewEnterDateOfBirth,
  previewRegion,
} from './specialist/preview.ts';
import { jpegLogo } from './specialist/money.ts';
import { employerSection, openDocument, staffSignIn } from './support.ts';

const NEW_MESSAGE = 'Please enter a date of birth from 1941-01-01 up to today.';
/** The cases of an employer with HSA-eligible plans only and additional services; every case the proof walks is 13. */
const OWN_CASES = [
  'buys an HSA-eligible plan; HSA-eligible plans only, additional services offered',
  'buys a plan not HSA-eligible; HSA-eligible plans only, additional services offered',
  'waives; HSA-eligible plans only, additional services offered',
];
const ALL_CASES = 13;

/** The document as the code editor holds it, copied whole as a person would (select all, copy). */
async function editorText(page: Page): Promise<string> {
  await page.getByRole('textbox', { name: 'Document JSON' }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+C');
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The 1-based number of the first line matching `pattern`. */
function lineOf(text: string, pattern: RegExp): number {
  const index = text.split('\n').findIndex((line) => pattern.test(line));
  expect(index, `a line ${String(pattern)}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/** Puts the code editor's cursor at the end of line `line` with the keyboard (the editor does not wrap lines). */
async function toLineEnd(page: Page, line: number): Promise<void> {
  await page.getByRole('textbox', { name: 'Document JSON' }).click();
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 1; i < line; i += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
}

test("the preview shows the unsaved profile as the employer's employee sees it, and every case with sample values", async ({ browser }) => {
  const tag = randomUUID().slice(0, 8);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const staff = await context.newPage();
  await staffSignIn(staff);

  // An employer with HSA-only plans (hsaonly 1) that offers additional services, and its logo.
  const employerName = `Preview Co ${tag}`;
  await staff.getByRole('link', { name: 'New Employer' }).click();
  await staff.getByLabel('Employer Name').fill(employerName);
  await staff.getByLabel('Employer Email').fill(`benefits.${tag}@example.com`);
  await staff.getByLabel('HSA-eligible plans only').selectOption('1');
  await staff.getByRole('button', { name: 'Create Employer' }).click();
  await expect(staff.getByRole('heading', { name: employerName, level: 1 })).toBeVisible();
  await employerSection(staff, 'Logo');
  await staff.getByLabel('Logo (JPEG)').setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: await jpegLogo(staff) });
  await staff.getByRole('button', { name: 'Upload Logo' }).click();
  await expect(staff.getByText('Logo uploaded.')).toBeVisible();

  // The profile: the employee's page before any change.
  await openDocument(staff, 'Personal Details', 'profile');
  await expectPreviewLogo(staff, employerName);
  await expectPreviewShows(staff, ['Welcome to your Benefits Package Creator', 'Personal Details']);
  await expectPreviewSteps(staff, ['Profile', 'Contributions', 'Shopping and Cart']);
  await expectPreviewCases(staff, OWN_CASES, ALL_CASES);

  // A field of the employer's own and a new date-of-birth message, typed in the code editor and not saved (the
  // later line first, so the earlier line's number holds).
  const text = await editorText(staff);
  const edits = [
    { line: lineOf(text, /^ {4}"dob-range": /), text: `"dob-range-preview": "x",` },
    { line: lineOf(text, /^ {4}"properties": \{$/), text: '"badgenumber": { "type": "string", "maxLength": 20, "title": "Badge Number" },' },
  ].sort((a, b) => b.line - a.line);
  for (const { line, text: inserted } of edits) {
    await toLineEnd(staff, line);
    if (inserted.startsWith('"dob-range')) {
      // The message's line replaced whole: its text is the new one.
      await staff.keyboard.press('Shift+Home');
      await staff.keyboard.insertText(`"dob-range": "${NEW_MESSAGE}",`);
    } else {
      await staff.keyboard.press('Enter');
      await staff.keyboard.insertText(inserted);
    }
  }
  const preview = previewRegion(staff);
  await expect(preview.getByLabel('Badge Number')).toBeVisible();
  await expectPreviewShows(staff, ['Welcome to your Benefits Package Creator', 'Personal Details']);
  await expectPreviewLogo(staff, employerName);
  await previewEnterDateOfBirth(staff, '1930-01-01');
  await previewCheck(staff);
  await expect(preview.getByText(NEW_MESSAGE).first()).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Save Draft' })).toBeEnabled();
  await expectClean(staff, 'the profile preview with the new message');
  // A date of birth the rules accept: Next goes on to the save, which the preview answers without sending it.
  await previewEnterDateOfBirth(staff, '1985-04-12');
  await expectPreviewSavesNothing(staff);
  await expect(preview.getByText(NEW_MESSAGE)).toHaveCount(0);

  // The enrollment flow: every case, this employer's own first; the waiver's steps with the sample's values.
  await staff.getByRole('link', { name: "Back to the employer's documents" }).click();
  await openDocument(staff, 'Benefits Enrollment', 'enrollment');
  await expectPreviewCases(staff, OWN_CASES, ALL_CASES);
  await expect(preview.getByRole('table', { name: 'Steps per case' }).getByRole('row')).toHaveCount(ALL_CASES + 1);
  await expectPreviewLogo(staff, employerName);
  await expectPreviewSteps(staff, ['Profile', 'Contributions', 'Shopping and Cart']);
  await pickPreviewCase(staff, OWN_CASES[2]!);
  await expect(preview.getByRole('textbox', { name: /First Name/ }).first()).toHaveValue('Sam');
  await preview.getByRole('button', { name: 'Next step' }).click();
  await expect(preview.getByRole('heading', { name: 'Contributions', level: 2 })).toBeVisible();
  const tabs = preview.getByRole('navigation', { name: 'Enrollment sub-steps' }).getByRole('button');
  await expect(tabs).toHaveText(['I. Contributions', 'II. Additional Services', 'III. Your Cart']);
  await expect(preview.getByRole('combobox', { name: /Waiver Reason/ })).toHaveValue('Coverage through Spouse/Partner');
  await preview.getByRole('button', { name: 'Next step' }).click();
  await preview.getByRole('button', { name: 'Next step' }).click();
  await expect(preview.getByRole('heading', { name: 'Your Cart', level: 2 })).toBeVisible();
  await expect(preview.getByRole('table', { name: 'Purchase Summary' })).toContainText('Coverage through Spouse/Partner');
  await expectClean(staff, 'the flow preview of an hsaonly 1 employer');
  await context.close();
});
