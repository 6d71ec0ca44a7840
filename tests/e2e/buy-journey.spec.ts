/**
 * Buying a plan as a person would: a member with a spouse and two children fills the profile (typing, pasting an
 * SSN, meeting the §5 messages on the way), picks the county of a ZIP that spans two, reads the employer's
 * contribution and the affordability answer on step 2, acknowledges the ICHRA documents, shops (filters, compares
 * three plans, adds one), sets an HSA amount, adds the additional service, authorizes with the acknowledgment and
 * reads the welcome page. The printed summary and (on a phone) the exported plans hold the screen's numbers.
 * Once at 1280 px, once at 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { nextTo, openShopFilters, signedInMember, type Person } from './support.ts';

/** The family: born so that the spouse and the children are rated at fixed ages on the 2027 dates. */
const FAMILY = [
  { first: 'Alex', dob: '1985-05-20', gender: 'Male', relationship: 'Spouse', ssn: '234567890' },
  { first: 'Riley', dob: '2014-02-11', gender: 'Female', relationship: 'Child', ssn: '345678901' },
  { first: 'Quinn', dob: '2017-09-03', gender: 'Male', relationship: 'Child', ssn: '456789012' },
];

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

async function fillProfile(page: Page, person: Person): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).toBeVisible();

  // Next on an empty profile names what is missing, a dependent's field by its number.
  await page.getByRole('button', { name: 'Add Dependent' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  const missing = page.getByRole('dialog');
  await expect(missing.getByText('Please enter all required fields. Missing fields are:')).toBeVisible();
  await expect(missing.getByText('Dependent #1: Date of Birth')).toBeVisible();
  await page.keyboard.press('Escape');
  // The fields say what is wrong once Next was pressed.
  await expect(page.getByText('Please select yes or no for Smoker field and try again!').first()).toBeVisible();
  await expect(page.getByText('missing date of birth in dependent #1')).toBeVisible();
  for (const text of ['Home Address is required', 'Telephone is required', 'ZIP Code is required', 'DOB is required']) {
    await expect(page.getByText(text).first()).toBeVisible();
  }

  await page.getByLabel('Home Address').fill('21 Main St NE');
  await page.getByLabel('Telephone').fill('5035550142');

  // A ZIP of four digits is refused.
  await page.getByLabel('ZIP Code').fill('9700');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please check the zipCode')).toBeVisible();
  await page.keyboard.press('Escape');

  // A ZIP in two counties: the blocking picker lists the larger share first.
  await page.getByLabel('ZIP Code').fill('97002');
  const picker = page.getByRole('dialog', { name: 'Select a county' });
  await expect(picker).toBeVisible();
  const choices = picker.getByRole('button');
  await expect(choices.first()).toContainText('Marion County');
  await expect(choices.nth(1)).toContainText('Clackamas County');
  await page.keyboard.press('Escape');
  await expect(picker).toBeVisible();
  await picker.getByRole('button', { name: /Marion County/ }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByLabel('City')).toHaveValue('Aurora');
  await expect(page.getByLabel('County')).toHaveValue('Marion County');
  await expect(page.getByLabel('State')).toHaveValue('OR');

  // Date of birth out of range, then right.
  const dob = page.getByLabel('DOB').first();
  await dob.fill('1930-01-01');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('DOB must be between 1941-01-01 and today.')).toBeVisible();
  await page.keyboard.press('Escape');
  await dob.fill('1982-07-14');

  await page.getByRole('radiogroup', { name: /^Gender/ }).first().getByLabel('Female', { exact: true }).check();
  await page.getByRole('radiogroup', { name: /^Smoker/ }).first().getByLabel('No', { exact: true }).check();

  // An SSN no one is issued is refused; a pasted one fills all three boxes.
  const first = page.getByLabel('SSN first 3 digits').first();
  await first.fill('000');
  await page.getByLabel('SSN middle 2 digits').first().fill('12');
  await page.getByLabel('SSN last 4 digits').first().fill('3456');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter a valid Social Security Number.').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await first.fill('');
  await first.focus();
  await page.evaluate(async () => {
    const input = document.activeElement as HTMLInputElement;
    const data = new DataTransfer();
    data.setData('text/plain', '123-45-6789');
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(first).toHaveValue('123');
  await expect(page.getByLabel('SSN middle 2 digits').first()).toHaveValue('45');
  await expect(page.getByLabel('SSN last 4 digits').first()).toHaveValue('6789');

  await page.getByLabel('PCP Name').first().fill('Dr. Ana Lee');
  await page.getByLabel('PCP ID').first().fill('PCP-4411');

  for (const [index, relative] of FAMILY.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add Dependent' }).click();
    const group = page.getByRole('group', { name: `Dependent #${index + 1}` });
    await group.getByLabel('First Name').fill(relative.first);
    await group.getByLabel('Last Name').fill(person.lastName);
    await group.getByRole('radiogroup', { name: /^Gender/ }).getByLabel(relative.gender, { exact: true }).check();
    await group.getByRole('radiogroup', { name: /^Relationship/ }).getByLabel(relative.relationship, { exact: true }).check();
    await group.getByRole('radiogroup', { name: /^Smoker/ }).getByLabel('No', { exact: true }).check();
    await group.getByRole('textbox', { name: 'SSN', exact: true }).fill(relative.ssn);
    if (index === 0) {
      // A dependent's birth date out of range names the dependent.
      await group.getByLabel('Date of Birth').fill('1920-03-03');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText('Dependent #1 DOB must be between 1941-01-01 and today.').first()).toBeVisible();
      await page.keyboard.press('Escape');
    }
    await group.getByLabel('Date of Birth').fill(relative.dob);
  }
}

async function contributionsAndAffordability(page: Page): Promise<number> {
  await nextTo(page, 'Select your Health Plan Option Below');
  const contribution = page.getByText(/^\$\d[\d,]*\.\d\d$/).first();
  await expect(contribution).toBeVisible();
  const amount = money(await contribution.innerText());
  expect(amount).toBeGreaterThan(0);
  for (const relative of FAMILY) await expect(page.getByText(new RegExp(relative.first)).first()).toBeVisible();
  await expect(page.getByLabel('Shop Off Exchange')).toBeChecked();

  await page.getByRole('button', { name: 'Calculate Subsidy' }).click();
  const check = page.getByRole('dialog');
  await check.getByLabel(/Household Income/).fill('60000');
  await check.getByLabel('Household Size').fill('4');
  await check.getByRole('button', { name: 'Calculate' }).click();
  await expect(check.getByText('Lowest-cost silver plan (self-only)')).toBeVisible();
  await expect(check.getByText(/The ICHRA is (not )?affordable/)).toBeVisible();
  await check.getByRole('button', { name: 'Close' }).first().click();
  return amount;
}

async function buy(page: Page, narrow: boolean): Promise<string> {
  // ICHRA Acknowledgment: the employer's documents and the certification.
  await nextTo(page, 'ICHRA Acknowledgment');
  await expect(page.getByRole('link', { name: /ICHRA Plan Document/ })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please Acknowledge the Checkbox.')).toBeVisible();
  await page.getByRole('checkbox', { name: /I certify/ }).check();

  // Shop: real plans at the family's price, filters, compare three, one in the cart.
  await nextTo(page, 'Shop Health Plans');
  const found = page.getByText(/Plans Found/);
  await expect(found).toContainText('97002');
  await expect(page.getByText(/estimates/)).toBeVisible();
  const count = Number((await found.innerText()).match(/(\d+) Plans Found/)![1]);
  expect(count).toBeGreaterThan(10);
  if (narrow) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Plans' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines).toHaveLength(count + 1);
    // Each plan's line holds the premium its card shows.
    const cards = page.getByRole('article');
    for (const index of [0, 1, 2]) {
      const name = (await cards.nth(index).getAttribute('aria-label'))!;
      const price = await cards.nth(index).getByText(/^\$[\d,]+\.\d\d$/).first().innerText();
      expect(lines.find((line) => line.includes(name)), name).toContain(price);
    }
  }
  // On a phone the filters start folded.
  await openShopFilters(page);
  await page.getByLabel('HSA Eligible').check();
  const hsaCount = Number((await found.innerText()).match(/(\d+) Plans Found/)![1]);
  expect(hsaCount).toBeGreaterThan(2);
  expect(hsaCount).toBeLessThan(count);
  const compare = page.getByRole('checkbox', { name: 'Compare' });
  for (const index of [0, 1, 2]) await compare.nth(index).check();
  await compare.nth(3).click();
  await expect(compare.nth(3)).not.toBeChecked();
  await expect(page.getByText('You can compare up to 3 health plans only')).toBeVisible();
  await page.getByRole('button', { name: 'Compare Plans' }).click();
  const table = page.getByRole('table', { name: 'Plan Comparison' });
  await expect(table.getByRole('columnheader')).toHaveCount(4);
  await expect(table.getByRole('rowheader', { name: 'Annual Out-of-Pocket Max (Family)' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Add to Cart' }) }).first();
  const chosenPlan = (await card.getAttribute('aria-label'))!;
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByText('The plan is already selected! You can select only one plan.')).toBeVisible();
  return chosenPlan;
}

async function hsaServiceAndCart(page: Page, chosenPlan: string): Promise<{ spent: number; deduction: number }> {
  // Flexible Spending: the HSA-eligible plan opens it; more than the IRS limit allows is refused.
  await nextTo(page, 'Flexible Spending Options');
  await expect(page.getByText(/Annual HSA limit for family coverage/)).toBeVisible();
  const amount = page.getByLabel('Monthly HSA Contribution');
  await amount.fill('09999');
  await expect(amount).toHaveValue('9999');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/more than your annual HSA/)).toBeVisible();
  await amount.fill('200');

  // Additional Services: the product with its price option.
  await nextTo(page, 'Additional Services');
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();

  // Your Cart: the lines and the money rules of §9.
  await nextTo(page, 'Plan and Benefits Summary');
  await expect(page.getByText(chosenPlan).first()).toBeVisible();
  await expect(page.getByText('HSA Contribution').first()).toBeVisible();
  // A table row on a large screen, a stacked card on a phone: the amount follows its label either way.
  const total = (label: string) => page.getByText(label, { exact: true }).first().locator('xpath=following-sibling::*[1]');
  const spent = money(await total('Total Monthly Cost').innerText());
  const contribution = money(await total('Employer Contribution').innerText());
  const deduction = money(await total('Pre-Tax Payroll Deduction').innerText());
  // The contribution pays for plan and service only; the HSA's $200.00 comes from pay on its own.
  const forCoverage = money(await total('Pre-Tax Payroll Deduction for Coverage').innerText());
  expect(money(await total('Pre-Tax Payroll Deduction for the HSA').innerText())).toBe(200);
  expect(forCoverage).toBeCloseTo(Math.max(0, spent - 200 - contribution), 2);
  expect(deduction).toBeCloseTo(forCoverage + 200, 2);

  // No button label is cut short (two buttons to a row on a phone).
  // Read in one pass of the page as it is: a button that leaves the page while a list of them is walked one by one
  // would be waited for until the test's time ran out.
  const cutButtons = await page.locator('button, [role="button"]').evaluateAll((buttons) =>
    buttons
      .filter((button) => [...button.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth + 1))
      .map((button) => (button as HTMLElement).innerText),
  );
  expect(cutButtons, 'buttons whose label is cut').toEqual([]);

  // The print view holds the screen's numbers.
  await page.getByRole('button', { name: 'Print' }).click();
  const popup = page.waitForEvent('popup');
  await page.getByRole('dialog', { name: 'Print the Plan and Benefits Summary' }).getByRole('button', { name: 'Print in a New Window' }).click();
  const printed = await popup;
  await printed.waitForLoadState();
  const printedText = await printed.locator('body').innerText();
  for (const figure of [spent, contribution, deduction]) {
    expect(printedText).toContain(figure.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  }
  await printed.close();

  // Authorize: the deduction needs the acknowledgment first.
  await page.getByRole('button', { name: 'Authorize Elections' }).click();
  await expect(page.getByText('Your Spent Amount is Greater than Your Contribution Amount: please tick the box to acknowledge the pre-tax payroll deduction.')).toBeVisible();
  await page.getByRole('checkbox', { name: /deducted from my pay/ }).check();
  await page.getByRole('button', { name: 'Authorize Elections' }).click();
  const confirmation = page.getByRole('dialog');
  await expect(confirmation.getByRole('button', { name: 'Close Window' })).toBeVisible();
  await confirmation.getByRole('button', { name: 'Close Window' }).click();
  return { spent, deduction };
}

async function welcome(page: Page, person: Person, chosenPlan: string, contribution: number): Promise<void> {
  await expect(page).toHaveURL(/\/welcome\?authorize=true/);
  await expect(page.getByRole('heading', { name: `Congratulations! ${person.firstName}` })).toBeVisible();
  await expect(page.getByText('Your enrollment is complete. No further action is needed.')).toBeVisible();
  await expect(page.getByText(/\d{4} Health Plan Selected/).first()).toBeVisible();
  await expect(page.getByText(chosenPlan).first()).toBeVisible();
  const shown = contribution.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(page.getByText(new RegExp(`\\$${shown.replace('.', '\\.')}`)).first()).toBeVisible();
  // The stored account's deductions, as the cart showed them.
  await expect(page.getByText('Pre-tax payroll deduction for your HSA each month: $200.00')).toBeVisible();
}

test.describe('buying a plan', () => {
  for (const [label, width, height] of [['a large screen', 1280, 900], ['a 390 px wide phone', 390, 844]] as const) {
    test(`a family of four shops in a two-county ZIP and enrolls on ${label}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      const person = await signedInMember(page, width > 840 ? 'Morgan' : 'Taylor');
      await fillProfile(page, person);
      const contribution = await contributionsAndAffordability(page);
      const chosenPlan = await buy(page, width <= 840);
      await hsaServiceAndCart(page, chosenPlan);
      await welcome(page, person, chosenPlan, contribution);
    });
  }
});
