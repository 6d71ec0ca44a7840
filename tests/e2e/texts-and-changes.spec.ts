/**
 * Texts and what changes (issue 21): an implementer finds the date-of-birth message of an employer's profile by
 * searching "birth" in the texts list, where it is shown by the field it is about, changes it, saves and publishes
 * after a confirmation that names the change in words; the diff from the base document shows it coloured; a roll
 * back shows its own confirmation (cancelled: nothing changes; confirmed: the base text is back). The enrollment
 * flow labels its two Contributions steps apart. axe-clean with the dialog open and with the diff shown.
 */
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectClean } from './axe.ts';
import { changeTextFromList, confirmChanges, rollBackWithConfirmation, saveDraft, showColouredDiff } from './specialist/texts.ts';
import { openDocument, staffSignIn } from './support.ts';

const ORIGINAL = 'DOB must be between 1941-01-01 and today.';
const NEW_TEXT = 'Please give a date of birth from 1941-01-01 to today.';
const CHANGE = `Message 'dob-range': '${ORIGINAL}' to '${NEW_TEXT}'`;

test('a specialist finds a text by searching, publishes after reading the change in words, sees the diff coloured and rolls back', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await staffSignIn(page);
  // An employer of this test's own, so no other journey sees its texts change.
  const tag = randomUUID().slice(0, 8);
  const employerName = `Texts Co ${tag}`;
  await page.getByRole('link', { name: 'New Employer' }).click();
  await page.getByLabel('Employer Name').fill(employerName);
  await page.getByLabel('Employer Email').fill(`benefits.${tag}@example.com`);
  await page.getByLabel(/^Plan Year( \*)?$/).fill('2027');
  await page.getByLabel('Plan Year Start').fill('2027-01-01');
  await page.getByRole('button', { name: 'Create Employer' }).click();
  await expect(page.getByRole('heading', { name: employerName, level: 1 })).toBeVisible();

  // The enrollment flow: the step Contributions and its sub-step are told apart; step titles are its texts.
  await openDocument(page, 'Benefits Enrollment', 'enrollment');
  await expect(page.getByRole('checkbox', { name: 'Contributions', exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Contributions › Contributions' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Benefits Enrollment › Contributions › Contributions › step title', exact: true })).toHaveAccessibleDescription('Key choice · where: step 2, sub-step 1 of Contributions — title');
  await expect(page.getByRole('table', { name: 'Steps per case' }).getByText('Contributions › Contributions').first()).toBeVisible();
  await page.getByRole('link', { name: "Back to the employer's documents" }).click();

  // The profile: "birth" finds the date-of-birth range message by the field it is about.
  await openDocument(page, 'Personal Details', 'profile');
  const before = await changeTextFromList(page, { search: 'birth', title: 'Personal Details › DOB › message of a check', newText: NEW_TEXT, place: "Key dob-range · where: DOB (field birthdate) — rule 'dob-range' message" });
  expect(before).toBe(ORIGINAL);
  await expect(page.getByRole('textbox', { name: /› First Name › error when left empty/ })).toHaveCount(0);
  await saveDraft(page);

  // Publish: the dialog names the change; axe-clean while it is open.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('dialog', { name: 'Publish these changes?' })).toBeVisible();
  await expectClean(page, 'publish confirmation');
  await confirmChanges(page, 'Publish these changes?', [CHANGE]);
  await expect(page.getByText(/^Version \d+ published\.$/)).toBeVisible();

  // The diff from the base document: the old line red with -, the new one green with +; axe-clean.
  await showColouredDiff(page, { removed: ORIGINAL, added: NEW_TEXT });
  await expectClean(page, 'diff side by side');
  await page.getByRole('switch', { name: 'Side by side' }).uncheck();
  const folded = page.getByRole('button', { name: /^\d+ unchanged lines$/ }).first();
  await folded.click();
  await expect(page.getByRole('button', { name: /^Hide \d+ unchanged lines$/ }).first()).toHaveAttribute('aria-expanded', 'true');
  await expectClean(page, 'diff unified, a run unfolded');

  // Roll back to the base document: cancelled, nothing changes; confirmed, the base text is what employees get.
  const published = page.getByText(/^Employees get published version \d+\.$/);
  const state = await published.textContent();
  await page.getByRole('button', { name: 'Roll back to the base document' }).click();
  await expect(page.getByRole('dialog', { name: 'Roll back to the base document?' })).toBeVisible();
  await expectClean(page, 'roll back confirmation');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(published).toHaveText(state!);
  await rollBackWithConfirmation(page, { version: 0, expectedChanges: [`Message 'dob-range': '${NEW_TEXT}' to '${ORIGINAL}'`] });
  await expect(published).not.toHaveText(state!);
  const answer = await page.request.get(`/api/content/forms/profile?accountid=${/\/employers\/([^/]+)/.exec(page.url())![1]}`);
  expect(((await answer.json()) as { data: { document: { messages: Record<string, string> } } }).data.document.messages['dob-range']).toBe(ORIGINAL);
});
