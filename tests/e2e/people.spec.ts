/**
 * What a person registering meets (issue 20): the password hint names every rule that can refuse a password, the
 * common-password one included, and Set Password shows every fault of the form at once; a browser that registered
 * two e-mails can withdraw each pending registration, and the form opens anew without the failure that opened the
 * dialog; registering the e-mail of an active account says 'Register failed. Please try again.' and offers Sign In
 * and Forgot Password (spec §8). On a 390 x 844 phone with touch and on a 1280 x 800 desk,
 * with axe finding nothing on the dialogs.
 */
import { expect, test, type Locator } from '@playwright/test';
import { expectClean } from './axe.ts';
import { DEMO_EMPLOYER_ID, PASSWORD, invitationLink, newPerson, register, setPassword, signIn, submitRegistration } from './support.ts';

const STRENGTH = 'Password must be at least 8 characters long, contain uppercase, lowercase, a number, and a special character.';
const COMMON = 'This password is too common or too easy to guess. Please choose another.';

const SCREENS = [
  { label: 'a 390 x 844 phone with touch', touch: true, use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { label: 'a 1280 x 800 desk', touch: false, use: { viewport: { width: 1280, height: 800 } } },
] as const;

for (const screen of SCREENS) {
  test.describe(`on ${screen.label}`, () => {
    test.use(screen.use);
    /** A finger taps where a mouse clicks. */
    const press = (target: Locator) => (screen.touch ? target.tap() : target.click());

    test('the password hint names every rule, and Set Password shows every fault at once', async ({ page }) => {
      const person = newPerson('Sasha');
      await register(page, person);
      await page.goto(await invitationLink(person.email));
      const password = page.getByLabel('New Password', { exact: true });
      const confirmation = page.getByLabel('Confirm New Password');
      await expect(password).toHaveAccessibleDescription(
        /8 characters.*capital letter.*small letter.*number.*@ \$ ! % \* \? & #.*not a common or easily guessed password/,
      );
      await password.fill('harbor');
      await confirmation.fill('harbour');
      await press(page.getByRole('button', { name: 'Set Password' }));
      // All three faults at once: the password's two, the confirmation's one.
      await expect(page.getByText(STRENGTH)).toBeVisible();
      await expect(page.getByText(COMMON)).toBeVisible();
      await expect(page.getByText('Passwords do not match.')).toBeVisible();
      await expectClean(page, '/set-password with every fault shown');
      // A strong password met by its confirmation clears them all and is set.
      await password.fill(PASSWORD);
      await confirmation.fill(PASSWORD);
      await expect(page.getByText(STRENGTH)).toBeHidden();
      await expect(page.getByText(COMMON)).toBeHidden();
      await press(page.getByRole('button', { name: 'Set Password' }));
      await expect(page).toHaveURL(/\/login\?employer_id=/);
    });

    test('a browser that registered two e-mails withdraws each pending registration', async ({ page }) => {
      const first = newPerson('Morgan');
      const second = newPerson('Casey');
      await register(page, first);
      await register(page, second);
      // The earlier registration first: the browser keeps a proof for each, not only for the latest.
      for (const person of [first, second]) {
        await submitRegistration(page, person);
        const dialog = page.getByRole('dialog', { name: 'Registration Already Initiated' });
        await expect(dialog.getByText('A registration was already initiated for that email. What would you like to do?')).toBeVisible();
        await expectClean(page, `/register with Registration Already Initiated for ${person.firstName}`);
        await press(dialog.getByRole('button', { name: 'Delete the pending registration and return to Register' }));
        await expect(dialog).toBeHidden();
        await expect(page.getByText('Register failed', { exact: false })).toBeHidden();
        await expect(page.getByText('This registration can be withdrawn only in the browser it was made in.', { exact: false })).toBeHidden();
        await expect(page).toHaveURL(/\/register\?employer_id=/);
      }
      // Both addresses are free again.
      await register(page, first);
      await register(page, second);
    });

    test('registering the e-mail of an active account offers Sign In and Forgot Password', async ({ page }) => {
      const person = newPerson('Riley');
      await register(page, person);
      await setPassword(page, person);
      const dialog = page.getByRole('dialog', { name: 'You Already Have an Account' });
      // Forgot Password leads to the reset form of the same employer.
      await submitRegistration(page, person);
      await expect(dialog.getByText('An account already uses that e-mail address.', { exact: false })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Register failed. Please try again.' })).toBeVisible();
      await expectClean(page, '/register with You Already Have an Account and the error toast');
      await press(dialog.getByRole('link', { name: 'Forgot Password' }));
      await expect(page).toHaveURL(`/forgot-password?employer_id=${DEMO_EMPLOYER_ID}`);
      await expect(page.getByLabel('Email')).toBeVisible();
      // Sign In leads to the sign-in form, where the password set works.
      await submitRegistration(page, person);
      await press(dialog.getByRole('link', { name: 'Sign In' }));
      await expect(page).toHaveURL(`/login?employer_id=${DEMO_EMPLOYER_ID}`);
      await signIn(page, person);
    });
  });
}
