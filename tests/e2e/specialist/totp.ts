/**
 * The staff second factor in the browser, as steps for the specialist journey and the specs: set TOTP up on the
 * Security page or while signing in (the code computed with otplib from the key shown as text, as an authenticator
 * app does) and sign in with the password and then a code. `checkAccessibility` runs axe on the set-up and the code screens.
 */
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectClean } from '../axe.ts';

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
export function authenticatorCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/**
 * On a set-up of the second factor (the Security page's, or the one a sign-in asks for when it is required): Set Up,
 * the key read as text beside the QR code, a code from it, Turn On. Answers the key. `axeWhere`: axe checks the
 * QR code and key shown, named so.
 */
export async function turnOnWithKeyShown(page: Page, axeWhere?: string): Promise<string> {
  await page.getByRole('button', { name: 'Set Up' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByLabel('Key for your authenticator app').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (axeWhere) await expectClean(page, axeWhere);
  await page.getByLabel('Code from your authenticator app').fill(await authenticatorCode(secret));
  await page.getByRole('button', { name: 'Turn On' }).click();
  return secret;
}

/**
 * Signed in as a staff user without a second factor: sets it up on the Security page and answers its secret (the
 * key shown as text) and the recovery codes shown once.
 */
export async function setUpTwoStepVerification(page: Page, options: { checkAccessibility?: boolean } = {}): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  const secret = await turnOnWithKeyShown(page, options.checkAccessibility ? '/staff/security (set up)' : undefined);
  await expect(page.getByText('Two-step verification is on')).toBeVisible();
  const recoveryCodes = (await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()).map((code) => code.trim());
  expect(recoveryCodes).toHaveLength(10);
  if (options.checkAccessibility) await expectClean(page, '/staff/security (recovery codes)');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Two-step verification is on. Recovery codes left: 10.')).toBeVisible();
  return { secret, recoveryCodes };
}

/**
 * Signs in to the console with password and then a code of the next time step (the set-up just used the current
 * one, and a code is never taken twice); lands on the Employers list. Once per 30 seconds per user: a second call
 * in the same step would send a code already used.
 */
export async function signInWithTwoStepVerification(
  page: Page,
  staff: { email: string; password: string; secret: string },
  options: { checkAccessibility?: boolean } = {},
): Promise<void> {
  await page.goto('/staff/sign-in');
  await expect(page.getByRole('heading', { name: 'Staff Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(staff.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(staff.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-Step Verification' })).toBeVisible();
  if (options.checkAccessibility) await expectClean(page, '/staff/sign-in (authentication code)');
  await page.getByLabel('Authentication code').fill(await authenticatorCode(staff.secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Employers' })).toBeVisible();
}
