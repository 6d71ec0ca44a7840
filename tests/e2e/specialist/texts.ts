/**
 * The browser steps of the texts list and the change confirmations (issue 21), for the specs and the specialist's
 * journey: a text found by searching the list and changed; the draft saved; publish and roll back confirmed after
 * reading what changes; the diff between two versions shown coloured.
 */
import { expect, type Page } from '@playwright/test';

/**
 * In the open document's Texts, searches `search`, checks that the text titled `title` (what the employee sees:
 * "Personal Details › DOB › message of a check") is among those found and is shown with its key and where it
 * appears (`place`, when given), changes it to `newText`, and answers its text before.
 */
export async function changeTextFromList(page: Page, { search, title, newText, place }: { search: string; title: string; newText: string; place?: string }): Promise<string> {
  await page.getByRole('textbox', { name: 'Search texts' }).fill(search);
  await expect(page.getByText(/^\d+ of \d+ texts$/)).toBeVisible();
  const text = page.getByRole('textbox', { name: title, exact: true });
  if (place) await expect(text).toHaveAccessibleDescription(new RegExp(place.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  const before = await text.inputValue();
  await text.fill(newText);
  await expect(text).toHaveValue(newText);
  return before;
}

/** Saves the editor's draft: Save Draft, and the console says the version it saved. */
export async function saveDraft(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText(/^Draft saved as version \d+\.$/)).toBeVisible();
}

/** The confirmation dialog titled `title` is open and lists exactly `expectedChanges` (texts, or patterns of them): confirms it. */
export async function confirmChanges(page: Page, title: string, expectedChanges: (string | RegExp)[]): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Changes' }).getByRole('listitem')).toHaveText(expectedChanges);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Publishes the saved draft: Publish, the dialog lists `expectedChanges` (texts, or patterns of them), Confirm; the version is published. */
export async function publishWithConfirmation(page: Page, expectedChanges: (string | RegExp)[]): Promise<void> {
  await page.getByRole('button', { name: 'Publish' }).click();
  await confirmChanges(page, 'Publish these changes?', expectedChanges);
  await expect(page.getByText(/^Version \d+ published\.$/)).toBeVisible();
}

/**
 * Rolls back to a version (0: the base document): the dialog lists `expectedChanges`; with `cancel` it is
 * cancelled (nothing changes), else confirmed and the roll back done.
 */
export async function rollBackWithConfirmation(page: Page, { version, expectedChanges, cancel = false }: { version: number; expectedChanges: string[]; cancel?: boolean }): Promise<void> {
  const [button, title] = version === 0 ? ['Roll back to the base document', 'Roll back to the base document?'] : [`Roll back to version ${version}`, `Roll back to version ${version}?`];
  await page.getByRole('button', { name: button, exact: true }).click();
  if (cancel) {
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByRole('list', { name: 'Changes' }).getByRole('listitem')).toHaveText(expectedChanges);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    return;
  }
  await confirmChanges(page, title, expectedChanges);
  await expect(page.getByText('Rolled back: employees get the chosen version on their next page load.')).toBeVisible();
}

/**
 * Shows the diff from the base document to the newest version and checks that `removed` and `added` appear as
 * a removed line (-, on red) and an added line (+, on green), in the unified view and side by side.
 */
export async function showColouredDiff(page: Page, { removed, added }: { removed: string; added: string }): Promise<void> {
  await page.getByRole('combobox', { name: 'Diff from' }).selectOption('0');
  await page.getByRole('combobox', { name: 'Diff to' }).selectOption('');
  await page.getByRole('button', { name: 'Show Diff' }).click();
  const diff = page.getByRole('region', { name: /^Diff from base document to version \d+$/ });
  await expect(diff).toBeVisible();
  await diff.getByText('The JSON lines', { exact: true }).click();
  const minus = diff.getByText(removed).and(page.locator('[data-op="-"]'));
  const plus = diff.getByText(added).and(page.locator('[data-op="+"]'));
  await expect(minus).toHaveText(new RegExp(`^- `));
  await expect(plus).toHaveText(new RegExp(`^\\+ `));
  await expect(minus).toHaveCSS('background-color', 'rgb(255, 245, 245)');
  await expect(plus).toHaveCSS('background-color', 'rgb(235, 251, 238)');
  await expect(diff.getByRole('button', { name: /^\d+ unchanged lines$/ }).first()).toBeVisible();

  await diff.getByRole('switch', { name: 'Side by side' }).check();
  const table = diff.getByRole('table', { name: 'Diff side by side' });
  const row = table.getByRole('row').filter({ hasText: removed });
  await expect(row.getByRole('cell').nth(0)).toContainText(`- `);
  await expect(row.getByRole('cell').nth(1)).toContainText(`+ `);
  await expect(row.getByRole('cell').nth(1)).toContainText(added);
}
