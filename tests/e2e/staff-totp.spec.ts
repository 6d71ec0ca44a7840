/**
 * Two-step verification for staff (docs/staff.md): a staff user the admin made through the API sets TOTP up on the
 * Security page, signs out, and signs in with the password and a code computed from the key shown; a wrong code is
 * refused. Never the shared admin (other specs sign in as them with a password alone). And an admin requires it of
 * every staff user: one without it is made to set it up while signing in (QR code, key, recovery codes) and then
 * enters the console. That changes every staff user's sign-in, so it runs on a product of its own (own-product.ts).
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startOwnProduct } from './own-product.ts';
import { STAFF_PASSWORD } from './staff-admin.ts';
import { staffApiHeaders, staffSignIn } from './support.ts';
import { setUpTwoStepVerification, signInWithTwoStepVerification, turnOnWithKeyShown } from './specialist/totp.ts';

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

test('an admin requires two-step verification; a staff user without it sets it up while signing in and enters the console', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = 'own-admin@staff.test';
  const product = await startOwnProduct({ offset: 2002, admin: { email: admin, password: STAFF_PASSWORD } });
  try {
    const adminContext = await browser.newContext({ baseURL: product.url });
    const email = `required-${randomUUID()}@staff.test`;
    const created = await adminContext.request.post('/api/staff/users', { headers: await staffApiHeaders(adminContext.request, admin), data: { email, role: 'viewer', password: STAFF_PASSWORD } });
    expect(created.status(), await created.text()).toBe(201);

    // The admin turns it on for themselves first, then requires it of everyone.
    const adminPage = await adminContext.newPage();
    await staffSignIn(adminPage, admin);
    await setUpTwoStepVerification(adminPage);
    await adminPage.getByRole('link', { name: 'Staff Users' }).click();
    // The box shows what the server holds: checked once the change is saved.
    await adminPage.getByRole('checkbox', { name: 'Require two-step verification for every staff user' }).click();
    await expect(adminPage.getByRole('checkbox', { name: 'Require two-step verification for every staff user' })).toBeChecked();

    const page = await (await browser.newContext({ baseURL: product.url })).newPage();
    await page.goto('/staff/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Set Up Two-Step Verification' })).toBeVisible();
    const secret = await turnOnWithKeyShown(page, '/staff/sign-in (set up while signing in)');
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Employers' })).toBeVisible();
    await expect(page.getByText(`${email} (viewer)`)).toBeVisible();

    // From now on the code is asked at each sign-in.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await signInWithTwoStepVerification(page, { email, password: STAFF_PASSWORD, secret });
  } finally {
    await product.stop();
  }
});
