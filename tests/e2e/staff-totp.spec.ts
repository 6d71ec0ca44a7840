/**
 * Two-step verification for staff (docs/staff.md): a staff user the admin made through the API sets TOTP up on the
 * Security page, signs out, and signs in with the password and a code computed from the key shown; a wrong code is
 * refused. Never the shared admin (other specs sign in as them with a password alone).
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { STAFF_PASSWORD } from './staff-admin.ts';
import { staffApiHeaders, staffSignIn } from './support.ts';
import { setUpTwoStepVerification, signInWithTwoStepVerification } from './specialist/totp.ts';

test('a staff user sets up two-step verification and signs in with a code', async ({ page, request }) => {
  const email = `totp-${randomUUID()}@staff.test`;
  const created = await request.post('/api/staff/users', { headers: await staffApiHeaders(request), data: { email, role: 'implementer', password: STAFF_PASSWORD } });
  expect(created.status(), await created.text()).toBe(201);

  await staffSignIn(page, email);
  const { secret } = await setUpTwoStepVerification(page, { checkAccessibility: true });
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Staff Sign In' })).toBeVisible();

  // A wrong code is refused, and the screen still asks for one.
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Authentication code').fill('12345x');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toBeVisible();

  await signInWithTwoStepVerification(page, { email, password: STAFF_PASSWORD, secret }, { checkAccessibility: true });
  await expect(page.getByText(`${email} (implementer)`)).toBeVisible();
});
