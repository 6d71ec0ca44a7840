/**
 * The Content-Security-Policy allows no eval (script-src 'self'), and every screen that shows a form still
 * validates: its validators are compiled ahead and loaded from our origin. Each test listens for CSP violations
 * (the securitypolicyviolation event and Chromium's console report) across every page it opens, and shows a
 * document's message for a fault, which only a working validator finds.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMPLOYER_ID, fillMemberProfile, invitationLink, newPerson, nextTo, PASSWORD, PORTLAND, register, signedInMember } from './support.ts';

type Watch = { violations: string[]; validators: string[] };

/** Records every CSP violation and every validators module the page loads, from its first navigation on. */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { violations: [], validators: [] };
  await page.exposeFunction('reportViolation', (text: string) => seen.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} refused ${event.blockedURI || 'an inline script or eval'}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|unsafe-eval/i.test(message.text())) seen.violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy|unsafe-eval|EvalError/i.test(String(error))) seen.violations.push(String(error));
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/content/validators/') && response.status() === 200) seen.validators.push(response.url());
  });
  return seen;
}

async function expectPolicyWithoutEval(page: Page, path: string) {
  const response = await page.goto(path);
  const policy = (await response!.allHeaders())['content-security-policy'];
  expect(policy).toContain("script-src 'self';");
  expect(policy).not.toContain('unsafe-eval');
}

test('the public forms validate under a policy without eval', async ({ page }) => {
  const seen = await watch(page);

  await expectPolicyWithoutEval(page, `/login?employer_id=${DEMO_EMPLOYER_ID}`);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await page.getByLabel('Email').fill('not an address');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();

  await page.goto(`/register?employer_id=${DEMO_EMPLOYER_ID}`);
  await page.getByLabel('Personal Email').fill('nobody@');
  await page.getByLabel('Personal Email').blur();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  const person = newPerson('Casey');
  await register(page, person);
  await page.goto(await invitationLink(person.email));
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await expect(page.getByText('Password must be at least 8 characters long, contain uppercase, lowercase, a number, and a special character.')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm New Password').fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();

  expect(seen.violations).toEqual([]);
  for (const form of ['login', 'forgot-password', 'registration', 'set-password']) {
    expect(seen.validators.some((url) => url.includes(`/validators/${form}.`)), `${form}'s validators were loaded`).toBe(true);
  }
});

test("the wizard's forms validate under a policy without eval", async ({ page }) => {
  const seen = await watch(page);
  await signedInMember(page, 'Morgan');

  // The profile: an empty required field names what is missing; the SSN part (its own validators) too.
  await expect(page.getByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter all required fields. Missing fields are:')).toBeVisible();
  await page.keyboard.press('Escape');
  await fillMemberProfile(page, PORTLAND);

  // Contributions with a run-time list of effective dates, then the waiver's own form.
  await nextTo(page, 'Select your Health Plan Option Below');
  await page.getByLabel('Not Buying Health Insurance (Waive Coverage)').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please select a waiver reason')).toBeVisible();

  expect(seen.violations).toEqual([]);
  for (const form of ['profile', 'contributions', 'waiver']) {
    expect(seen.validators.some((url) => url.includes(`/validators/${form}.`)), `${form}'s validators were loaded`).toBe(true);
  }
});
