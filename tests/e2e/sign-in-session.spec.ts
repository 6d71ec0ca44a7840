/**
 * Accounts and sessions as a person meets them (docs/security.md, V2 and V3): a second tab is signed in too,
 * without any token a page script could read, and tabs opened at once take turns exchanging the shared refresh
 * cookie; signing out in one tab ends the session everywhere; a forgotten
 * password is reset by e-mail and the old one stops working.
 */
import { expect, test } from '@playwright/test';
import { PASSWORD, resetLink, signedInMember } from './support.ts';

test('a new tab of a signed-in person is signed in; signing out ends the session in every tab', async ({ page, context }) => {
  await signedInMember(page, 'Tabitha');
  await expect(page.getByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).toBeVisible();

  // No refresh token where page scripts can read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('bp_refresh');
  expect(await page.evaluate(() => Object.keys(sessionStorage))).not.toContain('refresh_token');

  const tab = await context.newPage();
  await tab.goto('/contact-us');
  await expect(tab).toHaveURL(/\/contact-us$/);
  await expect(tab.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login\?employer_id=[^&]+$/);

  // The other tab's access token no longer works: its next page load asks to sign in.
  const status = await tab.evaluate(async () => {
    const token = sessionStorage.getItem('access_token');
    const response = await fetch('/api/Member/GetMember', { headers: { authorization: `Bearer ${token}` } });
    return response.status;
  });
  expect(status).toBe(401);
  const another = await context.newPage();
  await another.goto('/contact-us');
  await expect(another).toHaveURL(/\/login$/);
});

test('tabs opened at the same moment are all signed in, and the session goes on (their refreshes take turns)', async ({ page, context }) => {
  await signedInMember(page, 'Twyla');
  await expect(page.getByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).toBeVisible();
  // Each refresh is held on its way until three are waiting (or 3 s passed), so refreshes that do not take turns
  // reach the server together with the same cookie.
  const held: (() => void)[] = [];
  await context.route('**/api/Login/Refresh', async (route) => {
    await new Promise<void>((resolve) => {
      held.push(resolve);
      if (held.length % 3 === 0) for (const release of held) release();
      setTimeout(resolve, 3000);
    });
    await route.continue();
  });
  const tabs = await Promise.all([context.newPage(), context.newPage(), context.newPage()]);
  await Promise.all(tabs.map((tab) => tab.goto('/contact-us')));
  for (const tab of tabs) await expect(tab.getByRole('button', { name: 'Sign Out' })).toBeVisible({ timeout: 30_000 });
  await context.unroute('**/api/Login/Refresh');
  // Nobody's token was taken for a stolen one: a tab opened afterwards is signed in too.
  const later = await context.newPage();
  await later.goto('/contact-us');
  await expect(later.getByRole('button', { name: 'Sign Out' })).toBeVisible();
});

test('Forgot Password: a reset link by e-mail sets a new password, and the old one stops working', async ({ page }) => {
  const person = await signedInMember(page, 'Morgan');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login\?employer_id=[^&]+$/);

  // While the next screen's code is still on its way, the sign-in form (whose Email field has the same label) is
  // no longer shown: what is typed goes into the screen the address names.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/forgot-password-screen-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password/);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeHidden();
  await expect(page.getByLabel('Loading')).toBeVisible();
  release();
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If an account uses that e-mail address, a link to set a new password is on its way.', { exact: false })).toBeVisible();

  await page.goto(await resetLink(person.email));
  const newPassword = page.getByLabel('New Password', { exact: true });
  await newPassword.fill('Password1!');
  await expect(page.getByText('This password is too common or too easy to guess. Please choose another.')).toBeVisible();
  await newPassword.fill('Fresh#Meadow58');
  await page.getByLabel('Confirm New Password').fill('Fresh#Meadow58');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Login failed. Please try again.')).toBeVisible();
  await page.getByLabel('Password').first().fill('Fresh#Meadow58');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
