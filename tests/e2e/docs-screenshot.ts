/**
 * Screenshots of the console for docs/staff.md, taken by the browser tests as they go: of the page's viewport, or
 * of one part of it (a locator). They are written into docs/images/staff only when DOCS_SCREENSHOTS is set
 * (`npm run docs:screenshots`), so an ordinary test run changes no file of the clone; otherwise they go to
 * test-results with the run's other output.
 */
import type { Locator, Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The console's header stays at the top of the screen: over a part taller than the screen it would hide a band. */
const HEADER_OUT_OF_THE_WAY = 'header { visibility: hidden !important; }';

export async function docsScreenshot(target: Page | Locator, name: string): Promise<void> {
  const folder = process.env.DOCS_SCREENSHOTS ? 'docs/images/staff' : 'test-results/staff-screenshots';
  const part = 'page' in target;
  await target.screenshot({ path: `${root}${folder}/${name}.png`, animations: 'disabled', caret: 'hide', ...(part ? { style: HEADER_OUT_OF_THE_WAY } : {}) });
}
