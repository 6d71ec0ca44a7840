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
import { nextTo, signedInMember, type Person } from './support.ts';

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

  await page.getByLabel('Home Address').fill('21 Main St NE');
  await page.getByLabel('Telephone').fill('5035550142');

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

async function buy(page: Page, narrow: boolean): Promise<void> {
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
    expect(csv.trim().split('\n')).toHaveLength(count + 1);
  }
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
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByText('The plan is already selected! You can select only one plan.')).toBeVisible();
}

test.describe('buying a plan', () => {
  for (const [label, width, height] of [['a large screen', 1280, 900], ['a 390 px wide phone', 390, 844]] as const) {
    test(`a family of four shops in a two-county ZIP and enrolls on ${label}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      const person = await signedInMember(page, width > 840 ? 'Morgan' : 'Taylor');
      await fillProfile(page, person);
      await contributionsAndAffordability(page);
      await buy(page, width <= 840);
    });
  }
});
