/**
 * Four eyes on a guarded text (issue 33, "Texts with meaning are guarded"; docs/decisions/047): a specialist
 * rewords the payroll-deduction acknowledgment of an employer's cart and saves the draft; the editor says it needs
 * approval by a second staff member, lists the text, and keeps Publish off (the server refuses a publish too). A
 * second staff member signs in, reads the text and approves it; the specialist then publishes it, employees get it,
 * and the audit trail names who approved. axe-clean while it waits for approval and once approved.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectClean } from './axe.ts';
import { publishWithConfirmation, saveDraft } from './specialist/texts.ts';
import { STAFF_PASSWORD } from './staff-admin.ts';
import { staffSignIn } from './support.ts';

const BASE_TEXT = 'I understand that the amount above my employer contribution is deducted from my pay on a pre-tax basis.';
const NEW_TEXT = 'I understand that what my elections cost above my employer contribution comes out of my pay before taxes.';
const headers = { 'x-staff-request': '1' };

/** A page of its own signed in to the console as `email`. */
async function consoleAs(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  await staffSignIn(page, email);
  return page;
}

test('a specialist drafts the payroll acknowledgment, a second staff member approves it, then it publishes', async ({ page, browser }) => {
  // The admin makes the two staff users and an employer of this test's own.
  await staffSignIn(page);
  const tag = randomUUID().slice(0, 8);
  const [specialistEmail, approverEmail] = [`sam-${tag}@staff.test`, `rita-${tag}@staff.test`];
  for (const email of [specialistEmail, approverEmail]) {
    const created = await page.request.post('/api/staff/users', { headers, data: { email, role: 'implementer', password: STAFF_PASSWORD } });
    expect(created.status(), await created.text()).toBe(201);
  }
  const employer = await page.request.post('/api/staff/employers', {
    headers,
    data: { name: `Guarded Co ${tag}`, email: null, planyear: new Date().getUTCFullYear(), employeazecustomer: 1, hsaonly: 0, edoc_period: null, broker: null },
  });
  expect(employer.status(), await employer.text()).toBe(200);
  const accountid = ((await employer.json()) as { data: { accountid: string } }).data.accountid;
  const documentUrl = `/staff/employers/${accountid}/documents/acknowledgements`;
  const apiUrl = `/api/staff/employers/${accountid}/content/acknowledgements`;

  // The specialist rewords the acknowledgment and saves the draft: it waits for a second staff member.
  const specialist = await consoleAs(browser, specialistEmail);
  await specialist.goto(documentUrl);
  await expect(specialist.getByRole('heading', { name: 'Plan and Benefits Summary (acknowledgements)' })).toBeVisible();
  await specialist.getByRole('textbox', { name: 'Search texts' }).fill('pre-tax basis');
  const text = specialist.getByRole('textbox', { name: /^Plan and Benefits Summary › .* label$/ }).first();
  await expect(text).toHaveValue(BASE_TEXT);
  await text.fill(NEW_TEXT);
  await saveDraft(specialist);
  const pending = specialist.getByRole('region', { name: 'Needs approval by a second staff member' });
  await expect(pending).toContainText('/schema/properties/deductionacknowledged/title (English)');
  await expect(pending).toContainText(`New text: “${NEW_TEXT}”`);
  await expect(pending).toContainText('You saved this draft last, so you cannot approve it');
  await expect(pending.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(specialist.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await expectClean(specialist, 'a draft waiting for approval');
  // The server refuses the publish as well, naming the guarded text.
  const read = ((await (await specialist.request.get(apiUrl)).json()) as { data: { draft: { version: number; etag: string } } }).data.draft;
  const refused = await specialist.request.post(`${apiUrl}/publish`, { headers, data: { version: read.version, etag: read.etag } });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ code: 'APPROVAL_REQUIRED', message: expect.stringContaining('/schema/properties/deductionacknowledged/title') });

  // A second staff member signs in, reads the text and approves it.
  const approver = await consoleAs(browser, approverEmail);
  await approver.goto(documentUrl);
  const toApprove = approver.getByRole('region', { name: 'Needs approval by a second staff member' });
  await expect(toApprove).toContainText(`other than ${specialistEmail}, who saved it last`);
  await expect(toApprove).toContainText(NEW_TEXT);
  await toApprove.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByText(`Version ${read.version} approved: it may be published now.`)).toBeVisible();
  await expect(approver.getByRole('status').filter({ hasText: 'Guarded texts approved' })).toContainText(`${approverEmail} approved this draft`);
  await expectClean(approver, 'a draft approved');

  // The specialist sees the approval and publishes.
  await specialist.reload();
  await expect(specialist.getByRole('status').filter({ hasText: 'Guarded texts approved' })).toContainText(approverEmail);
  await expect(specialist.getByRole('button', { name: 'Publish' })).toBeEnabled();
  await publishWithConfirmation(specialist, [new RegExp(NEW_TEXT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))]);
  const served = await specialist.request.get(`/api/content/forms/acknowledgements?accountid=${accountid}`);
  expect(((await served.json()) as { data: { document: { schema: { properties: { deductionacknowledged: { title: string } } } } } }).data.document.schema.properties.deductionacknowledged.title).toBe(NEW_TEXT);

  // The audit trail names who approved it.
  const audit = await page.request.get(`/api/staff/audit?entityid=${accountid}/acknowledgements`);
  const entries = ((await audit.json()) as { data: Array<{ staffEmail: string; action: string; entityId: string }> }).data;
  expect(entries).toContainEqual(expect.objectContaining({ staffEmail: approverEmail, action: 'approve', entityId: `${accountid}/acknowledgements` }));
});
