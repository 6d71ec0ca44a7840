/**
 * An employer's identity provider (issue 22), for the journeys to compose: the specialist sets it in the staff
 * console's Sign-in section and tests the connection; an employee signs in with it from the employer's sign-in page,
 * through the provider's own login and consent pages, and signs out of both the portal and the provider.
 */
import { expect, type Page } from '@playwright/test';
import { employerSection } from '../support.ts';

export type ProviderSettings = { displayName: string; issuer: string; clientId: string; clientSecret: string; allowedDomains: string };

/** On the open employer's page (a signed-in implementer or admin): sets the provider, saves, and tests the connection. */
export async function configureIdentityProvider(page: Page, settings: ProviderSettings): Promise<void> {
  await employerSection(page, 'Sign-in');
  await page.getByLabel('Button name').fill(settings.displayName);
  await page.getByLabel('Issuer URL').fill(settings.issuer);
  await page.getByLabel('Client ID').fill(settings.clientId);
  await page.getByLabel('Client secret').fill(settings.clientSecret);
  await page.getByLabel('Allowed e-mail domains').fill(settings.allowedDomains);
  await page.getByRole('button', { name: 'Save Identity Provider' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Identity provider saved.' })).toBeVisible();
  // The secret is never shown again: the field is empty and says one is stored.
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  await expect(page.getByText('A secret is stored; it is never shown.')).toBeVisible();
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Connection works' })).toBeVisible();
}

/** From the employer's sign-in page: 'Sign in with <provider>', the provider's login (as `login`) and consent; lands on /profile. */
export async function signInWithProvider(page: Page, options: { accountid: string; providerName: string; login: string }): Promise<void> {
  await page.goto(`/login?employer_id=${options.accountid}`);
  await page.getByRole('link', { name: `Sign in with ${options.providerName}` }).click();
  await signInAtProvider(page, options.login);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('button', { name: 'Sign Out' }).filter({ visible: true }).first()).toBeVisible();
}

/** At the provider's login page (a sign-in started from the employer's page): signs in as `login` and consents. */
export async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Sign Out: the portal's session ends, the provider asks to confirm its own sign-out, and the employer's sign-in page follows. */
export async function signOutOfPortalAndProvider(page: Page, accountid: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out' }).filter({ visible: true }).first().click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?employer_id=${accountid}$`));
}
