/**
 * A session that ends under the tab, and a tab handed to another person (docs/ui-conventions.md, A session that ends
 * under the tab): Next after the session ended on the server goes to /login with the way back, and after signing in
 * the step shows again with what was typed (never the SSN, which no storage holds); a member who signs out and another
 * who signs in in the same tab completes their own profile, never the first member's.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectClean } from './axe.ts';
import { ENGLISH, fillMemberProfile, memberWithPassword, PORTLAND, signedInMember, signIn } from './support.ts';

const PROFILE_HEADING = 'Welcome to your Benefits Package Creator';
const SESSION_ENDED = 'You were signed out because your session ended';

/** Ends the page's session on the server, as signing out in another window does: its tokens stop working. */
async function endSessionElsewhere(page: Page): Promise<void> {
  const token = await page.evaluate(() => sessionStorage.getItem('access_token'));
  const logout = await page.request.post('/api/Login/Logout', { headers: { authorization: `Bearer ${token}` } });
  expect(logout.status(), await logout.text()).toBe(200);
}

test('Next after the session ended: /login with the way back, then the same step with what was typed (no SSN kept)', async ({ page }) => {
  const person = await signedInMember(page, 'Sloane');
  await expect(page.getByRole('heading', { name: PROFILE_HEADING })).toBeVisible();
  const labels = ENGLISH.profile;
  // The whole profile, its SSN 123-45-6789 included, so Next sends it.
  await fillMemberProfile(page, { ...PORTLAND, address: '77 Draft Lane', telephone: '5035550177' });

  await endSessionElsewhere(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(SESSION_ENDED)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeHidden();
  const stored = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  expect(stored).toContain('77 Draft Lane');
  expect(stored).not.toMatch(/6789|123-?45/);
  await expectClean(page, '/login after the session ended');

  // Back on the step where the session ended.
  await signIn(page, person);
  await expect(page.getByRole('heading', { name: PROFILE_HEADING })).toBeVisible();
  await expect(page.getByLabel(labels.address)).toHaveValue('77 Draft Lane');
  await expect(page.getByLabel(labels.telephone)).toHaveValue('5035550177');
  await expect(page.getByLabel(labels.zip)).toHaveValue(PORTLAND.zip);
  await expect(page.getByLabel(labels.ssnParts[2]).first()).toHaveValue('');
  await expectClean(page, 'the profile restored after signing in again');
});

test('signing out and in as another member in the same tab: the second completes their own profile', async ({ page }) => {
  const second = await memberWithPassword(page, 'Briar');
  await signedInMember(page, 'Ainsley');
  await expect(page.getByRole('heading', { name: PROFILE_HEADING })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Ainsley');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login\?employer_id=[^&]+$/);
  // The same page, no reload: only the sign-in form stands between the two members.
  await signIn(page, second);
  await expect(page.getByRole('heading', { name: PROFILE_HEADING })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Briar');
  await expect(page.getByText('Hi, Briar')).toBeVisible();
  await fillMemberProfile(page, PORTLAND);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Select your Health Plan Option Below' })).toBeVisible();
  await expect(page.getByText('You may not access this record.')).toBeHidden();
  await expectClean(page, "step 2 after the second member's profile");
});
