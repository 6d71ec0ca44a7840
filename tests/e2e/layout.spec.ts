/** The landing page, header, footer, Version Information modal and the registration edge cases. */
import { expect, test } from '@playwright/test';
import { baseURL } from './playwright.config.ts';
import { DEMO_EMPLOYER_NAME, newPerson, register, signedInMember, submitRegistration } from './support.ts';

test('the landing page invites a visitor to sign in and explains the steps', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Your Personalized Benefits Enrollment Portal' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Getting Started is Easy' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to start' }).or(page.getByRole('button', { name: 'Sign in to start' }))).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' }).or(page.getByRole('banner').getByRole('link', { name: 'Sign In' }))).toBeVisible();
  await expect(page.getByRole('img', { name: /Benefit Portal/ }).first()).toBeVisible();
  await expect(page.getByText('Powered by')).toBeVisible();

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(/Version \d+\.\d+\.\d+/)).toBeVisible();
  await expect(footer.getByText('04 Feb. 2025')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Terms of Use' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();

  // The Version Information modal closes on Escape and on a click outside it.
  await footer.getByRole('button', { name: 'About' }).click();
  const modal = page.getByRole('dialog', { name: 'Version Information' });
  await expect(modal.getByText('Release Notices')).toBeVisible();
  await expect(modal.getByText(/Benefit Portal \d+\.\d+\.\d+/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await footer.getByRole('button', { name: 'About' }).click();
  await expect(modal).toBeVisible();
  await page.mouse.click(10, 10);
  await expect(modal).toBeHidden();
});

test('the register page without a resolvable employer shows the stop sign instead of the form', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByText(/^An Employer must give you access before you can Register/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register Account' })).toHaveCount(0);
  await page.goto('/register?employer_id=00000000-0000-4000-8000-000000000001');
  await expect(page.getByText(/^An Employer must give you access before you can Register/)).toBeVisible();
});

test('registering twice with one e-mail offers to resend or to delete the pending registration', async ({ page, browser }) => {
  const person = newPerson('Robin');
  await register(page, person);
  // Someone else who knows the e-mail, in another browser, cannot delete the registration.
  const stranger = await browser.newPage({ baseURL });
  await submitRegistration(stranger, person);
  await stranger.getByRole('dialog').getByRole('button', { name: /delete/i }).click();
  await expect(stranger.getByText('This registration can be withdrawn only in the browser it was made in.', { exact: false })).toBeVisible();
  await stranger.close();
  // The registrant's own browser can.
  await submitRegistration(page, person);
  await expect(page.getByText('Register failed. Please try again.')).toBeVisible();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: /delete/i }).click();
  await expect(page).toHaveURL(/\/register\?employer_id=/);
  // The pending registration is gone: the same e-mail registers again.
  await register(page, person);
});

test('a signed-in member sees the employer in the header and the default logo when it has none', async ({ page }) => {
  const person = await signedInMember(page, 'Alex');
  const header = page.getByRole('banner');
  await expect(header.getByText(DEMO_EMPLOYER_NAME)).toBeVisible();
  await expect(header.getByRole('img').first()).toBeVisible();
  await expect(header.getByRole('link', { name: 'Getting Started' })).toBeVisible();
  await expect(header.getByText(`Hi, ${person.firstName}`)).toBeVisible();
  await page.goto('/contact-us');
  await expect(page.getByText(/Not Available|@/).first()).toBeVisible();
});
