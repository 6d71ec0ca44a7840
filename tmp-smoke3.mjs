import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.text().slice(0, 300)); });
const demo = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a11';
const kind = process.argv[2] ?? 'form';
const id = kind === 'flow' ? 'enrollment' : 'profile';
const doc = await (await fetch(`http://127.0.0.1:3209/api/content/${kind}s/${id}?accountid=${demo}`)).json();
await page.route(`**/api/staff/employers/${demo}/content/${id}`, (route) => route.fulfill({ json: { success: true, message: '', data: { base: doc.data.document, resolved: doc.data.document, draft: null, published: null } } }));
await page.route(`**/api/staff/employers/${demo}/content/${id}/versions`, (route) => route.fulfill({ json: { success: true, message: '', data: [] } }));
await page.route(`**/api/staff/employers/${demo}/content/${id}/draft`, (route) => route.fulfill({ status: 400, json: { success: false, code: 'VALIDATION_FAILED', message: 'The draft is invalid.', data: null, fieldErrors: { '/messages/dob-range': ['must be a non-empty text'] } } }));
await page.goto('http://127.0.0.1:3209/staff/sign-in');
await page.getByLabel('Email').fill('admin@staff.test');
await page.getByRole('textbox', { name: 'Password' }).fill('Staff!Passw0rd#2');
await page.getByRole('button', { name: 'Sign In' }).click();
await page.getByRole('heading', { name: 'Employers' }).waitFor();
await page.goto(`http://127.0.0.1:3209/staff/employers/${demo}/documents/${id}`);
await page.getByRole('heading', { name: 'Preview' }).waitFor({ timeout: 15000 });
if (kind === 'form') {
  await page.getByLabel('Message', { exact: true }).selectOption('dob-range');
  await page.getByLabel('Message text').fill('New DOB text.');
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByLabel('DOB').first().fill('1930-01-01');
  await preview.getByRole('button', { name: 'Check' }).click();
  await preview.getByText('New DOB text.').first().waitFor({ timeout: 5000 }).then(() => console.log('preview shows new message')).catch(() => console.log('NO new message in preview'));
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await page.getByText(/^Line \d+/).waitFor({ timeout: 5000 }).then(async () => console.log(await page.getByText(/^Line \d+/).innerText())).catch(() => console.log('no line error'));
} else {
  await page.getByRole('checkbox', { name: 'Additional Services' }).uncheck();
  console.log('AS in table:', await page.getByRole('table', { name: 'Steps per case' }).getByText('Additional Services').count());
}
await page.screenshot({ path: `/tmp/sw/editor-${kind}.png`, fullPage: true });
await browser.close();
