/**
 * Contribution rules are drafted, previewed and published (issue 33, "Contribution rules are documents too";
 * docs/decisions/048-contribution-rules-are-published-versions.md): a specialist drafts a rule for Texas at $0,
 * sees in the preview who would get $0.00, and the publish is refused naming the employee; drafts Texas at $500
 * instead, sees who changes, publishes, and the rules in force follow; a further draft is discarded after a
 * confirmation and the editor shows the rules in force again. Every state is axe clean.
 */
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectClean } from './axe.ts';
import { employerSection, publishRulesAsRead, staffApiHeaders, staffSignIn } from './support.ts';

const TIERS = ['employee', 'employee-spouse', 'employee-children', 'family'];

test('a specialist drafts contribution rules, sees who changes and who would get $0.00, publishes, and discards a draft', async ({ page, request }) => {
  const headers = await staffApiHeaders(request);
  const name = `Rule Versions Co ${randomUUID().slice(0, 8)}`;
  const created = await request.post('/api/staff/employers', {
    headers,
    data: { name, email: 'benefits@rule-versions.example', planyear: 2026, employeazecustomer: 1, hsaonly: 0, edoc_period: null, broker: null },
  });
  expect(created.status(), await created.text()).toBe(200);
  const accountid = ((await created.json()) as { data: { accountid: string } }).data.accountid;
  const n = randomUUID().slice(0, 8);
  const csv = ['firstname,lastname,email,birthdate,class,zip', `Ann,Able,ann.${n}@census.example,1981-04-02,ALL,30301`, `Tex,Tate,tex.${n}@census.example,1981-04-02,ALL,75007`].join('\r\n') + '\r\n';
  const imported = await request.post(`/api/staff/employers/${accountid}/census`, { headers, data: { csv } });
  expect(imported.status(), await imported.text()).toBe(200);
  const inForce = TIERS.map((tier) => ({ contributionclass: 'ALL', ageMin: 0, ageMax: 120, tier, state: null, ratingArea: null, amount: 400 }));
  expect((await publishRulesAsRead(request, accountid, headers, inForce)).status()).toBe(200);

  await staffSignIn(page);
  await page.goto(`/staff/employers/${accountid}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await employerSection(page, 'Contributions');
  await expect(page.getByLabel('Rule 4 monthly amount')).toHaveValue('400');

  // A band for Texas at $0: the draft saves, the preview names who would get $0.00, the publish is refused.
  await page.getByRole('button', { name: 'Add Age Band' }).click();
  for (let rule = 5; rule <= 8; rule += 1) {
    await page.getByLabel(`Rule ${rule} state`).fill('TX');
    await page.getByLabel(`Rule ${rule} monthly amount`).fill('0');
  }
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Draft saved. Employees are paid by the published rules until it is published.')).toBeVisible();
  await page.getByRole('button', { name: 'Preview Changes' }).click();
  const preview = page.getByRole('region', { name: 'Preview of the draft' });
  await expect(preview.getByText('Who would get $0.00: Tex Tate')).toBeVisible();
  await expect(preview.getByRole('alert').filter({ hasText: 'This draft cannot be published' })).toContainText('Class ALL: Tex Tate (TX) would get $0.00');
  await expect(preview.getByRole('row', { name: /Tex Tate/ })).toContainText('Would get $0.00');
  await expectClean(page, 'a contribution draft that would leave an employee at $0.00');
  await preview.getByRole('button', { name: 'Publish Draft' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'These contribution rules were not published: one employee would get $0.00.' })).toContainText('Tex Tate');

  // Texas at $500 instead: Tex Tate changes, nobody gets $0.00; published, the rules in force follow.
  for (let rule = 5; rule <= 8; rule += 1) await page.getByLabel(`Rule ${rule} monthly amount`).fill('500');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Draft saved. Employees are paid by the published rules until it is published.')).toBeVisible();
  await page.getByRole('button', { name: 'Preview Changes' }).click();
  await expect(preview.getByText('Who changes: Tex Tate')).toBeVisible();
  await expect(preview.getByText('Who would get $0.00: nobody')).toBeVisible();
  await expect(preview.getByRole('row', { name: /Tex Tate/ })).toContainText('$400.00');
  await expect(preview.getByRole('row', { name: /Tex Tate/ })).toContainText('$500.00');
  await expectClean(page, 'a contribution draft previewed');
  await preview.getByRole('button', { name: 'Publish Draft' }).click();
  await expect(page.getByText('Contribution rules published: employees are paid by them from now on.')).toBeVisible();
  await expect(page.getByRole('row', { name: /^2 Published/ })).toBeVisible();

  const rules = (await (await request.get(`/api/staff/employers/${accountid}/contribution-rules`, { headers })).json()) as { data: Array<{ state: string | null; amount: number }> };
  expect(rules.data.filter((rule) => rule.state === 'TX').map((rule) => rule.amount)).toEqual([500, 500, 500, 500]);

  // A further draft, discarded: the editor shows the rules in force again and the versions list no draft.
  const inForceAmount = await page.getByLabel('Rule 1 monthly amount').inputValue();
  await page.getByLabel('Rule 1 monthly amount').fill('650');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Draft saved. Employees are paid by the published rules until it is published.')).toBeVisible();
  await expect(page.getByRole('row', { name: /^3 Draft/ })).toBeVisible();
  await page.getByRole('button', { name: 'Discard Draft' }).click();
  const confirm = page.getByRole('dialog', { name: 'Discard the draft?' });
  await expectClean(page, 'the confirmation before a draft is discarded');
  await confirm.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(page.getByText('Draft discarded: the rules shown are the rules in force.')).toBeVisible();
  await expect(page.getByLabel('Rule 1 monthly amount')).toHaveValue(inForceAmount);
  await expect(page.getByRole('row', { name: /^3 Draft/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Discard Draft' })).toHaveCount(0);
});
