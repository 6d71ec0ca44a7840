/**
 * Two implementers on one draft (issue 19): A opens the draft in the console, B saves over it, A presses Publish.
 * Nothing is published; A is told who changed the draft and when, and sees B's change; A loads the current draft
 * and publishes it knowingly. Employees then get B's text, which A saw before publishing it.
 */
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { confirmChanges, publishWithConfirmation } from './specialist/texts.ts';
import { STAFF_PASSWORD } from './staff-admin.ts';
import { SECOND_EMPLOYER_ID, staffApiHeaders, staffSignIn } from './support.ts';

const A_TEXT = "A's reason: choose why you are waiving coverage.";
const B_TEXT = "B's reason: tell us why you waive coverage.";
/** The base waiver's text, which employees of the employer get before either publishes. */
const WAIVER_REASON = 'Please select a waiver reason';
const headers = { 'x-staff-request': '1' };
const url = `/api/staff/employers/${SECOND_EMPLOYER_ID}/content/waiver`;
type Content = { base: { messages: Record<string, string> }; draft: { etag: string } | null; publishedEtag: string };

test('a draft changed since it was read is not published: the console names who changed it and shows the change', async ({ page, playwright, baseURL }) => {
  // A: the admin, signed in through the console (its API calls share the page's cookie).
  await staffSignIn(page);
  const bEmail = `bea-${randomUUID()}@staff.test`;
  const created = await page.request.post('/api/staff/users', { headers, data: { email: bEmail, role: 'implementer', password: STAFF_PASSWORD } });
  expect(created.status(), await created.text()).toBe(201);

  const withText = (content: Content, text: string) => ({ ...content.base, messages: { ...content.base.messages, 'select-waiver-reason': text } });
  const read = async (request: typeof page.request) => ((await (await request.get(url)).json()) as { data: Content }).data;
  const aSaved = await page.request.put(`${url}/draft`, { headers: { ...headers, 'if-none-match': '*' }, data: { document: withText(await read(page.request), A_TEXT) } });
  expect(aSaved.status(), await aSaved.text()).toBe(200);

  await page.goto(`/staff/employers/${SECOND_EMPLOYER_ID}/documents/waiver`);
  await expect(page.getByRole('heading', { name: /\(waiver\)$/ })).toBeVisible();
  await expect(page.getByText(A_TEXT).first()).toBeVisible();

  // B saves over the draft A has open.
  const b = await playwright.request.newContext({ baseURL });
  await staffApiHeaders(b, bEmail);
  const bRead = await read(b);
  const bSaved = await b.put(`${url}/draft`, { headers: { ...headers, 'if-match': bRead.draft!.etag }, data: { document: withText(bRead, B_TEXT) } });
  expect(bSaved.status(), await bSaved.text()).toBe(200);

  // A confirms what A read: A's text.
  await page.getByRole('button', { name: 'Publish' }).click();
  await confirmChanges(page, 'Publish these changes?', [`Message 'select-waiver-reason': '${WAIVER_REASON}' to '${A_TEXT}'`]);
  const conflict = page.getByRole('alert').filter({ hasText: 'Someone else changed this draft' });
  await expect(conflict).toContainText(new RegExp(`${bEmail} changed this draft at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC since you read it`));
  await expect(conflict.getByLabel('Their change')).toContainText(`-     "select-waiver-reason": "${A_TEXT}"`);
  await expect(conflict.getByLabel('Their change')).toContainText(`+     "select-waiver-reason": "${B_TEXT}"`);
  /** The text employees of the employer get now. */
  const served = async () => {
    const answer = await page.request.get(`/api/content/forms/waiver?accountid=${SECOND_EMPLOYER_ID}`);
    return ((await answer.json()) as { data: { document: Content['base'] } }).data.document.messages['select-waiver-reason'];
  };
  expect(await served()).not.toBe(A_TEXT);
  expect(await served()).not.toBe(B_TEXT);

  await conflict.getByRole('button', { name: 'Load the Current Draft' }).click();
  await expect(page.getByText('The current draft is loaded; your edits were replaced.')).toBeVisible();
  await expect(conflict).toHaveCount(0);
  await publishWithConfirmation(page, [`Message 'select-waiver-reason': '${WAIVER_REASON}' to '${B_TEXT}'`]);
  expect(await served()).toBe(B_TEXT);

  // The employer gets the base again, for the other journeys.
  const rolledBack = await page.request.post(`${url}/rollback`, { headers, data: { version: 0, etag: (await read(page.request)).publishedEtag } });
  expect(rolledBack.status(), await rolledBack.text()).toBe(200);
  await b.dispose();
});
