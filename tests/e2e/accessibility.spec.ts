/**
 * Accessibility (WCAG 2.1 AA): axe-core finds nothing on any route, at 1280 px and at 390 px, with each modal and
 * the mobile menu open too; the Terms of Use and Privacy Policy are real pages.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMPLOYER_ID, newPerson, nextTo, register, signedInMember, type Person } from './support.ts';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const WIDTHS = [
  ['1280 px', 1280, 900],
  ['390 px', 390, 844],
] as const;

/** axe's findings on the page as it is now, one line each: rule, impact and the elements it names. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? ''}): ${violation.help} -> ${violation.nodes
        .map((node) => `${node.target.join(' ')} ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
        .join(' | ')}`,
  );
}

/** Every finding is listed under `where`, so one run names them all. */
async function expectClean(page: Page, where: string): Promise<void> {
  // Modals and drawers animate in: axe reads colours mid-transition otherwise.
  await page.waitForTimeout(0);
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  expect.soft(await violations(page), where).toEqual([]);
}

async function openDialog(page: Page, name?: string | RegExp) {
  const dialog = name === undefined ? page.getByRole('dialog') : page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Next (Proceed on a phone's plan list) until the step `heading` shows. */
async function proceedTo(page: Page, heading: string): Promise<void> {
  const next = page.getByRole('heading', { name: heading });
  await expect(async () => {
    if (!(await next.isVisible())) await page.getByRole('button', { name: /^(Next|Proceed)$/ }).click();
    await expect(next).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

/** The profile of a member with one child, in a ZIP of two counties (the county picker opens). */
async function fillProfile(page: Page, person: Person): Promise<void> {
  await page.getByLabel('Home Address').fill('21 Main St NE');
  await page.getByLabel('Telephone').fill('5035550142');
  await page.getByLabel('ZIP Code').fill('97002');
  const picker = await openDialog(page, 'Select a county');
  await expectClean(page, '/profile with the county picker');
  await picker.getByRole('button', { name: /Marion County/ }).click();
  await expect(picker).toBeHidden();
  await page.getByLabel('DOB').first().fill('1982-07-14');
  await page.getByRole('radiogroup', { name: /^Gender/ }).first().getByLabel('Female', { exact: true }).check();
  await page.getByRole('radiogroup', { name: /^Smoker/ }).first().getByLabel('No', { exact: true }).check();
  await page.getByLabel('SSN first 3 digits').first().fill('123');
  await page.getByLabel('SSN middle 2 digits').first().fill('45');
  await page.getByLabel('SSN last 4 digits').first().fill('6789');
  await page.getByLabel('PCP Name').first().fill('Dr. Ana Lee');
  await page.getByLabel('PCP ID').first().fill('PCP-4411');
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
      await page.goto(`/register?employer_id=${DEMO_EMPLOYER_ID}`);
      await page.getByLabel('First Name').fill(person.firstName);
      await page.getByLabel('Last Name').fill(person.lastName);
      await page.getByLabel('Personal Email').fill(person.email);
      await page.getByRole('checkbox', { name: /Terms of Use/ }).check();
      await page.getByRole('button', { name: 'Register Account' }).click();
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
        ['/welcome', /^Congratulations/],
        ['/health-plan', 'Employee Health Plans'],
        ['/contact-us', 'Contact Us'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
        await expectClean(page, `${path} signed in`);
      }
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).toBeVisible();
      await expectClean(page, '/profile (step 1)');
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
      await page.getByLabel('HSA Eligible').check();
      const compare = page.getByRole('checkbox', { name: 'Compare' });
      for (const index of [0, 1]) await compare.nth(index).check();
      await page.getByRole('button', { name: 'Compare Plans' }).click();
      await expect(page.getByRole('table', { name: 'Plan Comparison' })).toBeVisible();
      await expectClean(page, 'Plan Comparison');
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('button', { name: 'Add to Cart' }).first().click();

      await proceedTo(page, 'Flexible Spending Options');
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
      const popup = context.waitForEvent('page');
      await page.getByRole('button', { name: 'Print' }).click();
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
