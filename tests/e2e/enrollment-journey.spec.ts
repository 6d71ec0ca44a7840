/**
 * The foundation journey of issue 2, as a person walks it: register through the employer link, set a password
 * from the invitation e-mail, sign in, fill the profile with a dependent, waive coverage with a reason of their
 * own, add the additional service, authorize, read the welcome page, sign out. Once on a large screen, once at
 * 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_EMPLOYER_ID,
  DEMO_EMPLOYER_NAME,
  PASSWORD,
  PORTLAND,
  fillMemberProfile,
  invitationLink,
  newPerson,
  nextTo,
  type Person,
} from './support.ts';

async function walkJourney(page: Page, person: Person): Promise<void> {
  // 1. Register through the employer link.
  await page.goto(`/register?employer_id=${DEMO_EMPLOYER_ID}`);
  await expect(page.getByRole('heading', { name: 'Your Benefits Program Just Got Real!' })).toBeVisible();
  const employerName = page.getByLabel('Employer Name');
  await expect(employerName).toHaveValue(DEMO_EMPLOYER_NAME);
  await expect(employerName).toBeDisabled();
  const registerButton = page.getByRole('button', { name: 'Register Account' });
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByLabel('Personal Email').fill(person.email);
  await expect(registerButton).toBeDisabled();
  await page.getByRole('checkbox', { name: /Terms of Use/ }).check();
  await expect(registerButton).toBeEnabled();
  await registerButton.click();

  // 2. Onboarding Pending.
  await expect(page).toHaveURL(/\/login\?register=true/);
  await expect(page.getByText('Onboarding Pending')).toBeVisible();

  // 3. The invitation e-mail's link; the password rules in the spec's words.
  const link = await invitationLink(person.email);
  expect(link).toContain(`employer_id=${DEMO_EMPLOYER_ID}`);
  expect(link).toContain('member_id=');
  expect(link).toContain('token=');
  await page.goto(link);
  const newPassword = page.getByLabel('New Password', { exact: true });
  await newPassword.fill('short');
  await expect(
    page.getByText('Password must be at least 8 characters long, contain uppercase, lowercase, a number, and a special character.'),
  ).toBeVisible();
  await newPassword.fill(PASSWORD);
  await page.getByLabel('Confirm New Password').fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/login\?employer_id=[^&]+$/);

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await page.getByRole('link', { name: /Sign In/ }).first().click();
  await expect(page).toHaveURL(/\/login/);

  // 4. Sign in: a wrong password fails, Show reveals the password, the right one opens the profile.
  await page.getByLabel('Email').fill(person.email);
  const password = page.getByLabel('Password').first();
  await password.fill('Wrong!Pass1');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Login failed. Please try again.')).toBeVisible();
  await password.fill(PASSWORD);
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide' }).click();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // 5. Step 1: the profile and a dependent.
  await expect(page.getByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).toBeVisible();
  await expect(page.getByLabel('First Name').first()).toHaveValue(person.firstName);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter all required fields. Missing fields are:')).toBeVisible();
  await page.keyboard.press('Escape');
  await fillMemberProfile(page, PORTLAND);

  await page.getByRole('button', { name: 'Add Dependent' }).click();
  const dependent = page.getByRole('group', { name: 'Dependent #1' });
  await dependent.getByLabel('First Name').fill('Sam');
  await dependent.getByLabel('Last Name').fill(person.lastName);
  await dependent.getByLabel('Date of Birth').fill('2015-06-01');
  await dependent.getByRole('radiogroup', { name: 'Gender' }).getByLabel('Male', { exact: true }).check();
  await dependent.getByRole('radiogroup', { name: 'Smoker' }).getByLabel('No', { exact: true }).check();
  await dependent.getByRole('textbox', { name: 'SSN', exact: true }).fill('587654321');

  // Step 2: effective date, the employer's contribution, read-only dependents, the health option.
  await nextTo(page, 'Select your Health Plan Option Below');
  await expect(page.getByText('I. Contributions')).toBeVisible();
  await expect(page.getByText(/^\$\d[\d,]*\.\d\d$/).first()).toBeVisible();
  await expect(page.getByText('Sam Rivera')).toBeVisible();
  await expect(page.getByLabel('Shop Off Exchange')).toBeChecked();
  await page.getByLabel('Not Buying Health Insurance (Waive Coverage)').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select a waiver reason')).toBeVisible();
  await page.getByRole('combobox', { name: 'Waiver Reason' }).click();
  await page.getByRole('option', { name: 'Other', exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter a waiver reason')).toBeVisible();
  const reason = 'Covered through my union plan';
  await page.getByLabel('Other Reason').fill(reason);

  // Additional Services (the demo employer's employeazecustomer is 1).
  await nextTo(page, 'Additional Services');
  await page.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByText('In Development')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();

  // Your Cart: the waived line, the service, Authorize Elections, the confirmation that cannot be dismissed.
  await nextTo(page, 'Plan and Benefits Summary');
  await expect(page.getByText('Waived Coverage')).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByText('Telehealth Plus').first()).toBeVisible();
  // A waiver receives no employer contribution, so the service comes from pay and is acknowledged.
  await page.getByRole('checkbox', { name: 'I understand that the amount above my employer contribution is deducted from my pay on a pre-tax basis.' }).check();
  await page.getByRole('button', { name: 'Authorize Elections' }).click();
  const confirmation = page.getByRole('dialog');
  await expect(confirmation.getByRole('button', { name: 'Close Window' })).toBeVisible();
  await expect(confirmation).toContainText(DEMO_EMPLOYER_NAME);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(confirmation.getByRole('button', { name: 'Close Window' })).toBeVisible();
  await confirmation.getByRole('button', { name: 'Close Window' }).click();

  // 6. Welcome: congratulations, the waived message with the reason, the contact cards.
  await expect(page).toHaveURL(/\/welcome\?authorize=true/);
  await expect(page.getByRole('heading', { name: `Congratulations! ${person.firstName}` })).toBeVisible();
  await expect(page.getByText('WAIVED')).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contact Your Insurance Broker' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contact Your HR' })).toBeVisible();
  await expect(page.getByText('Telehealth Plus').first()).toBeVisible();

  // 7. Sign out: session storage cleared, back to /login; protected pages send a signed-out visitor to /login.
  expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).not.toBeNull();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  for (const path of ['/profile', '/welcome', '/health-plan', '/contact-us']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login/);
  }
}

test('register, set a password, sign in, waive coverage and authorize on a large screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await walkJourney(page, newPerson('Jordan'));
});

test('the same journey on a 390 px wide phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await walkJourney(page, newPerson('Casey'));
});
