/**
 * A member who has enrolled comes back: a reload on the 'Thank you!' confirmation shows their summary at /welcome,
 * never step 1; signing in again lands there too, with Change My Elections; /welcome and /health-plan name the
 * plan's carrier, the service's vendor, the policyholder and an order number, never a placeholder; the profile shows
 * the saved SSN as on file by its last four and does not ask it again; /health-plan's opened cards hold a long e-mail
 * address within them. axe finds nothing on each screen. On a phone (390 x 844, touch) and on a desk (1280 x 800).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectClean } from './axe.ts';
import { fillMemberProfile, nextTo, PORTLAND, signedInMember, signIn, type Person } from './support.ts';

/** The demo employer's additional service (src/db/seed/demo-employer.ts). */
const SERVICE = { product: 'Telehealth Plus', vendor: 'CareLine Virtual Health', option: 'Individual' };
const ORDER_NUMBER = /^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/;
/** Texts that stand in for a real name. "Health Plan #n" is not one: it titles each /health-plan card (the spec's words). */
const PLACEHOLDERS = ['N/A', 'Service Provider', 'HSA Vendor'];

async function expectNoPlaceholder(page: Page): Promise<void> {
  for (const text of PLACEHOLDERS) await expect(page.getByRole('main').getByText(text)).toHaveCount(0);
}

/** From the filled profile to the confirmation: buy the first plan shown, add the service, authorize. */
async function enroll(page: Page): Promise<{ plan: string; carrier: string }> {
  await nextTo(page, 'Select your Health Plan Option Below');
  await nextTo(page, 'ICHRA Acknowledgment');
  await page.getByRole('checkbox', { name: /I certify/ }).check();
  await nextTo(page, 'Shop Health Plans');
  const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Add to Cart' }) }).first();
  const plan = (await card.getAttribute('aria-label'))!;
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('article', { name: plan, exact: true }).first().getByRole('button', { name: 'Remove from cart' })).toBeVisible();
  // An HSA-eligible plan brings Flexible Spending first (no HSA amount is set); then Additional Services.
  const services = page.getByRole('heading', { name: 'Additional Services' });
  await expect(async () => {
    if (!(await services.isVisible())) await page.getByRole('button', { name: /^(Next|Proceed)$/ }).first().click();
    await expect(services).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();
  await nextTo(page, 'Plan and Benefits Summary');
  // The carrier the cart names for the plan (a table row on a desk, a card on a phone).
  const planLine = page.locator('[data-line="plan"]');
  const narrow = page.viewportSize()!.width <= 840;
  const carrierCell = narrow ? planLine.getByText('Carrier', { exact: true }).locator('xpath=following-sibling::*[1]') : planLine.getByRole('cell').first();
  const carrier = (await carrierCell.innerText()).trim();
  expect(carrier).not.toBe('');
  const acknowledgment = page.getByRole('checkbox', { name: /deducted from my pay/ });
  if (await acknowledgment.isVisible()) await acknowledgment.check();
  await page.getByRole('button', { name: 'Authorize Elections' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible();
  return { plan, carrier };
}

async function walk(page: Page, firstName: string): Promise<void> {
  const person: Person = await signedInMember(page, firstName);

  // Before the first save: the SSN is kept only once Next is pressed.
  await expect(page.getByText('For your safety, your SSN is kept only once you press Next').first()).toBeVisible();
  await fillMemberProfile(page, PORTLAND);
  const { plan, carrier } = await enroll(page);
  await expectClean(page, 'the confirmation after Authorize Elections');

  // A reload on the confirmation: the summary, never step 1.
  await page.reload();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByText('Your enrollment is complete. No further action is needed.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).toHaveCount(0);

  // /welcome names the plan, its carrier and the service's vendor.
  const selected = page.getByRole('main').getByText(plan, { exact: true }).first();
  await expect(selected).toBeVisible();
  await expect(page.getByRole('main').getByText(carrier, { exact: true }).first()).toBeVisible();
  const services = page.getByRole('region', { name: 'Additional Services' });
  await expect(services.getByText(SERVICE.vendor)).toBeVisible();
  await expect(services.getByText(`${SERVICE.product} (${SERVICE.option})`)).toBeVisible();
  await expectNoPlaceholder(page);
  await expect(page.getByRole('main').getByLabel('Loading')).toHaveCount(0);
  await expectClean(page, '/welcome after a reload on the confirmation');

  // /health-plan: each purchase named by what it is, with the policyholder and an order number.
  await page.goto('/health-plan');
  const health = page.getByRole('article', { name: `Health Insurance: ${plan}` });
  const service = page.getByRole('article', { name: `Additional Services: ${SERVICE.product}` });
  await health.getByRole('button', { name: 'Load More' }).click();
  await service.getByRole('button', { name: 'Load More' }).click();
  const detail = (card: typeof health, label: string) => card.getByRole('row', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\']/g, '\\$&')}`) }).getByRole('cell');
  await expect(detail(health, 'Policy Carrier Name')).toHaveText(carrier);
  await expect(detail(health, "Policy Holder's Name")).toHaveText(`${person.firstName} ${person.lastName}`);
  await expect(detail(health, 'Order Number')).toHaveText(ORDER_NUMBER);
  await expect(detail(service, 'Vendor Name')).toHaveText(SERVICE.vendor);
  await expect(detail(service, 'Order Number')).toHaveText(ORDER_NUMBER);
  // Each opened card holds its table: a long value (the member's e-mail address) wraps within the card.
  for (const card of [health, service]) {
    const overhang = await card.evaluate((element) => {
      const table = element.querySelector('table')!.getBoundingClientRect();
      return table.right - (element.getBoundingClientRect().right - parseFloat(getComputedStyle(element).paddingRight));
    });
    expect(overhang, 'the details table past the card').toBeLessThanOrEqual(0.5);
  }
  await expectNoPlaceholder(page);
  await expectClean(page, '/health-plan with its cards open');

  // Signed out and in again: the summary, with a way to change the elections.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, person, /\/welcome$/);
  await expect(page.getByRole('heading', { name: `Welcome Back, ${person.firstName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Change My Elections' }).click();

  // The profile: the SSN on file by its last four, not asked again.
  await expect(page.getByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).toBeVisible();
  await expect(page.getByText('On file: ***-**-6789. Enter a new number only to change it.')).toBeVisible();
  await expect(page.getByLabel('SSN last 4 digits').first()).toHaveValue('');
  await expect(page.getByText('For your safety, your SSN is kept only once you press Next')).toHaveCount(0);
  await expectClean(page, '/profile of a returning member, the SSN on file');
  await nextTo(page, 'Select your Health Plan Option Below');
  await expect(page.getByRole('dialog', { name: 'Social Security Number Required' })).toHaveCount(0);
}

test.describe('on a phone, 390 x 844 with touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  test('a returning member finds their summary, real names and their SSN on file', async ({ page }) => {
    // Long first names make long e-mail addresses, which the /health-plan cards must hold.
    await walk(page, 'Bartholomew');
  });
});

test.describe('on a desk, 1280 x 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('a returning member finds their summary, real names and their SSN on file', async ({ page }) => {
    await walk(page, 'Maximiliano');
  });
});
