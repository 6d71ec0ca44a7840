/**
 * Texts in two languages for one employer (issue 23): an implementer opens a new employer's profile, finds the
 * page heading in the texts list and writes its Spanish beside the English (a mark the English does not have is
 * shown wrong before any save, and the count of texts missing Spanish follows); the preview in Español shows the
 * heading in Spanish, and English again in English. Saved and published (the confirmation says the Spanish change in
 * words), the employer's employee reading Spanish gets that heading, reading English the English one; another
 * employer's profile in Spanish does not have it. Axe finds nothing on the texts side by side.
 */
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectClean } from './axe.ts';
import { expectPreviewShows, previewRegion } from './specialist/preview.ts';
import { publishWithConfirmation, saveDraft } from './specialist/texts.ts';
import { DEMO_EMPLOYER_ID, openDocument, signedInMember, staffSignIn } from './support.ts';

const HEADING = 'Welcome to your Benefits Package Creator';
const tag = randomUUID().slice(0, 8);
/** The employer's own Spanish of the profile's heading (tagged: no base text and no other test has it). */
const SPANISH_HEADING = `Bienvenido a sus beneficios de Acme ${tag}`;

/** The number of texts the "Missing Spanish" filter counts as without Spanish (its description says it). */
async function textsWithoutSpanish(page: Page): Promise<number> {
  const filter = page.getByRole('checkbox', { name: 'Missing Spanish' });
  const described = await filter.evaluate((box) => (box.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
  if (described.includes('Every text has its Spanish.')) return 0;
  return Number(/(\d+) texts? ha(?:s|ve) no Spanish/.exec(described)?.[1]);
}

/** The profile document employees of `accountid` get in `lang` (the content route's `lang` query). */
async function servedHeading(page: Page, accountid: string, lang: 'en' | 'es'): Promise<string> {
  const answer = await page.request.get(`/api/content/forms/profile?accountid=${accountid}&lang=${lang}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { document: { messages: Record<string, string> } } }).data.document.messages.heading!;
}

test("an implementer writes a text's Spanish beside its English, sees it in the preview in Español, and the employer's Spanish-reading employees get it", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await staffSignIn(page);
  const employerName = `Idiomas Co ${tag}`;
  await page.getByRole('link', { name: 'New Employer' }).click();
  await page.getByLabel('Employer Name').fill(employerName);
  await page.getByLabel('Employer Email').fill(`benefits.${tag}@example.com`);
  await page.getByLabel(/^Plan Year( \*)?$/).fill('2027');
  await page.getByLabel('Plan Year Start').fill('2027-01-01');
  await page.getByRole('button', { name: 'Create Employer' }).click();
  await expect(page.getByRole('heading', { name: employerName, level: 1 })).toBeVisible();
  const accountid = /\/employers\/([^/]+)/.exec(page.url())![1]!;

  // The heading's English and Spanish side by side; its Spanish emptied first, so it is surely counted missing.
  await openDocument(page, 'Personal Details', 'profile');
  await page.getByRole('textbox', { name: 'Search texts' }).fill('heading');
  const english = page.getByRole('textbox', { name: 'Personal Details › page heading', exact: true });
  const spanish = page.getByRole('textbox', { name: 'Personal Details › page heading in Spanish', exact: true });
  await expect(english).toHaveValue(HEADING);
  await expect(english).toHaveAccessibleDescription('Key heading · where: page heading');
  await spanish.fill('');
  await expect(spanish).toHaveAccessibleDescription(/No Spanish yet/);
  const missing = await textsWithoutSpanish(page);
  expect(missing).toBeGreaterThan(0);

  // A mark the English does not have is shown wrong at once; the right text clears it and the count drops.
  await spanish.fill(`${SPANISH_HEADING} {nombre}`);
  await expect(spanish).toHaveAttribute('aria-invalid', 'true');
  await expect(spanish).toHaveAccessibleDescription(/the translation must keep the marks of the text \(none\)/);
  await spanish.fill(SPANISH_HEADING);
  await expect(spanish).not.toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => textsWithoutSpanish(page)).toBe(missing - 1);
  await expect(english).toHaveValue(HEADING);
  await expectClean(page, 'texts in English and Spanish');

  // The preview in Español shows the unsaved Spanish heading; English shows the English one again.
  const preview = previewRegion(page);
  await expectPreviewShows(page, [HEADING]);
  await preview.getByText('Español', { exact: true }).click();
  await expect(preview.getByRole('heading', { name: SPANISH_HEADING })).toBeVisible();
  await expect(preview.getByRole('heading', { name: HEADING })).toHaveCount(0);
  await expect(preview.locator('[lang="es"]').getByRole('heading', { name: SPANISH_HEADING })).toBeVisible();
  await preview.getByText('English', { exact: true }).click();
  await expect(preview.getByRole('heading', { name: HEADING })).toBeVisible();

  // Saved and published: the confirmation says the Spanish change in words.
  await saveDraft(page);
  const said = new RegExp(`^Spanish text of message 'heading' (added: '${SPANISH_HEADING}'|changed: '.*' to '${SPANISH_HEADING}')$`);
  await publishWithConfirmation(page, [said]);

  // Served: this employer's profile in Spanish has the heading, in English the English one; another employer's has not.
  expect(await servedHeading(page, accountid, 'es')).toBe(SPANISH_HEADING);
  expect(await servedHeading(page, accountid, 'en')).toBe(HEADING);
  expect(await servedHeading(page, DEMO_EMPLOYER_ID, 'es')).not.toBe(SPANISH_HEADING);

  // An employee of the employer: registered in English, then reading Spanish (the language cookie), then English.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const employee = await context.newPage();
  await signedInMember(employee, 'Lucia', accountid);
  await expect(employee.getByRole('heading', { name: HEADING })).toBeVisible();
  const origin = new URL(employee.url()).origin;
  await context.addCookies([{ name: 'bp_lang', value: 'es', url: origin }]);
  await employee.reload();
  await expect(employee.getByRole('heading', { name: SPANISH_HEADING })).toBeVisible();
  await expect(employee.locator('html')).toHaveAttribute('lang', 'es');
  await context.addCookies([{ name: 'bp_lang', value: 'en', url: origin }]);
  await employee.reload();
  await expect(employee.getByRole('heading', { name: HEADING })).toBeVisible();
  await context.close();
});
