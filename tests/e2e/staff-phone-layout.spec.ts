/**
 * The staff console on a phone (390 x 844): the header's links and Sign Out wrap onto more rows and push the screen
 * down instead of covering its heading; the tables of contacts, of contribution rules and the field builder's list
 * scroll sideways on their own instead of widening the page. axe finds nothing on the filled tables.
 */
import { expect, test } from '@playwright/test';
import { expectClean } from './axe.ts';
import { expectHeaderClearOfScreen, expectNoSidewaysPage } from './specialist/explore.ts';
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
