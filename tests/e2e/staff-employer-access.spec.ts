/**
 * Staff see only their employers (issue 33): an admin adds an implementer with one employer (All employers off,
 * the demo employer picked); the implementer's Employers list holds only it, without New Employer, and the second
 * employer's page says it is not theirs.
 */
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { STAFF_ADMIN_EMAIL, STAFF_PASSWORD } from './staff-admin.ts';
import { DEMO_EMPLOYER_NAME, SECOND_EMPLOYER_ID, SECOND_EMPLOYER_NAME, staffSignIn } from './support.ts';

test('an admin assigns one employer to an implementer, who sees only it and is refused another', async ({ page }) => {
  const implementer = `scoped.${randomUUID().slice(0, 8)}@staff.test`;
  await staffSignIn(page, STAFF_ADMIN_EMAIL);
  await page.getByRole('link', { name: 'Staff Users' }).click();
  await page.getByLabel('New staff email').fill(implementer);
  await page.getByLabel('New staff role').selectOption('implementer');
  await page.getByLabel('First password').fill(STAFF_PASSWORD);
  await page.getByRole('checkbox', { name: 'All employers for the new staff user' }).uncheck();
  await page.getByRole('combobox', { name: 'Employers of the new staff user' }).click();
  await page.getByRole('option', { name: DEMO_EMPLOYER_NAME }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add Staff User' }).click();
  await expect(page.getByRole('cell', { name: implementer, exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `All employers for ${implementer}` })).not.toBeChecked();
  await page.getByRole('button', { name: 'Sign Out' }).click();

  await staffSignIn(page, implementer);
  await expect(page.getByRole('link', { name: DEMO_EMPLOYER_NAME })).toBeVisible();
  await expect(page.getByRole('link', { name: SECOND_EMPLOYER_NAME })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New Employer' })).toHaveCount(0);
  await page.goto(`/staff/employers/${SECOND_EMPLOYER_ID}`);
  await expect(page.getByText('This employer is not among yours; an admin can assign it to you on the Staff Users screen.')).toBeVisible();
});
