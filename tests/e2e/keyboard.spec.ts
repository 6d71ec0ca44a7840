/**
 * The enrollment by keyboard on a 1280 x 800 desk (issue 36): Tab first reaches the skip link to the main content;
 * the gender options share one line; Add Dependent leaves the focus in the new dependent's first field; Next leaves
 * it on the new step's heading; the shop's Skip to plans passes the filters, so the first Add to Cart is a few Tabs
 * away. axe finds nothing on the screens walked.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectClean } from './axe.ts';
import { PORTLAND, fillMemberProfile, nextTo, signedInMember, waitOutNextThrottle } from './support.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** Tab until `target` has the focus, at most `most` times; answers how many Tabs it took. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, most: number): Promise<number> {
  for (let tabs = 1; tabs <= most; tabs += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return tabs;
  }
  throw new Error(`not reached in ${most} Tabs`);
}

test('skip links, the focus after Add Dependent and after Next, and Skip to plans, by keyboard', async ({ page }) => {
  await signedInMember(page, 'Kim');
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeVisible();

  // The first Tab: the skip link, which moves the focus to the main content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // Male and Female on one line.
  const gender = page.getByRole('radiogroup', { name: /^Gender/ }).first();
  const [male, female] = await Promise.all(['Male', 'Female'].map((name) => gender.getByLabel(name, { exact: true }).boundingBox()));
  expect(male!.y).toBe(female!.y);

  // Add Dependent: the new dependent's first field takes the focus; Remove takes the dependent away again.
  await tabTo(page, page.getByRole('button', { name: 'Add Dependent' }), 60);
  await page.keyboard.press('Enter');
  const dependent = page.getByRole('group', { name: 'Dependent #1' });
  await expect(dependent.getByRole('textbox', { name: 'First Name' })).toBeFocused();
  await expectClean(page, 'the profile with a new dependent');
  await dependent.getByRole('button', { name: /Remove/ }).focus();
  await page.keyboard.press('Enter');
  await expect(dependent).toHaveCount(0);

  // Next: the new step's heading has the focus.
  await fillMemberProfile(page, PORTLAND);
  await waitOutNextThrottle(page);
  await next.focus();
  await page.keyboard.press('Enter');
  const choice = page.getByRole('heading', { name: 'Select your Health Plan Option Below' });
  await expect(choice).toBeFocused({ timeout: 15_000 });
  await expectClean(page, 'the choice step after Next');

  await nextTo(page, 'ICHRA Acknowledgment');
  await expect(page.getByRole('heading', { name: 'ICHRA Acknowledgment' })).toBeFocused();
  await page.getByRole('checkbox', { name: /I certify/ }).check();
  await nextTo(page, 'Shop Health Plans');
  await expect(page.getByRole('heading', { name: 'Shop Health Plans' })).toBeFocused();
  await expect(page.getByRole('article').first()).toBeVisible();

  // From the heading: Skip to plans comes before the filters, and the first Add to Cart is then a few Tabs away.
  const toSkip = await tabTo(page, page.getByRole('link', { name: 'Skip to plans' }), 6);
  await page.keyboard.press('Enter');
  const toAdd = await tabTo(page, page.getByRole('article').first().getByRole('button', { name: 'Add to Cart' }), 8);
  expect(toSkip + toAdd).toBeLessThanOrEqual(12);
  await expectClean(page, 'the shop after Skip to plans');
});
