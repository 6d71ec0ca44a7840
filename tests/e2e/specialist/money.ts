/**
 * The specialist's money and files steps in the staff console (issue 21), for the specialist journey and
 * staff-money-files.spec.ts. Each starts on an employer's page of the console, signed in as staff who may change
 * it (implementer or admin), and checks what the person sees: messages, values kept as typed, files that open.
 */
import { expect, type Page, type Response } from '@playwright/test';
import { expectClean } from '../axe.ts';
import { employerSection, uploadIchraDocument } from '../support.ts';

/** A real JPEG, drawn by the browser's canvas: what a person would pick as a logo. */
export async function jpegLogo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 20;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1c5fb8';
    context.fillRect(0, 0, 40, 20);
    return canvas.toDataURL('image/jpeg', 0.8);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The rule rows the Contributions section shows now. */
const ruleCount = (page: Page) => page.getByLabel(/^Rule \d+ class$/).count();

/** Adds an age band (a rule per tier) of `contributionClass` for ages from..to at `amount`; answers its first rule's number. */
async function addAgeBand(page: Page, band: { contributionClass: string; from: number; to: number; amount: string }): Promise<number> {
  const first = (await ruleCount(page)) + 1;
  await page.getByRole('button', { name: 'Add Age Band' }).click();
  for (let rule = first; rule < first + 4; rule += 1) {
    await page.getByLabel(`Rule ${rule} class`).fill(band.contributionClass);
    await page.getByLabel(`Rule ${rule} from age`).fill(String(band.from));
    await page.getByLabel(`Rule ${rule} to age`).fill(String(band.to));
    await page.getByLabel(`Rule ${rule} monthly amount`).fill(band.amount);
  }
  return first;
}

/**
 * In the Contributions section, enters one band of `contributionClass` for ages 0 to 64 and saves: the rules are
 * refused, the message names the missing band of each tier (ages 65 to 120), and nothing is saved. The preview,
 * which computes with the rules on screen, refuses them the same way.
 */
export async function refuseRulesWithoutOldAge(page: Page, contributionClass: string): Promise<void> {
  await employerSection(page, 'Contributions');
  await addAgeBand(page, { contributionClass, from: 0, to: 64, amount: '300' });
  await page.getByRole('button', { name: 'Save Draft' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'The draft was not saved' });
  await expect(refused).toContainText(`Class ${contributionClass}, tier Employee + Spouse: no contribution for ages 65 to 120.`);
  await expect(refused).toContainText(`Class ${contributionClass}, tier Family: no contribution for ages 65 to 120.`);
  await expect(page.getByText(DRAFT_SAVED)).toHaveCount(0);
  await expectClean(page, 'contribution rules refused for a missing age band');

  await page.getByLabel('Preview class').fill(contributionClass);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'These contribution rules are refused' }).last()).toContainText(
    `Class ${contributionClass}, tier Employee: no contribution for ages 65 to 120.`,
  );
}

/**
 * Adds the band of ages 65 to 120 of `contributionClass` at `amount` dollars; previews a 70-year-old alone in
 * ZIP 30301 BEFORE saving (the preview shows the unsaved amount), then saves the draft and publishes it.
 */
export async function previewAndSaveOldAgeBand(page: Page, contributionClass: string, amount: string): Promise<void> {
  await addAgeBand(page, { contributionClass, from: 65, to: 120, amount });
  await page.getByLabel('Preview class').fill(contributionClass);
  await page.getByLabel('Preview age').fill('70');
  await page.getByLabel('With a spouse').uncheck();
  await page.getByLabel('Children').fill('0');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const dollars = Number(amount).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  await expect(page.getByRole('status').filter({ hasText: `a 70-year-old in class ${contributionClass} in ZIP 30301 gets ${dollars}` })).toBeVisible();
  await saveAndPublishRules(page);
}

const DRAFT_SAVED = 'Draft saved. Employees are paid by the published rules until it is published.';

/** Saves the rules on screen as the draft, previews it and publishes it as previewed. */
export async function saveAndPublishRules(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText(DRAFT_SAVED)).toBeVisible();
  await page.getByRole('button', { name: 'Preview Changes' }).click();
  await page.getByRole('button', { name: 'Publish Draft' }).click();
  await expect(page.getByText('Contribution rules published: employees are paid by them from now on.')).toBeVisible();
}

/** In the Contributions section, saves and publishes one band for every age (a rule per tier) at `amount` dollars a month. */
export async function saveFlatContribution(page: Page, amount: string): Promise<void> {
  await employerSection(page, 'Contributions');
  await addAgeBand(page, { contributionClass: 'ALL', from: 0, to: 120, amount });
  await saveAndPublishRules(page);
}

/** In the Services section, adds a service described in English and Spanish, with one option ('Individual') at `price` dollars a month, and saves. */
export async function saveService(page: Page, service: { name: string; vendor: string; description: string; descriptionEs: string; price: string }): Promise<void> {
  await employerSection(page, 'Services');
  const n = (await page.getByRole('group', { name: /^Service \d+:/ }).count()) + 1;
  await page.getByRole('button', { name: 'Add Service' }).click();
  await page.getByLabel(`Service ${n} name`).fill(service.name);
  await page.getByLabel(`Service ${n} vendor`).fill(service.vendor);
  await page.getByLabel(`Service ${n} description`, { exact: true }).fill(service.description);
  await page.getByLabel(`Service ${n} description in Spanish`).fill(service.descriptionEs);
  await page.getByLabel(`Service ${n} option 1`, { exact: true }).fill('Individual');
  await page.getByLabel(`Service ${n} option 1 monthly price ($)`).fill(service.price);
  await page.getByRole('button', { name: 'Save Services' }).click();
  await expect(page.getByText('Services saved.')).toBeVisible();
}

/**
 * In the Services section, adds a service whose price is `price` (negative, e.g. '-12.5') and saves: the price
 * keeps what was typed, the field and the alert say a price cannot be negative, and nothing is saved.
 */
export async function refuseNegativePrice(page: Page, service: { name: string; vendor: string; price: string }): Promise<void> {
  await employerSection(page, 'Services');
  const n = (await page.getByRole('group', { name: /^Service \d+:/ }).count()) + 1;
  await page.getByRole('button', { name: 'Add Service' }).click();
  await page.getByLabel(`Service ${n} name`).fill(service.name);
  await page.getByLabel(`Service ${n} vendor`).fill(service.vendor);
  await page.getByLabel(`Service ${n} option 1`, { exact: true }).fill('Individual');
  const price = page.getByLabel(`Service ${n} option 1 monthly price ($)`);
  await price.fill(service.price);
  await price.blur();
  await expect(price).toHaveValue(service.price);
  await page.getByRole('button', { name: 'Save Services' }).click();
  const message = `A price cannot be negative (${Number(service.price)} was entered): enter 0 or more.`;
  // The section's alert (first) and the field's own message.
  await expect(page.getByRole('alert').filter({ hasText: message })).toHaveCount(2);
  await expect(price).toHaveAccessibleDescription(message);
  await expect(price).toHaveValue(service.price);
  await expect(page.getByText('Services saved.')).toHaveCount(0);
  await expectClean(page, 'a negative price refused');
}

/** Clicks a link that opens a new tab and answers the response the tab was served. */
async function openInNewTab(page: Page, link: ReturnType<Page['getByRole']>, path: string): Promise<Response> {
  const served = page.context().waitForEvent('response', (response) => new URL(response.url()).pathname === path);
  const popup = page.waitForEvent('popup');
  await link.click();
  const [response, tab] = await Promise.all([served, popup]);
  await tab.close();
  return response;
}

/**
 * In the ICHRA Documents section, uploads `filename` (a PDF) and opens it from its link: a new tab is served the
 * PDF (application/pdf, inline).
 */
export async function openIchraDocument(page: Page, accountid: string, filename: string): Promise<void> {
  await uploadIchraDocument(page, filename);
  const link = page.getByRole('list', { name: 'ICHRA documents' }).getByRole('link', { name: filename });
  await expect(link).toHaveAttribute('target', '_blank');
  await expectClean(page, 'ICHRA documents with links');
  const response = await openInNewTab(page, link, `/api/staff/employers/${accountid}/ichra-documents/${encodeURIComponent(filename)}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toContain('inline');
}

/** In the Logo section, uploads a JPEG; the logo shows, named by the employer, and its link opens the JPEG. */
export async function uploadAndOpenLogo(page: Page, accountid: string, employerName: string): Promise<void> {
  await employerSection(page, 'Logo');
  await page.getByLabel('Logo (JPEG)').setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: await jpegLogo(page) });
  await page.getByRole('button', { name: 'Upload Logo' }).click();
  await expect(page.getByText('Logo uploaded.')).toBeVisible();
  const logo = page.getByRole('img', { name: `${employerName} logo` });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(40);
  await expectClean(page, 'the logo');
  const response = await openInNewTab(page, page.getByRole('link', { name: 'Open the logo' }), `/api/staff/employers/${accountid}/logo`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/jpeg');
}

/**
 * In the Contacts section, adds a contact: its type is chosen by name (Insurance Broker, Premium Payments/Banking,
 * HR, Billing/Accounting, Support), and after saving the list shows the name chosen.
 */
export async function addContactByTypeName(page: Page, contact: { type: string; firstName: string; lastName: string }): Promise<void> {
  await employerSection(page, 'Contacts');
  const n = (await page.getByLabel(/^Contact \d+ type$/).count()) + 1;
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const type = page.getByLabel(`Contact ${n} type`);
  await expect(type.locator('option')).toHaveText(['Insurance Broker', 'Premium Payments/Banking', 'HR', 'Billing/Accounting', 'Support']);
  await type.selectOption({ label: contact.type });
  await page.getByLabel(`Contact ${n} first name`).fill(contact.firstName);
  await page.getByLabel(`Contact ${n} last name`).fill(contact.lastName);
  await page.getByRole('button', { name: 'Save Contacts' }).click();
  await expect(page.getByText('Contacts saved.')).toBeVisible();
  await expect(type.locator('option:checked')).toHaveText(contact.type);
  await expectClean(page, 'contacts by type name');
}
