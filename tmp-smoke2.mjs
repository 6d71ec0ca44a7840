import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage();
await page.goto('http://127.0.0.1:3209/staff/sign-in');
await page.getByRole('heading', { name: 'Staff Sign In' }).waitFor();
console.log(await page.locator('form').innerHTML());
await browser.close();
