/**
 * The portal on a phone (390 x 844, touch) and on a desk (1280 x 800): the header keeps its buttons on the brand's
 * row and every place is reachable from its menus (Contact Us from the side menu); the My Coverage menu works from
 * the keyboard; an unknown address is a page of the portal with its header and a way back; the compare table shows
 * its third plan (scrolling sideways on a phone, with a cue); the Member Fund Chart names each bar's colour. axe
 * finds nothing on each of these screens.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectClean } from './axe.ts';
import { PORTLAND, fillMemberProfile, nextTo, signedInMember } from './support.ts';

const SIZES = [
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['desk', { viewport: { width: 1280, height: 800 } }],
] as const;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `${String(locator)} is laid out`).not.toBeNull();
  return found!;
}

/** The compare list's three first plans, compared. */
async function compareThreePlans(page: Page): Promise<Locator> {
  const compare = page.getByRole('checkbox', { name: 'Compare' });
  for (const index of [0, 1, 2]) await compare.nth(index).check();
  await page.getByRole('button', { name: 'Compare Plans' }).click();
  const table = page.getByRole('table', { name: 'Plan Comparison' });
  await expect(table).toBeVisible();
  return table;
}

for (const [size, options] of SIZES) {
  test.describe(`on a ${size}`, () => {
    test.use(options);
    const phone = size === 'phone';

    test('an unknown address is a page with the header and a way back', async ({ page }) => {
      await page.goto('/no-such-page');
      const header = page.getByRole('banner');
      await expect(page.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Home' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expectClean(page, '/no-such-page signed out');
      await page.getByRole('main').getByRole('link', { name: 'Go to the Home Page' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Welcome to Your Personalized Benefits Enrollment Portal' })).toBeVisible();

      await signedInMember(page, phone ? 'Quinn' : 'Sage');
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible();
      await expectClean(page, '/no-such-page signed in');
      await page.getByRole('main').getByRole('link', { name: 'Go to Getting Started' }).click();
      await expect(page).toHaveURL(/\/profile/);
      await expect(page.getByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).toBeVisible();
    });

    test("the header's row and menus", async ({ page }) => {
      await signedInMember(page, phone ? 'Blake' : 'Drew');
      const header = page.getByRole('banner');
      const signOut = header.getByRole('button', { name: 'Sign Out' });
      await expect(signOut).toBeVisible();

      if (phone) {
        // One row: Sign Out and the menu button side by side, both beside the logo (not wrapped below it).
        const menuButton = header.getByRole('button', { name: 'Open menu' });
        const [logo, out, menu] = [await box(header.getByRole('link', { name: 'Home' })), await box(signOut), await box(menuButton)];
        const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
        expect(Math.abs(middle(out) - middle(menu))).toBeLessThan(4);
        for (const button of [out, menu]) {
          expect(middle(button)).toBeGreaterThan(logo.y);
          expect(middle(button)).toBeLessThan(logo.y + logo.height);
          expect(button.x).toBeGreaterThan(logo.x + logo.width);
          expect(button.x + button.width).toBeLessThanOrEqual(390);
        }

        // Contact Us is in the side menu, as it is in the large header.
        await menuButton.click();
        const sideMenu = page.getByRole('dialog', { name: 'Menu' });
        await expect(sideMenu).toBeVisible();
        await sideMenu.getByRole('link', { name: 'Contact Us' }).click();
        await expect(page).toHaveURL(/\/contact-us$/);
        await expect(page.getByRole('main').getByRole('heading', { name: 'Contact Us' })).toBeVisible();
        await expect(sideMenu).toBeHidden();
        return;
      }

      await expect(header.getByRole('link', { name: 'Contact Us' })).toBeVisible();
      // My Coverage from the keyboard: Enter opens the menu on its first item, Arrow Down moves to the next, Escape
      // closes it and gives the focus back.
      const coverage = header.getByRole('button', { name: 'My Coverage' });
      // The menu loads after the page (a lazy chunk): until then its place holds a plain button a key press would miss.
      await expect(coverage).toHaveAttribute('aria-haspopup', 'menu');
      await coverage.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: 'My Coverage' });
      await expect(menu).toBeVisible();
      await expectClean(page, 'the My Coverage menu open');
      await expect(menu.getByRole('menuitem', { name: 'Current Plan' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'Documents' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(coverage).toBeFocused();
      await coverage.click();
      await menu.getByRole('menuitem', { name: 'Current Plan' }).click();
      await expect(page).toHaveURL(/\/health-plan$/);
    });

    test('the compare table shows its third plan, and the fund chart has a legend', async ({ page }) => {
      test.setTimeout(240_000);
      await signedInMember(page, phone ? 'Reese' : 'Parker');
      await fillMemberProfile(page, PORTLAND);
      await nextTo(page, 'Select your Health Plan Option Below');
      await nextTo(page, 'ICHRA Acknowledgment');
      await page.getByRole('checkbox', { name: /I certify/ }).check();
      await nextTo(page, 'Shop Health Plans');

      const table = await compareThreePlans(page);
      const region = page.getByRole('region', { name: 'Plan Comparison' });
      const third = table.getByRole('columnheader').nth(3);
      const firstLabel = table.getByRole('rowheader').first();
      const cue = page.getByText('Scroll to see more plans');
      if (phone) {
        // Wider than the phone: the cue says so, and the keyboard (or a finger) scrolls the third plan into view
        // while the row labels stay.
        await expect(cue).toBeVisible();
        await expect(third).not.toBeInViewport();
        await expectClean(page, 'Plan Comparison on a phone');
        await region.focus();
        await expect(async () => {
          await page.keyboard.press('ArrowRight');
          await expect(third).toBeInViewport({ ratio: 0.95, timeout: 500 });
        }).toPass({ timeout: 20_000 });
        await expect(firstLabel).toBeInViewport({ ratio: 0.95 });
      } else {
        await expect(third).toBeInViewport({ ratio: 1 });
        await expect(cue).toBeHidden();
        await expectClean(page, 'Plan Comparison on a desk');
      }

      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('button', { name: 'Add to Cart' }).first().click();
      await nextTo(page, 'Plan and Benefits Summary');
      await page.getByRole('button', { name: 'Summary Information' }).click();
      const summary = page.getByRole('dialog', { name: 'Summary Information' });
      const legend = summary.getByRole('list', { name: 'Member Fund Chart legend' });
      await expect(legend.getByRole('listitem').filter({ hasText: /^Employer Contribution \(teal\): \$[\d,]+\.\d\d$/ })).toBeVisible();
      await expect(legend.getByRole('listitem').filter({ hasText: /^Health Plan \(blue\): \$[\d,]+\.\d\d$/ })).toBeVisible();
      await expectClean(page, 'Summary Information with the chart legend');
    });
  });
}
