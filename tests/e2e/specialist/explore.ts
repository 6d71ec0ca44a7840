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

/**
 * In the Employees section of an employer: the census file's columns are said where the file is chosen (read with
 * the picker), and the choice to e-mail the set-password links comes before the import it applies to.
 */
export async function expectCensusColumnsExplained(page: Page): Promise<void> {
  const file = page.getByLabel('Census (CSV)');
  await expect(file).toHaveAccessibleDescription(
    'First line: the column names. Required: firstname, lastname, email, birthdate; optional: class, zip, hiredate, externalid. Dates as YYYY-MM-DD or MM/DD/YYYY.',
  );
  const invite = await page.getByLabel('E-mail each imported employee the set-password link').boundingBox();
  const picker = await file.boundingBox();
  expect(invite!.y, 'the e-mail choice is above the census file').toBeLessThan(picker!.y);
}
