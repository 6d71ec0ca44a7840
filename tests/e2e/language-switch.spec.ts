/**
 * The page's language (issue 23): a first visit follows the browser's Accept-Language; the header's switch
 * (a labelled select, on a phone and on a desktop) changes it, and the choice is remembered across a reload (the
 * cookie) and, signed in, in the member's profile, which another device then follows.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMPLOYER_ID, PASSWORD, signedInMember } from './support.ts';

type Catalogue = { messages: Record<string, string> };
const catalogue = (language: 'en' | 'es') =>
  (JSON.parse(readFileSync(new URL(`../../schemas/messages/${language}.json`, import.meta.url), 'utf8')) as Catalogue).messages;
const en = catalogue('en');
const es = catalogue('es');

const pageLanguage = (page: Page) => page.locator('html').getAttribute('lang');
const languageSwitch = (page: Page, name: string) => page.getByRole('banner').getByRole('combobox', { name });

test.describe('a first visit from a Spanish browser', () => {
  test.use({ locale: 'es-US' });

  test('shows the landing page in Spanish; switching to English shows English and is remembered', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/?employer_id=${DEMO_EMPLOYER_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: es['landing-title'] })).toBeVisible();
    expect(await pageLanguage(page)).toBe('es');
    await expect(page.getByRole('banner').getByRole('link', { name: es['sign-in'] })).toBeVisible();
    await expect(page.getByText(en['landing-title'])).toHaveCount(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    const select = languageSwitch(page, es['language-switch']);
    await expect(select).toBeVisible();
    await expect(select.locator('option')).toHaveText(['English', 'Español']);

    await select.selectOption({ label: 'English' });
    await expect(page.getByRole('heading', { level: 1, name: en['landing-title'] })).toBeVisible();
    expect(await pageLanguage(page)).toBe('en');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: en['landing-title'] })).toBeVisible();
    expect(await pageLanguage(page)).toBe('en');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(languageSwitch(page, en['language-switch'])).toBeVisible();
  });
});

test('signed in, switching stores the language in the profile, which another device follows', async ({ page, browser }) => {
  const person = await signedInMember(page, 'Lucia');
  expect(await pageLanguage(page)).toBe('en');

  await languageSwitch(page, en['language-switch']).selectOption({ label: 'Español' });
  await expect.poll(() => pageLanguage(page)).toBe('es');
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByRole('banner').getByRole('button', { name: es['sign-out'] })).toBeVisible();
  const stored = await page.evaluate(async () => {
    const response = await fetch('/api/Member/GetMember', { headers: { authorization: `Bearer ${sessionStorage.getItem('access_token')}` } });
    return ((await response.json()) as { data: { language: string | null } }).data.language;
  });
  expect(stored).toBe('es');

  // Another device, an English browser that never chose: after sign-in the page follows the profile.
  const other = await browser.newContext({ locale: 'en-US' });
  try {
    const device = await other.newPage();
    await device.goto(`/login?employer_id=${DEMO_EMPLOYER_ID}`);
    expect(await pageLanguage(device)).toBe('en');
    await device.getByLabel('Email').fill(person.email);
    await device.getByLabel('Password', { exact: false }).first().fill(PASSWORD);
    await device.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => pageLanguage(device)).toBe('es');
    await expect(device.getByRole('banner').getByRole('button', { name: es['sign-out'] })).toBeVisible();
    expect((await other.cookies()).find((cookie) => cookie.name === 'bp_lang')?.value).toBe('es');
  } finally {
    await other.close();
  }
});
