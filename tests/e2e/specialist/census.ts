/**
 * The specialist's census steps in the staff console, for the journeys to compose (each starts from a signed-in
 * implementer or admin): create an employer and copy its registration link; import a census into the employer
 * whose page is open and read the report in words.
 */
import { expect, type Page } from '@playwright/test';
import { employerSection } from '../support.ts';

/**
 * Creates an employer named `name` (the other settings as the form proposes them) from the console's New Employer
 * screen; the employer's page opens confirming it with its registration link, which is copied with Copy ("Copied"
 * is announced). Answers the employer's accountid and the link as shown.
 */
export async function createEmployerAndCopyLink(page: Page, name: string): Promise<{ accountid: string; link: string }> {
  // Copy writes to the clipboard; allowing it here keeps the step the same in any browser context.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await page.getByRole('link', { name: 'New Employer' }).click();
  await page.getByLabel('Employer Name').fill(name);
  await page.getByRole('button', { name: 'Create Employer' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const accountid = /\/employers\/([^/?#]+)/.exec(page.url())![1]!;

  const box = page.getByRole('group', { name: 'Registration Link' });
  await expect(box.getByText('Employer created. Its employees register with this link:')).toBeVisible();
  const shown = box.getByRole('link', { name: /\/register\?employer_id=/ });
  const link = (await shown.textContent())!.trim();
  expect(link).toMatch(new RegExp(`/register\\?employer_id=${accountid}$`));
  await box.getByRole('button', { name: 'Copy registration link' }).click();
  await expect(box.getByRole('status')).toHaveText('Copied');
  return { accountid, link };
}

/**
 * Imports `csv` as the census of the employer whose page is open (Employees section), optionally e-mailing each new
 * employee the set-password link, and waits for the report, e.g. 'Census imported: 2 added, 1 updated, 0 unchanged.'
 */
export async function importCensus(page: Page, csv: string, expectedReport: string, options: { invite?: boolean } = {}): Promise<void> {
  await employerSection(page, 'Employees');
  await page.getByLabel('E-mail each imported employee the set-password link').setChecked(options.invite ?? false);
  await page.getByLabel('Census (CSV)').setInputFiles({ name: 'census.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import Census' }).click();
  await expect(page.getByRole('status').filter({ hasText: expectedReport })).toBeVisible();
}
