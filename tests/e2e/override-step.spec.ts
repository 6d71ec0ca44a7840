/**
 * A step added to one employer purely by overrides: staff publish a form of the employer's own and a flow entry
 * naming it (tests/fixtures/own-step.ts); an employee of that employer meets the step first in the wizard, fills it
 * in by its labels and goes on to the profile, the answers sent by the step's declared call. An employee of
 * another employer (the demo one) never sees it.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OWN_FORM, OWN_FORM_ID, OWN_STEP_EVENT, OWN_STEP_FLOW_PATCH } from '../fixtures/own-step.ts';
import { DEMO_EMPLOYER_ID, SECOND_EMPLOYER_ID, signedInMember } from './support.ts';

/**
 * Creates and publishes one override as implementation staff do. Today staff send the shared key the product
 * generated into its data folder; this is the one place that knows how staff sign in.
 */
async function publishOverride(request: APIRequestContext, accountid: string, documentid: string, patch: unknown): Promise<void> {
  const { STAFF_API_KEY } = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'secrets.json'), 'utf8')) as { STAFF_API_KEY: string };
  const headers = { 'x-staff-key': STAFF_API_KEY };
  const draft = await request.post('/api/staff/overrides', { headers, data: { accountid, documentid, patch } });
  expect(draft.status(), await draft.text()).toBe(201);
  const { id } = ((await draft.json()) as { data: { id: string } }).data;
  const published = await request.post(`/api/staff/overrides/${id}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
}

const PROFILE_HEADING = 'Welcome to your Benefits Package Creator';

test.beforeAll(async ({ request }) => {
  await publishOverride(request, SECOND_EMPLOYER_ID, OWN_FORM_ID, OWN_FORM);
  await publishOverride(request, SECOND_EMPLOYER_ID, 'enrollment', OWN_STEP_FLOW_PATCH);
});

test("an employer's own step shows first for its employees and is completed in the browser", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInMember(page, 'Robin', SECOND_EMPLOYER_ID);

  await expect(page.getByRole('heading', { name: 'Commuter Benefits', level: 2 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Enrollment steps' }).getByText('Commuter Benefits')).toBeVisible();

  // The document's rule and its message: the commute is required.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please choose how you get to work.').first()).toBeVisible();

  await page.getByRole('radiogroup', { name: /How do you get to work\?/ }).getByLabel('Public transit').check();
  await page.getByLabel('Monthly transit pass in dollars').fill('120');
  const recorded = page.waitForRequest((request) => request.url().endsWith('/api/LogFact/v2') && request.postData()?.includes(OWN_STEP_EVENT) === true);
  await page.getByRole('button', { name: 'Next' }).click();
  expect((await recorded).postDataJSON()).toMatchObject({
    title: OWN_STEP_EVENT,
    data: { commutemode: 'Public transit', monthlypass: 120 },
  });

  await expect(page.getByRole('heading', { name: PROFILE_HEADING })).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/profile$/);
});

test('an employee of another employer does not get that step', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInMember(page, 'Avery', DEMO_EMPLOYER_ID);
  await expect(page.getByRole('heading', { name: PROFILE_HEADING })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Enrollment steps' }).getByText('Commuter Benefits')).toHaveCount(0);
  expect((await request.get(`/api/content/forms/${OWN_FORM_ID}?accountid=${DEMO_EMPLOYER_ID}`)).status()).toBe(404);
});
