/**
 * Checks of the staff console's layout that a specialist on a phone (390 px) relies on, for any journey to call on
 * the screen it has open: the console's header never covers the screen below it, and no table widens the page past
 * the screen (a wide table scrolls sideways on its own).
 */
import { expect, type Page } from '@playwright/test';

/** The header's links and Sign Out (wrapped on a phone) all end above the screen's main heading: nothing is covered. */
export async function expectHeaderClearOfScreen(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Console' });
  const heading = await page.getByRole('heading', { level: 1 }).first().boundingBox();
  expect(heading, 'the screen has a main heading').not.toBeNull();
  const items = await nav.getByRole('link').or(nav.getByRole('button')).or(nav.getByText(/\((viewer|implementer|admin)\)$/)).all();
  expect(items.length, 'the header has its links, who is signed in and Sign Out').toBeGreaterThan(3);
  for (const item of items) {
    const box = await item.boundingBox();
    expect(box!.y + box!.height, `${await item.innerText()} ends above the main heading`).toBeLessThanOrEqual(heading!.y);
  }
}

/** The page is no wider than the window (`where` names the screen in the failure). */
export async function expectNoSidewaysPage(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page, `${where}: the page is no wider than the window`).toBeLessThanOrEqual(widths.window);
}
