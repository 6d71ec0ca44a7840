/**
 * The staff console on a phone (390 x 844): the header's links and Sign Out wrap onto more rows and push the screen
 * down instead of covering its heading; the tables (contacts, contribution rules, the field builder's list,
 * employees, the enrollment report, the event log, the audit trail, staff users) scroll sideways on their own
 * instead of widening the page; the census's columns are said where its file is chosen; the registration link's
 * Copy is read whole and Save Employer says it saved. axe finds nothing on the filled tables.
 */
import { expect, test } from '@playwright/test';
import { expectClean } from './axe.ts';
import { createEmployerAndCopyLink, importCensus } from './specialist/census.ts';
import { expectCensusColumnsExplained, expectHeaderClearOfScreen, expectNoSidewaysPage } from './specialist/explore.ts';
import { DEMO_EMPLOYER_ID, employerSection, openDocument, staffSignIn } from './support.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the console header covers nothing and the wide tables scroll on their own', async ({ page }) => {
  await staffSignIn(page);
  await expectHeaderClearOfScreen(page);

  await page.goto(`/staff/employers/${DEMO_EMPLOYER_ID}/profile`);
  await expect(page.getByRole('heading', { name: 'Acme Benefits Demo', level: 1 })).toBeVisible();
  await expectHeaderClearOfScreen(page);

  // Rows added but not saved: the demo employer stays as it is for the other specs.
  await employerSection(page, 'Contacts');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  await expect(page.getByRole('combobox', { name: /^Contact \d+ type$/ }).last()).toBeVisible();
  await expectNoSidewaysPage(page, 'Contacts');

  await employerSection(page, 'Contributions');
  await page.getByRole('button', { name: 'Add Age Band' }).click();
  const family = page.getByRole('combobox', { name: /^Rule \d+ family$/ }).last();
  await expect(family).toBeVisible();
  await expectNoSidewaysPage(page, 'Contributions');
  // Each family tier is read whole in its select, not cut to 'Employee +'.
  const room = await family.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const widest = Math.max(...[...select.options].map((option) => context.measureText(option.text).width));
    return { widest, inside: select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
  });
  expect(room.widest, 'the widest family tier fits its select').toBeLessThanOrEqual(room.inside);
  await expectClean(page, 'contributions with rules at 390 px');

  await openDocument(page, 'Personal Details', 'profile');
  await expect(page.getByRole('table', { name: 'Fields in order' })).toBeVisible();
  await expectNoSidewaysPage(page, 'the document editor');
});

test('on a phone the employees, the report, the event log, the audit trail and staff users fit the screen', async ({ page }) => {
  await staffSignIn(page);
  const tag = Date.now();
  await createEmployerAndCopyLink(page, `Phone Layout Co ${tag}`);
  // Just copied: the status says so, the button keeps its words (part of its name, else axe objects).
  const copy = page.getByRole('button', { name: 'Copy registration link' });
  await expect(copy).toHaveText('Copy');
  // Read whole beside the long link, not squeezed to 'Co'.
  expect(await copy.evaluate((button) => [button, ...button.querySelectorAll('*')].every((part) => part.scrollWidth <= part.clientWidth))).toBe(true);
  await expectClean(page, 'registration link just copied');
  await page.getByRole('button', { name: 'Save Employer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Employer saved.' })).toBeVisible();
  await page.getByLabel('Employer Email').fill(`hr.${tag}@example.com`);
  await expect(page.getByText('Employer saved.')).toHaveCount(0);
  await employerSection(page, 'Employees');
  await expectCensusColumnsExplained(page);
  const csv = `firstname,lastname,email,birthdate,zip,externalid\nRosa,Diaz,rosa.${tag}@example.com,1985-04-12,97201,E-100\n`;
  await importCensus(page, csv, 'Census imported: 1 added, 0 updated, 0 unchanged.');
  await expect(page.getByRole('table', { name: 'Employees' })).toBeVisible();
  await expectNoSidewaysPage(page, 'Employees');
  await expectClean(page, 'employees at 390 px');

  await employerSection(page, 'Reports');
  await expect(page.getByRole('table', { name: 'Enrollment' })).toBeVisible();
  await expectNoSidewaysPage(page, 'Reports');

  const nav = page.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Event Log' }).click();
  await expect(page.getByRole('table', { name: 'Events' })).toBeVisible();
  await expectNoSidewaysPage(page, 'Event Log');

  await nav.getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page.getByRole('table', { name: 'Audit trail' })).toBeVisible();
  await expectNoSidewaysPage(page, 'Audit Trail');
  await expectClean(page, 'audit trail at 390 px');

  await nav.getByRole('link', { name: 'Staff Users' }).click();
  await expect(page.getByRole('table', { name: 'Staff users' })).toBeVisible();
  await expectNoSidewaysPage(page, 'Staff Users');
});
