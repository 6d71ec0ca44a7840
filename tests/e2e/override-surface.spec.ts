/**
 * The override surface in the browser (issue 19, "Done when"): an implementer sets up an employer whose employees
 * can buy a plan, switches Additional Services off in its enrollment flow (allowed) and publishes; tries to switch
 * the ICHRA acknowledgment off: the form's switch is disabled with why, and a `when: false` typed in the code
 * editor is refused at save, its line marked with the reason; adds a required Employee ID to the profile in the
 * code editor and publishes. An employee of that employer enters the Employee ID, buys a plan through the ICHRA
 * acknowledgment and no Additional Services step, authorizes; the console's Employees table and the payroll
 * export show the Employee ID.
 */
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { saveAndPublishRules } from './specialist/money.ts';
import { publishWithConfirmation } from './specialist/texts.ts';
import { employerSection, fillMemberProfile, nextTo, openDocument, PORTLAND, signedInMember, staffSignIn, uploadIchraDocument } from './support.ts';

const ICHRA_WHY = "The ICHRA rules require the employee to certify having read the employer's ICHRA documents whenever a plan is bought.";
const EMPLOYEE_ID_FIELD = '"employeeid": { "type": "string", "maxLength": 20, "title": "Employee ID" },';

/** The document as the code editor holds it, copied whole as a person would (select all, copy). */
async function editorText(page: Page): Promise<string> {
  await page.getByRole('textbox', { name: 'Document JSON' }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+C');
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The 1-based number of the first line matching `pattern` below line `after` (0: from the top). */
function lineOf(text: string, pattern: RegExp, after = 0): number {
  const index = text.split('\n').findIndex((line, i) => i >= after && pattern.test(line));
  expect(index, `a line ${String(pattern)} below line ${after}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/** Puts the code editor's cursor at the start of line `line` with the keyboard (the editor does not wrap lines). */
async function toLine(page: Page, line: number): Promise<void> {
  await page.getByRole('textbox', { name: 'Document JSON' }).click();
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 1; i < line; i += 1) await page.keyboard.press('ArrowDown');
}

test('an implementer tailors the flow within the override surface; an employee enters the Employee ID and buys a plan; staff see it', async ({ browser }) => {
  const tag = randomUUID().slice(0, 8);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const staff = await context.newPage();
  await staffSignIn(staff);

  // 1. A new employer that offers additional services (so the step is there to hide), its plan year starting on the
  // first of the month after next (always among the effective dates offered today), an ICHRA document and one age
  // band of contributions ($100 a month, so every plan leaves a payroll deduction to acknowledge).
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString().slice(0, 10);
  const employerName = `Surface Co ${tag}`;
  await staff.getByRole('link', { name: 'New Employer' }).click();
  await staff.getByLabel('Employer Name').fill(employerName);
  await staff.getByLabel('Employer Email').fill(`benefits.${tag}@example.com`);
  await staff.getByLabel(/^Plan Year( \*)?$/).fill(start.slice(0, 4));
  await staff.getByLabel('Plan Year Start').fill(start);
  await expect(staff.getByLabel('Offer additional services')).toHaveValue('1');
  await staff.getByRole('button', { name: 'Create Employer' }).click();
  await expect(staff.getByRole('heading', { name: employerName, level: 1 })).toBeVisible();
  const accountid = /\/employers\/([^/?]+)/.exec(staff.url())![1]!;

  await uploadIchraDocument(staff, 'ichra-plan-document.pdf');

  await employerSection(staff, 'Contributions');
  await staff.getByRole('button', { name: 'Add Age Band' }).click();
  for (let rule = 1; rule <= 4; rule += 1) {
    await staff.getByLabel(`Rule ${rule} from age`).fill('0');
    await staff.getByLabel(`Rule ${rule} to age`).fill('120');
    await staff.getByLabel(`Rule ${rule} monthly amount`).fill('100');
  }
  await saveAndPublishRules(staff);

  // 2. The enrollment flow: Additional Services switched off with the form beside the editor (allowed); publish.
  await openDocument(staff, 'Benefits Enrollment', 'enrollment');
  const steps = staff.getByRole('table', { name: 'Steps per case' });
  await expect(steps.getByRole('listitem').filter({ hasText: 'Additional Services' }).first()).toBeVisible();
  await staff.getByRole('checkbox', { name: 'Additional Services' }).uncheck();
  await expect(steps.getByRole('listitem').filter({ hasText: 'Additional Services' })).toHaveCount(0);
  await staff.getByRole('button', { name: 'Save Draft' }).click();
  await expect(staff.getByText(/^Draft saved as version \d+\.$/)).toBeVisible();
  await publishWithConfirmation(staff, ['Step Additional Services switched off']);

  // 3. The ICHRA acknowledgment: its switch stays on and says why.
  const ichraSwitch = staff.getByRole('checkbox', { name: 'ICHRA Acknowledgment' });
  await expect(ichraSwitch).toBeChecked();
  await expect(ichraSwitch).toBeDisabled();
  await expect(staff.getByText(`Locked: ${ICHRA_WHY}`).first()).toBeVisible();
  // In the code editor, its condition replaced by `false` (the whole `"when": {...},` member, on the lines from its
  // key to the line that closes it), and the draft saved: refused, the line marked with why.
  const flowText = await editorText(staff);
  const whenLine = lineOf(flowText, /^ {6}"when": \{$/, lineOf(flowText, /^ {4}"ichra-acknowledgment": \{$/));
  const whenEnd = lineOf(flowText, /^ {6}\},$/, whenLine);
  await toLine(staff, whenLine);
  await staff.keyboard.press('End');
  await staff.keyboard.press('Home');
  for (let i = whenLine; i < whenEnd; i += 1) await staff.keyboard.press('Shift+ArrowDown');
  await staff.keyboard.press('Shift+End');
  await staff.keyboard.insertText('"when": false,');
  await expect(staff.getByRole('textbox', { name: 'Document JSON' }).getByText('"when": false,')).toBeVisible();
  await staff.getByRole('button', { name: 'Save Draft' }).click();
  const refused = staff.getByRole('alert').filter({ hasText: 'The server refused the draft' });
  await expect(refused).toBeVisible();
  await expect(refused.getByRole('listitem')).toHaveCount(1);
  await expect(refused.getByRole('listitem')).toHaveText(`Line ${whenLine} (/steps/ichra-acknowledgment/when): locked: ${ICHRA_WHY} An override may change only its texts.`);
  // The editor marks the value at that line; pointing at it shows why.
  const marked = staff.locator('.cm-lintRange-error');
  await expect(marked).toHaveText('false');
  // CodeMirror opens its hover tooltip after the pointer rests on the range; a re-render under the pointer can
  // swallow the first rest, so the pointer leaves and comes back until the tooltip shows.
  await expect(async () => {
    await staff.mouse.move(0, 0);
    await marked.hover();
    await expect(staff.locator('.cm-tooltip-lint')).toContainText(`locked: ${ICHRA_WHY}`, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // Undone, the flow saves again from the same editor (the draft read before the publish is not named as a conflict).
  await staff.getByRole('textbox', { name: 'Document JSON' }).press('ControlOrMeta+Z');
  await expect(staff.getByRole('textbox', { name: 'Document JSON' }).getByText('"when": false,')).toHaveCount(0);
  await staff.getByRole('button', { name: 'Save Draft' }).click();
  await expect(staff.getByText(/^Draft saved as version \d+\.$/)).toBeVisible();
  await expect(refused).toHaveCount(0);

  // 4. A required Employee ID added to the profile in the code editor (a property of the schema and its name in
  // the schema's `required`, the later line first so the earlier line's number holds), saved and published.
  await staff.getByRole('link', { name: "Back to the employer's documents" }).click();
  await openDocument(staff, 'Personal Details', 'profile');
  const profileText = await editorText(staff);
  const schemaLine = lineOf(profileText, /^ {2}"schema": \{$/);
  const edits = [
    { line: lineOf(profileText, /^ {4}"properties": \{$/, schemaLine), text: EMPLOYEE_ID_FIELD },
    { line: lineOf(profileText, /^ {4}"required": \[$/, schemaLine), text: '"employeeid",' },
  ].sort((a, b) => b.line - a.line);
  for (const { line, text } of edits) {
    await toLine(staff, line);
    await staff.keyboard.press('End');
    await staff.keyboard.press('Enter');
    await staff.keyboard.insertText(text);
  }
  // The preview renders the draft form with the new field.
  await expect(staff.getByRole('region', { name: 'Preview' }).getByLabel('Employee ID')).toBeVisible();
  await staff.getByRole('button', { name: 'Save Draft' }).click();
  await expect(staff.getByText(/^Draft saved as version \d+\.$/)).toBeVisible();
  await publishWithConfirmation(staff, ['Field Employee ID added, required']);

  // 5. An employee registers through the employer's link; the profile asks for the Employee ID with the rest.
  const member = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const person = await signedInMember(member, 'Emery', accountid);
  const employeeId = `E-${tag}`;
  await fillMemberProfile(member, PORTLAND);
  await member.getByRole('button', { name: 'Next' }).click();
  await expect(member.getByRole('dialog').getByText('Employee ID')).toBeVisible();
  await member.keyboard.press('Escape');
  await member.getByLabel('Employee ID').fill(employeeId);

  // Contributions: buying (the preset choice); the enrollment's sub-steps list no Additional Services.
  await nextTo(member, 'Select your Health Plan Option Below');
  await expect(member.getByText('I. Contributions')).toBeVisible();
  await expect(member.getByText(/^[IVX]+\. ICHRA Acknowledgment$/)).toBeVisible();
  await expect(member.getByText(/^[IVX]+\. Additional Services$/)).toHaveCount(0);
  await expect(member.getByLabel('Shop Off Exchange')).toBeChecked();

  // The ICHRA acknowledgment is there, and certifying is required.
  await nextTo(member, 'ICHRA Acknowledgment');
  await member.getByRole('button', { name: 'Next' }).click();
  await expect(member.getByText('Please Acknowledge the Checkbox.')).toBeVisible();
  await member.getByRole('checkbox', { name: /I certify/ }).check();

  // Shop: one plan into the cart; Next goes straight to the cart, with no Additional Services between.
  await nextTo(member, 'Shop Health Plans');
  await expect(member.getByText(/\d+ Plans Found/)).toContainText(PORTLAND.zip);
  const card = member.getByRole('article').filter({ has: member.getByRole('button', { name: 'Add to Cart' }) }).first();
  const plan = (await card.getAttribute('aria-label'))!;
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await nextTo(member, 'Plan and Benefits Summary');
  await expect(member.getByRole('heading', { name: 'Additional Services' })).toHaveCount(0);
  await expect(member.getByText(plan).first()).toBeVisible();

  // Authorize, with the payroll deduction acknowledged; the confirmation.
  await member.getByRole('checkbox', { name: /deducted from my pay/ }).check();
  await member.getByRole('button', { name: 'Authorize Elections' }).click();
  await member.getByRole('dialog').getByRole('button', { name: 'Close Window' }).click();
  await expect(member).toHaveURL(/\/welcome\?authorize=true/);
  await expect(member.getByRole('heading', { name: `Congratulations! ${person.firstName}` })).toBeVisible();
  await expect(member.getByText('Your enrollment is complete. No further action is needed.')).toBeVisible();

  // 6. The console's Employees table: enrolled, with the Employee ID in its own column.
  await staff.goto(`/staff/employers/${accountid}`);
  await employerSection(staff, 'Employees');
  const employees = staff.getByRole('table', { name: 'Employees' });
  await expect(employees.getByRole('columnheader', { name: 'Employee ID' })).toBeVisible();
  const row = employees.getByRole('row', { name: new RegExp(person.email) });
  await expect(row.getByRole('cell', { name: 'enrolled', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: employeeId, exact: true })).toBeVisible();

  // The payroll export, downloaded from Reports: the Employee ID is its last column.
  await employerSection(staff, 'Reports');
  const download = staff.waitForEvent('download');
  await staff.getByRole('link', { name: 'Download the payroll deduction report (CSV)' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8').trim().split('\r\n');
  expect(csv[0]!.split(',').at(-1)).toBe('Employee ID');
  const line = csv.find((text) => text.includes(person.email));
  expect(line, 'the employee has a payroll line').toBeTruthy();
  expect(line).toContain(',enrolled,');
  expect(line!.split(',').at(-1)).toBe(employeeId);
});
