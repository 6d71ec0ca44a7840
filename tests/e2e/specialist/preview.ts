/**
 * The browser steps of the document editor's preview (the employee's screen from the unsaved draft), for the
 * specialist's journey: what the preview shows, its "Check", the cases it offers, and a logo for the employer.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The editor's preview section. */
export function previewRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Preview' });
}

/** Every text is visible in the preview (each as a whole text, the first match). */
export async function expectPreviewShows(page: Page, texts: string[]): Promise<void> {
  const preview = previewRegion(page);
  for (const text of texts) await expect(preview.getByText(text, { exact: true }).first(), `the preview shows '${text}'`).toBeVisible();
}

/** The preview shows the employee's header with this employer's logo (its alt text: '<name> logo'). */
export async function expectPreviewLogo(page: Page, employerName: string): Promise<void> {
  await expect(previewRegion(page).getByRole('img', { name: `${employerName} logo` })).toBeVisible();
}

/**
 * Checks the previewed form as the employee's button would: the profile's Next (the preview saves nothing), or
 * "Check" for a form shown on its own.
 */
export async function previewCheck(page: Page): Promise<void> {
  await previewRegion(page).getByRole('button', { name: /^(Next|Check)$/ }).first().click();
}

/** What the preview answers a save with: it sends nothing. */
export const PREVIEW_SENDS_NOTHING = 'The preview sends nothing: this is what the employee sees.';

/**
 * Presses the profile's Next on a form its rules accept: the preview answers the save itself and says it sends
 * nothing. Pressed again until it answers, since Next takes one press a second.
 */
export async function expectPreviewSavesNothing(page: Page): Promise<void> {
  await expect(async () => {
    await previewCheck(page);
    await expect(previewRegion(page).getByText(PREVIEW_SENDS_NOTHING).first()).toBeVisible({ timeout: 1000 });
  }).toPass();
}

/** Types a date of birth into the previewed profile (the member's DOB, the first of the form). */
export async function previewEnterDateOfBirth(page: Page, date: string): Promise<void> {
  await previewRegion(page).getByLabel('DOB').first().fill(date);
}

/**
 * The preview's case picker offers every case the publish proof walks (`total`), these first, in order: those of
 * this employer's own settings.
 */
export async function expectPreviewCases(page: Page, first: string[], total: number): Promise<void> {
  const options = previewRegion(page).getByRole('combobox', { name: 'Case' }).locator('option');
  await expect(options).toHaveCount(total);
  for (const [index, name] of first.entries()) await expect(options.nth(index)).toHaveText(name);
}

/** Picks a case of the sequence table in the preview; its steps show in the employee's step bar. */
export async function pickPreviewCase(page: Page, name: string): Promise<void> {
  await previewRegion(page).getByRole('combobox', { name: 'Case' }).selectOption(name);
}

/** The employee's step bar in the preview names these major steps, in order. */
export async function expectPreviewSteps(page: Page, steps: string[]): Promise<void> {
  const bar = previewRegion(page).getByRole('navigation', { name: 'Enrollment steps' });
  for (const step of steps) await expect(bar.getByText(step, { exact: true })).toBeVisible();
}
