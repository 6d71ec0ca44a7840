/**
 * Accessibility (WCAG 2.1 AA): axe-core finds nothing on any route (an unknown one too), at 1280 px and at 390 px,
 * with each modal, the My Coverage menu, the mobile menu and the print view open too; the Terms of Use and Privacy
 * Policy are real pages; the foundation journey can be walked with the keyboard alone (Tab, Shift+Tab, Enter, Space,
 * arrow keys), focus moves to the first field in error and into a modal (and back), and errors are announced (role
 * alert).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectClean } from './axe.ts';
import { AURORA, DEMO_EMPLOYER_ID, PASSWORD, fillMemberProfile, invitationLink, newPerson, nextTo, openShopFilters, register, signedInMember, submitRegistration, waitOutNextThrottle, type Person } from './support.ts';

const WIDTHS = [
  ['1280 px', 1280, 900],
  ['390 px', 390, 844],
] as const;

async function openDialog(page: Page, name?: string | RegExp) {
  const dialog = name === undefined ? page.getByRole('dialog') : page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The profile of a member with one child, in a ZIP of two counties (the county picker opens). */
async function fillProfile(page: Page, person: Person): Promise<void> {
  await fillMemberProfile(page, AURORA, () => expectClean(page, '/profile with the county picker'));
  const child = page.getByRole('group', { name: 'Dependent #1' });
  await child.getByLabel('First Name').fill('Riley');
  await child.getByLabel('Last Name').fill(person.lastName);
  await child.getByLabel('Date of Birth').fill('2014-02-11');
  await child.getByRole('radiogroup', { name: /^Gender/ }).getByLabel('Female', { exact: true }).check();
  await child.getByRole('radiogroup', { name: /^Relationship/ }).getByLabel('Child', { exact: true }).check();
  await child.getByRole('radiogroup', { name: /^Smoker/ }).getByLabel('No', { exact: true }).check();
  await child.getByRole('textbox', { name: 'SSN', exact: true }).fill('345678901');
}

for (const [label, width, height] of WIDTHS) {
  test.describe(`at ${label}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height });
    });

    test('the public pages and their modals', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Welcome to Your Personalized Benefits Enrollment Portal' })).toBeVisible();
      await expectClean(page, '/');
      await page.getByRole('contentinfo').getByRole('button', { name: 'About' }).click();
      await openDialog(page, 'Version Information');
      await expectClean(page, '/ with Version Information');
      await page.keyboard.press('Escape');

      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
      await expectClean(page, '/login');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expectClean(page, '/login after a refused Log In');

      await page.goto(`/register?employer_id=${DEMO_EMPLOYER_ID}`);
      await expect(page.getByRole('button', { name: 'Register Account' })).toBeVisible();
      await expectClean(page, '/register');
      const person = newPerson(width > 840 ? 'Harper' : 'Rowan');
      await register(page, person);
      await expectClean(page, '/login after registering (Onboarding Pending)');
      await submitRegistration(page, person);
      await openDialog(page, 'Registration Already Initiated');
      await expectClean(page, '/register with Registration Already Initiated and the error toast');
      await page.keyboard.press('Escape');
      await page.goto('/register');
      await expect(page.getByText(/^An Employer must give you access/)).toBeVisible();
      await expectClean(page, '/register without an employer');

      await page.goto(`/set-password?employer_id=${DEMO_EMPLOYER_ID}&member_id=00000000-0000-4000-8000-000000000001&token=x`);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectClean(page, '/set-password with a link that does not work');

      for (const [path, heading] of [
        ['/terms', 'Terms of Use'],
        ['/privacy', 'Privacy Policy'],
        ['/forgot-password', 'Forgot Password'],
        ['/reset-password?token=x', 'Reset Password'],
        ['/no-such-page', 'Page Not Found'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await expectClean(page, path);
      }
    });
    test('the wizard, the buy path, every modal, and the signed-in pages', async ({ page, context }) => {
      test.setTimeout(240_000);
      const person = await signedInMember(page, width > 840 ? 'Avery' : 'Emery');
      for (const [path, heading] of [
        ['/', 'Welcome to Your Personalized Benefits Enrollment Portal'],
        ['/welcome', /./],
        ['/health-plan', 'Employee Health Plans'],
        ['/contact-us', 'Contact Us'],
        ['/no-such-page', 'Page Not Found'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('main').getByRole('heading', { name: heading }).first()).toBeVisible();
        await expect(page.getByRole('main').getByLabel('Loading')).toHaveCount(0);
        await expectClean(page, `${path} signed in`);
      }
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).toBeVisible();
      await expectClean(page, '/profile (step 1)');
      if (width > 840) {
        await page.getByRole('button', { name: 'My Coverage' }).click();
        await expect(page.getByRole('menu', { name: 'My Coverage' })).toBeVisible();
        await expectClean(page, '/profile with the My Coverage menu');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toBeHidden();
      }
      if (width <= 840) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await openDialog(page, 'Menu');
        await expectClean(page, '/profile with the mobile menu');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
      }

      await page.getByRole('button', { name: 'Add Dependent' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await openDialog(page, /Please enter all required fields/);
      await expectClean(page, '/profile with the missing fields');
      await page.keyboard.press('Escape');
      await expectClean(page, '/profile with its fields in error');
      await fillProfile(page, person);

      await nextTo(page, 'Select your Health Plan Option Below');
      await expectClean(page, '/profile step 2 (contributions)');
      await page.getByRole('button', { name: 'Calculate Subsidy' }).click();
      const check = await openDialog(page);
      await expectClean(page, 'Calculate Subsidy');
      await check.getByLabel(/Household Income/).fill('60000');
      await check.getByLabel('Household Size').fill('2');
      await check.getByRole('button', { name: 'Calculate' }).click();
      await expect(check.getByText(/The ICHRA is (not )?affordable/)).toBeVisible();
      await expectClean(page, 'Calculate Subsidy with its answer');
      await page.keyboard.press('Escape');

      await nextTo(page, 'ICHRA Acknowledgment');
      await expectClean(page, 'ICHRA Acknowledgment');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText('Please Acknowledge the Checkbox.')).toBeVisible();
      await expectClean(page, 'ICHRA Acknowledgment refused');
      await page.getByRole('checkbox', { name: /I certify/ }).check();

      await nextTo(page, 'Shop Health Plans');
      await expect(page.getByText(/Plans Found/)).toBeVisible();
      await expectClean(page, 'Shop Health Plans');
      await page.getByRole('button', { name: 'Plan Details' }).first().click();
      await openDialog(page);
      await expectClean(page, 'Shop Health Plans with Plan Details');
      await page.keyboard.press('Escape');
      await openShopFilters(page);
      await page.getByLabel('HSA Eligible').check();
      const compare = page.getByRole('checkbox', { name: 'Compare' });
      for (const index of [0, 1]) await compare.nth(index).check();
      await page.getByRole('button', { name: 'Compare Plans' }).click();
      await expect(page.getByRole('table', { name: 'Plan Comparison' })).toBeVisible();
      await expectClean(page, 'Plan Comparison');
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('button', { name: 'Add to Cart' }).first().click();

      await nextTo(page, 'Flexible Spending Options');
      await expectClean(page, 'Flexible Spending');
      await page.getByRole('button', { name: 'Instructions' }).click();
      await openDialog(page);
      await expectClean(page, 'Flexible Spending with the instructions');
      await page.keyboard.press('Escape');
      await page.getByLabel(/HSA/).first().fill('99999');
      await expectClean(page, 'Flexible Spending over the limit');
      await page.getByLabel(/HSA/).first().fill('50');

      await nextTo(page, 'Additional Services');
      await expectClean(page, 'Additional Services');
      await page.getByRole('button', { name: 'Details' }).click();
      await openDialog(page);
      await expectClean(page, 'Additional Services with the details');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Add To Cart' }).click();

      await nextTo(page, 'Plan and Benefits Summary');
      await expectClean(page, 'Your Cart');
      await page.getByRole('button', { name: 'Summary Information' }).click();
      await openDialog(page, 'Summary Information');
      await expectClean(page, 'Your Cart with Summary Information');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Print' }).click();
      await openDialog(page, 'Print the Plan and Benefits Summary');
      await expectClean(page, 'Your Cart with the Print modal');
      const popup = context.waitForEvent('page');
      await page.getByRole('button', { name: 'Print in a New Window' }).click();
      const printed = await popup;
      await expect(printed.getByRole('heading', { level: 1 })).toBeVisible();
      await expectClean(printed, 'the print view of Your Cart');
      await printed.close();

      // The confirmation, after authorizing a waiver (the steps back to the choice, then forward).
      await page.getByRole('button', { name: 'I. Contributions' }).click();
      await expect(page.getByRole('heading', { name: 'Select your Health Plan Option Below' })).toBeVisible();
      await page.getByLabel('Not Buying Health Insurance (Waive Coverage)').check();
      await page.getByRole('combobox', { name: 'Waiver Reason' }).click();
      await page.getByRole('option', { name: 'Other', exact: true }).click();
      await page.getByLabel('Other Reason').fill('Covered through my union plan');
      await nextTo(page, 'Additional Services');
      await nextTo(page, 'Plan and Benefits Summary');
      await page.getByRole('button', { name: 'Authorize Elections' }).click();
      const confirmation = await openDialog(page);
      await expectClean(page, 'Your Cart with the confirmation');
      await confirmation.getByRole('button', { name: 'Close Window' }).click();

      await expect(page.getByRole('heading', { name: `Congratulations! ${person.firstName}` })).toBeVisible();
      await expectClean(page, '/welcome after authorizing');
    });
  });
}

/** Tab (Shift+Tab when it lies behind the focus) until `target` has the focus. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  for (let press = 0; press < 120; press += 1) {
    const where = await target.evaluate((element) => {
      const focused = document.activeElement;
      if (focused === element) return 'here';
      if (!focused || focused === document.body) return 'after';
      return focused.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING ? 'before' : 'after';
    });
    if (where === 'here') return;
    await page.keyboard.press(where === 'before' ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`the keyboard never reached ${String(target)}`);
}

/** Types into the field `target` once Tab has reached it. */
async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** Tab into a radio group, then arrow keys until `choice` is checked. */
async function chooseRadio(page: Page, group: Locator, choice: string): Promise<void> {
  const target = group.getByRole('radio', { name: choice, exact: true });
  const radios = group.getByRole('radio');
  await expect(radios.first()).toBeVisible();
  for (let press = 0; press < 120; press += 1) {
    if (await radios.evaluateAll((all) => all.includes(document.activeElement as HTMLInputElement))) break;
    const first = radios.first();
    const behind = await first.evaluate((element) => {
      const focused = document.activeElement;
      return Boolean(focused && focused !== document.body && focused.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING);
    });
    await page.keyboard.press(behind ? 'Shift+Tab' : 'Tab');
  }
  for (let press = 0; press < 8 && !(await target.isChecked()); press += 1) await page.keyboard.press('ArrowDown');
  await expect(target).toBeChecked();
}

/** Presses `key` on the button `name` (reached with Tab). */
async function press(page: Page, name: string | RegExp, key: 'Enter' | ' ' = 'Enter', scope: Page | Locator = page): Promise<void> {
  await tabTo(page, scope.getByRole('button', { name, exact: typeof name === 'string' }).first());
  await page.keyboard.press(key === ' ' ? 'Space' : key);
}

/** Next with the keyboard until the step `heading` shows (Next answers at most once a second). */
async function keyboardNextTo(page: Page, heading: string): Promise<void> {
  const next = page.getByRole('heading', { name: heading });
  await expect(async () => {
    if (!(await next.isVisible())) {
      await waitOutNextThrottle(page);
      await press(page, 'Next');
    }
    await expect(next).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

const focused = (page: Page) => page.locator(':focus');
const focusInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

test('the foundation journey with the keyboard alone: focus follows errors and modals, errors are announced', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const person = newPerson('Kendall');

  // Register: the Terms of Use and the Privacy Policy are real pages, reached from the form.
  await page.goto(`/register?employer_id=${DEMO_EMPLOYER_ID}`);
  await typeInto(page, page.getByLabel('First Name'), person.firstName);
  await typeInto(page, page.getByLabel('Last Name'), person.lastName);
  await typeInto(page, page.getByLabel('Personal Email'), person.email);
  const terms = page.getByRole('link', { name: 'Terms of Use' }).first();
  await expect(terms).toHaveAttribute('href', `/terms?employer_id=${DEMO_EMPLOYER_ID}`);
  await tabTo(page, page.getByRole('checkbox', { name: /Terms of Use/ }));
  await page.keyboard.press('Space');
  await press(page, 'Register Account');
  await expect(page).toHaveURL(/\/login\?register=true/);

  // Set the password: a refused submit announces the error and moves focus to the field in error.
  await page.goto(await invitationLink(person.email));
  await typeInto(page, page.getByLabel('New Password', { exact: true }), PASSWORD);
  await typeInto(page, page.getByLabel('Confirm New Password'), `${PASSWORD}x`);
  await press(page, 'Set Password');
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match.' })).toBeVisible();
  await expect(page.getByLabel('Confirm New Password')).toBeFocused();
  await page.keyboard.press('Backspace');
  await press(page, 'Set Password');
  await expect(page).toHaveURL(/\/login\?employer_id=[^&]+$/);

  // Sign in: a wrong password is announced by the toast.
  await typeInto(page, page.getByLabel('Email'), person.email);
  const password = page.getByLabel('Password').first();
  await typeInto(page, password, 'Wrong!Pass1');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Login failed. Please try again.' })).toBeVisible();
  await tabTo(page, password);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile$/);

  // The profile: Next on an empty form opens the missing fields (focus inside), Escape returns to the first field
  // in error.
  await expect(page.getByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).toBeVisible();
  await press(page, 'Next');
  await expect(page.getByRole('dialog', { name: /Please enter all required fields/ })).toBeVisible();
  expect(await focusInDialog(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByLabel('Home Address')).toBeFocused();
  await expect(focused(page)).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.type('1200 SW Main St');
  await typeInto(page, page.getByLabel('Telephone'), '5035550100');
  await typeInto(page, page.getByLabel('ZIP Code'), '97205');
  await expect(page.getByLabel('City')).toHaveValue('Portland');
  await typeInto(page, page.getByLabel('DOB').first(), '03151984');
  await expect(page.getByLabel('DOB').first()).toHaveValue('1984-03-15');
  await chooseRadio(page, page.getByRole('radiogroup', { name: /^Gender/ }).first(), 'Female');
  await chooseRadio(page, page.getByRole('radiogroup', { name: /^Smoker/ }).first(), 'No');
  await typeInto(page, page.getByLabel('SSN first 3 digits').first(), '123');
  await typeInto(page, page.getByLabel('SSN middle 2 digits').first(), '45');
  await typeInto(page, page.getByLabel('SSN last 4 digits').first(), '6789');
  await typeInto(page, page.getByLabel('PCP Name').first(), 'Dr. Ana Lee');
  await typeInto(page, page.getByLabel('PCP ID').first(), 'PCP-4411');

  await press(page, 'Add Dependent');
  const dependent = page.getByRole('group', { name: 'Dependent #1' });
  await typeInto(page, dependent.getByLabel('First Name'), 'Sam');
  await typeInto(page, dependent.getByLabel('Last Name'), person.lastName);
  await typeInto(page, dependent.getByLabel('Date of Birth'), '06012015');
  await chooseRadio(page, dependent.getByRole('radiogroup', { name: /^Gender/ }), 'Male');
  await chooseRadio(page, dependent.getByRole('radiogroup', { name: /^Smoker/ }), 'No');
  await typeInto(page, dependent.getByRole('textbox', { name: 'SSN', exact: true }), '587654321');

  // Step 2: waive; a refused Next announces the error and focuses the waiver reason, then the other reason.
  await keyboardNextTo(page, 'Select your Health Plan Option Below');
  await chooseRadio(page, page.getByRole('radiogroup').filter({ has: page.getByLabel('Shop Off Exchange') }), 'Not Buying Health Insurance (Waive Coverage)');
  await press(page, 'Next');
  await expect(page.getByRole('alert').filter({ hasText: 'Please select a waiver reason' })).toBeVisible();
  const waiverReason = page.getByRole('combobox', { name: 'Waiver Reason' });
  await expect(waiverReason).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const other = page.getByRole('option', { name: 'Other', exact: true });
  await expect(page.getByRole('listbox')).toBeVisible();
  for (let step = 0; step < 20 && (await other.getAttribute('data-combobox-selected')) === null; step += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(waiverReason).toHaveValue('Other');
  await press(page, 'Next');
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a waiver reason' })).toBeVisible();
  await expect(page.getByLabel('Other Reason')).toBeFocused();
  await page.keyboard.type('Covered through my union plan');

  // Additional Services: Details opens a modal (focus inside, back on Details when it closes); Add To Cart.
  await keyboardNextTo(page, 'Additional Services');
  await press(page, 'Details');
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await focusInDialog(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Details' })).toBeFocused();
  await press(page, 'Add To Cart', ' ');
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();

  // Your Cart: a waiver receives no contribution, so the service's payroll deduction is acknowledged (Space on the
  // box); authorize; the confirmation takes the focus; Close Window leads to the welcome page.
  await keyboardNextTo(page, 'Plan and Benefits Summary');
  const acknowledgment = page.getByRole('checkbox', { name: /^I understand that the amount above my employer contribution/ });
  await tabTo(page, acknowledgment);
  await page.keyboard.press('Space');
  await expect(acknowledgment).toBeChecked();
  await press(page, 'Authorize Elections');
  const confirmation = page.getByRole('dialog');
  await expect(confirmation.getByRole('button', { name: 'Close Window' })).toBeVisible();
  expect(await focusInDialog(page)).toBe(true);
  await press(page, 'Close Window', 'Enter', confirmation);
  await expect(page).toHaveURL(/\/welcome\?authorize=true/);
  await expect(page.getByRole('heading', { name: `Congratulations! ${person.firstName}` })).toBeVisible();

  // Sign out.
  await press(page, 'Sign Out');
  await expect(page).toHaveURL(/\/login/);
});
