/** axe-core's checks of WCAG 2.1 AA, as every browser test runs them. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's findings on the page as it is now, one line each: rule, impact and the elements it names. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? ''}): ${violation.help} -> ${violation.nodes
        .map((node) => `${node.target.join(' ')} ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
        .join(' | ')}`,
  );
}

/** Every finding is listed under `where`, so one run names them all. */
export async function expectClean(page: Page, where: string): Promise<void> {
  // Modals and drawers animate in: axe reads colours mid-transition otherwise.
  await page.waitForTimeout(0);
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  expect.soft(await violations(page), where).toEqual([]);
}

