/**
 * The landing page, header, footer, Version Information modal and the registration edge cases; the signed-in
 * header and the profile's buttons keep every label whole in English and in Spanish, on a desk and on a phone.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseURL } from './playwright.config.ts';
import { catalogue, es, esText, filled } from './spanish.ts';
import { DEMO_EMPLOYER_NAME, newPerson, register, signedInMember, submitRegistration } from './support.ts';

test('the landing page invites a visitor to sign in and explains the steps', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Your Personalized Benefits Enrollment Portal' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Getting Started is Easy' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to start' }).or(page.getByRole('button', { name: 'Sign in to start' }))).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' }).or(page.getByRole('banner').getByRole('link', { name: 'Sign In' }))).toBeVisible();
  await expect(page.getByRole('img', { name: /Benefit Portal/ }).first()).toBeVisible();
  await expect(page.getByText('Powered by')).toBeVisible();

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(/Version \d+\.\d+\.\d+/)).toBeVisible();
  await expect(footer.getByText('04 Feb. 2025')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Terms of Use' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();

  // The Version Information modal closes on Escape and on a click outside it.
  await footer.getByRole('button', { name: 'About' }).click();
  const modal = page.getByRole('dialog', { name: 'Version Information' });
  await expect(modal.getByText('Release Notices')).toBeVisible();
  await expect(modal.getByText(/Benefit Portal \d+\.\d+\.\d+/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await footer.getByRole('button', { name: 'About' }).click();
  await expect(modal).toBeVisible();
  await page.mouse.click(10, 10);
  await expect(modal).toBeHidden();
});

test('the register page without a resolvable employer shows the stop sign instead of the form', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByText(/^An Employer must give you access before you can Register/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register Account' })).toHaveCount(0);
  await page.goto('/register?employer_id=00000000-0000-4000-8000-000000000001');
  await expect(page.getByText(/^An Employer must give you access before you can Register/)).toBeVisible();
});

test('registering twice with one e-mail offers to resend or to delete the pending registration', async ({ page, browser }) => {
  const person = newPerson('Robin');
  await register(page, person);
  // Someone else who knows the e-mail, in another browser, cannot delete the registration.
  const stranger = await browser.newPage({ baseURL });
  await submitRegistration(stranger, person);
  await stranger.getByRole('dialog').getByRole('button', { name: /delete/i }).click();
  await expect(stranger.getByText('This registration can be withdrawn only in the browser it was made in.', { exact: false })).toBeVisible();
  await stranger.close();
  // The registrant's own browser can.
  await submitRegistration(page, person);
  await expect(page.getByText('Register failed. Please try again.')).toBeVisible();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: /delete/i }).click();
  await expect(page).toHaveURL(/\/register\?employer_id=/);
  // The pending registration is gone: the same e-mail registers again.
  await register(page, person);
});

test('a signed-in member sees the employer in the header and the default logo when it has none', async ({ page }) => {
  const person = await signedInMember(page, 'Alex');
  const header = page.getByRole('banner');
  await expect(header.getByText(DEMO_EMPLOYER_NAME)).toBeVisible();
  await expect(header.getByRole('img').first()).toBeVisible();
  await expect(header.getByRole('link', { name: 'Getting Started' })).toBeVisible();
  await expect(header.getByText(`Hi, ${person.firstName}`)).toBeVisible();
  await page.goto('/contact-us');
  await expect(page.getByText(/Not Available|@/).first()).toBeVisible();
});

/** How a text lies in the page: cut (wider than its box, or than a box inside it) and on how many lines. */
async function textLayout(locator: Locator): Promise<{ cut: boolean; lines: number }> {
  return locator.evaluate((element) => {
    const boxes = [element, ...element.querySelectorAll('*')];
    const cut = boxes.some((box) => box.clientWidth > 0 && box.scrollWidth > box.clientWidth);
    const tops = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return { cut, lines: tops.size };
  });
}

async function expectOneWholeLine(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  expect(await textLayout(locator), String(locator)).toEqual({ cut: false, lines: 1 });
}

const LANGUAGES = [
  ['English', catalogue('en'), 'Enter Additional Enrollment Information'],
  ['Español', es, esText('profile', '/messages/additional-info-title')],
] as const;

/** Shows the page in `language` through the header's switch (the page reloads in it). */
async function chooseLanguage(page: Page, language: string, text: (key: string) => string): Promise<void> {
  const banner = page.getByRole('banner');
  await banner.getByRole('combobox').selectOption({ label: language });
  await expect(banner.getByRole('button', { name: text('sign-out') })).toBeVisible();
}

test('the signed-in header and the profile keep every label whole, in English and in Spanish, on a desk and on a phone', async ({ page }) => {
  const person = await signedInMember(page, 'Mateo');
  const banner = page.getByRole('banner');
  for (const [language, text, additionalInfo] of LANGUAGES) {
    await chooseLanguage(page, language, text);

    // A desk: the menu's items each on one line, none cut (Spanish's longer labels included).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/contact-us');
    const menu = banner.getByRole('navigation', { name: text('main-menu') });
    for (const item of [
      menu.getByRole('link', { name: text('getting-started') }),
      menu.getByRole('button', { name: text('my-coverage') }),
      menu.getByRole('link', { name: text('contact-us') }),
      menu.getByText(filled(text('greeting'), { name: person.firstName })),
      menu.getByRole('button', { name: text('sign-out') }),
    ])
      await expectOneWholeLine(item);
    // The menu stays on the brand's row: its items share one line.
    const middles = await menu.locator(':scope > *').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top + item.getBoundingClientRect().height / 2)));
    expect(Math.max(...middles) - Math.min(...middles), 'the menu items on one row').toBeLessThanOrEqual(2);

    // A phone: the employer's name reads whole on the line under the logo's row, and the header stays compact.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectOneWholeLine(banner.getByText(DEMO_EMPLOYER_NAME));
    await expectOneWholeLine(banner.getByText(text('powered-by')));
    await expectOneWholeLine(banner.getByRole('button', { name: text('sign-out') }));
    expect((await banner.boundingBox())!.height, 'the phone header is the logo row and one line').toBeLessThan(130);

    // The profile's longest button wraps its label instead of cutting it.
    await page.goto('/profile');
    const additional = page.getByRole('button', { name: additionalInfo });
    await expect(additional).toBeVisible();
    expect((await textLayout(additional)).cut, 'the additional-information button cut').toBe(false);
  }
});
