/**
 * Accessibility of the staff console (WCAG 2.1 AA), as for the employee's routes: axe-core finds nothing on the
 * sign-in page and on every screen the staff admin reaches (the employers, each section of an employer, the document
 * editor with its preview, the event log, the audit trail, the staff users), at 1280 px and at 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectClean } from './axe.ts';
import { STAFF_ADMIN_EMAIL, STAFF_PASSWORD } from './staff-admin.ts';
import { DEMO_EMPLOYER_ID } from './support.ts';

const WIDTHS = [
  ['1280 px', 1280, 900],
  ['390 px', 390, 844],
] as const;
const SECTIONS = ['profile', 'logo', 'contacts', 'ichra-documents', 'products', 'contributions', 'employees', 'sign-in', 'documents', 'reports'];

for (const [name, width, height] of WIDTHS) {
  test(`the staff console has no WCAG 2.1 AA violation at ${name}`, async ({ page }) => {
    // A dozen pages, each checked by axe: longer than one journey on a busy machine.
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height });
    await page.goto('/staff/sign-in');
    await expect(page.getByRole('heading', { name: 'Staff Sign In' })).toBeVisible();
    await expectClean(page, '/staff/sign-in');

    await page.getByLabel('Email').fill(STAFF_ADMIN_EMAIL);
    await page.getByRole('textbox', { name: 'Password' }).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Employers' })).toBeVisible();
    await expectClean(page, '/staff (employers)');

    for (const section of SECTIONS) {
      await page.goto(`/staff/employers/${DEMO_EMPLOYER_ID}/${section}`);
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expectClean(page, `/staff/employers/{demo}/${section}`);
    }

    await page.goto(`/staff/employers/${DEMO_EMPLOYER_ID}/documents/profile`);
    await expect(page.getByRole('heading', { name: 'Personal Details (profile)' })).toBeVisible();
    await expectClean(page, '/staff/employers/{demo}/documents/profile');

    for (const path of ['/staff/events', '/staff/audit', '/staff/users', '/staff/security']) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await expectClean(page, path);
    }
  });
}
