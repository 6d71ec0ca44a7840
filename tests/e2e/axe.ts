/** axe-core's WCAG 2.1 AA check of a page as it is now, shared by the journeys that check a screen or a dialog. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's findings on the page as it is now, one line each: rule, impact and the elements it names. */
async function violations(page: Page): Promise<string[]> {
  // Legacy mode runs axe.run in the page itself; the default opens a blank page for every check to merge the frames'
  // results, a renderer started and closed per check (the portal has no frames to merge).
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).setLegacyMode().analyze();
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
