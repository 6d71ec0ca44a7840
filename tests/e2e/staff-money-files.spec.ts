/**
 * Staff money and files (issue 21): on a new employer, staff enter contribution rules that leave out the
 * 65-and-over and see the missing band named; preview the completed set before saving; enter a negative price
 * and see the message with the typed value kept; open an uploaded ICHRA PDF and the logo; choose contact types
 * by name. Every state is axe clean.
 */
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { staffApiHeaders, staffSignIn } from './support.ts';
import {
  addContactByTypeName,
  openIchraDocument,
  previewAndSaveOldAgeBand,
  refuseNegativePrice,
  refuseRulesWithoutOldAge,
  uploadAndOpenLogo,
} from './specialist/money.ts';

test('staff are told which ages the rules leave out, a negative price is refused as typed, and stored files open', async ({ page, request }) => {
  const name = `Money Files Co ${randomUUID().slice(0, 8)}`;
  const created = await request.post('/api/staff/employers', {
    headers: await staffApiHeaders(request),
    data: { name, email: 'benefits@money-files.example', planyear: 2026, employeazecustomer: 1, hsaonly: 0, edoc_period: null, broker: null },
  });
  expect(created.status(), await created.text()).toBe(200);
  const accountid = ((await created.json()) as { data: { accountid: string } }).data.accountid;

  await staffSignIn(page);
  await page.goto(`/staff/employers/${accountid}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  await refuseRulesWithoutOldAge(page, 'Full-time');
  await previewAndSaveOldAgeBand(page, 'Full-time', '600');
  await refuseNegativePrice(page, { name: 'Vision Care', vendor: 'ClearSight', price: '-12.5' });
  await openIchraDocument(page, accountid, 'ichra-plan-2026.pdf');
  await uploadAndOpenLogo(page, accountid, name);
  await addContactByTypeName(page, { type: 'HR', firstName: 'Hana', lastName: 'Reyes' });
});
