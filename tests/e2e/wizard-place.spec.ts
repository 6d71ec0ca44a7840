/**
 * The wizard keeps its place: a person walks to Shop Health Plans with a plan in the cart, reloads and is on the
 * same step with the same plan; Back returns to the step before. On the profile, what is typed and not saved
 * survives a reload of the tab, except an SSN, which is never kept.
 */
import { expect, test, type Page } from '@playwright/test';
import { nextTo, signedInMember } from './support.ts';

async function pasteSsn(page: Page, ssn: string): Promise<void> {
  const first = page.getByLabel('SSN first 3 digits').first();
  await first.fill('');
  await first.focus();
  await page.evaluate(async (text) => {
    const input = document.activeElement as HTMLInputElement;
    const data = new DataTransfer();
    data.setData('text/plain', text);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, ssn);
  await expect(page.getByLabel('SSN last 4 digits').first()).toHaveValue(ssn.slice(-4));
}

/** Everything the tab keeps in sessionStorage, as one text. */
const tabStorage = (page: Page) => page.evaluate(() => JSON.stringify({ ...sessionStorage }));

test('the wizard keeps its place through a reload and Back, and the profile keeps what was typed but never an SSN', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInMember(page, 'Casey');
  await expect(page.getByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).toBeVisible();

  // Typed and not saved: the address and an SSN, then a reload of the tab.
  await page.getByLabel('Home Address').fill('21 Main St NE');
  await pasteSsn(page, '123-45-6789');
  // The draft is written shortly after a change (and at once when the page is left).
  await expect.poll(() => tabStorage(page)).toContain('21 Main St NE');
  expect(await tabStorage(page)).not.toMatch(/123\D*45\D*6789/);
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Home Address')).toHaveValue('21 Main St NE');
  for (const box of ['SSN first 3 digits', 'SSN middle 2 digits', 'SSN last 4 digits']) {
    await expect(page.getByLabel(box).first()).toHaveValue('');
  }
  // The profile says so before the first save.
  await expect(page.getByText('For your safety, your SSN is kept only once you press Next').first()).toBeVisible();

  // The rest of the profile, saved by Next.
  await page.getByLabel('Telephone').fill('5035550142');
  await page.getByLabel('ZIP Code').fill('97002');
  const picker = page.getByRole('dialog', { name: 'Select a county' });
  await picker.getByRole('button', { name: /Marion County/ }).click();
  await expect(page.getByLabel('City')).toHaveValue('Aurora');
  await page.getByLabel('DOB').first().fill('1982-07-14');
  await page.getByRole('radiogroup', { name: /^Gender/ }).first().getByLabel('Female', { exact: true }).check();
  await page.getByRole('radiogroup', { name: /^Smoker/ }).first().getByLabel('No', { exact: true }).check();
  await pasteSsn(page, '123-45-6789');
  await page.getByLabel('PCP Name').first().fill('Dr. Ana Lee');
  await page.getByLabel('PCP ID').first().fill('PCP-4411');

  await nextTo(page, 'Select your Health Plan Option Below');
  await expect(page).toHaveURL(/\/profile\/contributions\/choice$/);
  await nextTo(page, 'ICHRA Acknowledgment');
  await expect(page).toHaveURL(/\/profile\/enroll\/ichra-acknowledgment$/);
  await page.getByRole('checkbox', { name: /I certify/ }).check();
  await nextTo(page, 'Shop Health Plans');
  await expect(page).toHaveURL(/\/profile\/enroll\/shop-health-plans$/);

  const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Add to Cart' }) }).first();
  const chosenPlan = (await card.getAttribute('aria-label'))!;
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  const chosen = page.getByRole('article', { name: chosenPlan, exact: true }).first();
  await expect(chosen.getByRole('button', { name: 'Remove from cart' })).toBeVisible();

  // A reload: the same step, the same plan in the cart.
  await page.reload();
  await expect(page).toHaveURL(/\/profile\/enroll\/shop-health-plans$/);
  await expect(page.getByRole('heading', { name: 'Shop Health Plans' })).toBeVisible();
  await expect(chosen.getByRole('button', { name: 'Remove from cart' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'III. Shop Health Plans' })).toHaveAttribute('aria-current', 'step');

  // Back: the step before.
  await page.goBack();
  await expect(page).toHaveURL(/\/profile\/enroll\/ichra-acknowledgment$/);
  await expect(page.getByRole('heading', { name: 'ICHRA Acknowledgment' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Shop Health Plans' })).toBeVisible();
  await expect(chosen.getByRole('button', { name: 'Remove from cart' })).toBeVisible();

  // Back on the profile: typed and not saved, then a reload; the saved SSN stays masked, the typed one is gone.
  await page.goto('/profile');
  const pcp = page.getByLabel('PCP Name').first();
  await expect(pcp).toHaveValue('Dr. Ana Lee');
  await pcp.fill('Dr. Sam Park');
  await pasteSsn(page, '234-56-7890');
  expect(await tabStorage(page)).not.toMatch(/234\D*56\D*7890|123\D*45\D*6789/);
  await page.reload();
  await expect(page.getByLabel('PCP Name').first()).toHaveValue('Dr. Sam Park');
  await expect(page.getByLabel('SSN first 3 digits').first()).toHaveValue('');
  await expect(page.getByLabel('SSN last 4 digits').first()).toHaveValue('');
  await expect(page.getByLabel('SSN last 4 digits').first()).toHaveAttribute('placeholder', '6789');
  await expect(page.getByText('On file: ***-**-6789. Enter a new number only to change it.')).toBeVisible();
});
