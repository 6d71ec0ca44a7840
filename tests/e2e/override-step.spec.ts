/**
 * A step added to one employer purely by overrides: staff publish a form of the employer's own and a flow entry
 * naming it (tests/fixtures/own-step.ts); an employee of that employer meets the step first in the wizard, fills it
 * in by its labels and goes on to the profile, the answers sent by the step's declared call. An employee of
 * another employer (the demo one) never sees it.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { OWN_FORM, OWN_FORM_ID, OWN_STEP_EVENT, OWN_STEP_FLOW_PATCH } from '../fixtures/own-step.ts';
import { DEMO_EMPLOYER_ID, SECOND_EMPLOYER_ID, putAsRead, signedInMember, staffApiHeaders } from './support.ts';

/**
 * Saves and publishes one document of an employer as implementation staff do, through the staff API as the test's
 * staff admin (created by staff:create before the product starts): the whole document, the flow being the base
 * flow with the new step added.
 */
async function publishDocument(request: APIRequestContext, accountid: string, documentid: string, edit: (base: Record<string, unknown> | null) => unknown): Promise<void> {
  const headers = await staffApiHeaders(request);
  const url = `/api/staff/employers/${accountid}/content/${documentid}`;
  const current = await request.get(url, { headers });
  const base = current.ok() ? ((await current.json()) as { data: { base: Record<string, unknown> | null } }).data.base : null;
  const draft = await putAsRead(request, `${url}/draft`, headers, { document: edit(base) }, url);
  expect(draft.status(), await draft.text()).toBe(200);
  const { version, etag } = ((await draft.json()) as { data: { version: number; etag: string } }).data;
  const published = await request.post(`${url}/publish`, { headers, data: { version, etag } });
  expect(published.status(), await published.text()).toBe(200);
}

const PROFILE_HEADING = 'Welcome to your Benefits Package Creator';

// One worker runs this file, so the overrides are published once: with the tests spread over two workers, each ran
// beforeAll and the second publish of the same version was refused (409 'Version 1 is published already.').
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await publishDocument(request, SECOND_EMPLOYER_ID, OWN_FORM_ID, () => OWN_FORM);
  await publishDocument(request, SECOND_EMPLOYER_ID, 'enrollment', (flow) => ({
    ...flow,
    steps: { ...(flow!['steps'] as Record<string, unknown>), ...OWN_STEP_FLOW_PATCH.steps },
  }));
});

test("an employer's own step shows first for its employees and is completed in the browser", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInMember(page, 'Robin', SECOND_EMPLOYER_ID);

  await expect(page.getByRole('heading', { name: 'Commuter Benefits', level: 2 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Enrollment steps' }).getByText('Commuter Benefits')).toBeVisible();

  // The document's own message: a pass over the limit is refused (nothing is required: a step of the employer's
  // own never stops a person, docs/staff.md).
  await page.getByLabel('Monthly transit pass in dollars').fill('341');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('A transit pass is at most $340 a month.').first()).toBeVisible();

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
