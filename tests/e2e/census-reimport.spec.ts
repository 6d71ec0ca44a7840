/**
 * The census imported again (issue 21): a specialist creates an employer and copies its registration link (Copy
 * announces "Copied"), imports a census, then the same file with one last name changed: '1 updated', and the
 * Employees table shows the new name; a file with a quote never closed names the line it opens on. The employee the
 * census named with a ZIP opens the profile with city, county and state filled and moves on without typing the ZIP.
 * axe finds nothing on the confirmation, the report and the refusal.
 */
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectClean } from './axe.ts';
import { createEmployerAndCopyLink, importCensus } from './specialist/census.ts';
import { nextTo, PORTLAND, setPassword, signIn, staffSignIn } from './support.ts';

type Row = { firstname: string; lastname: string; email: string; zip: string };
const csvOf = (rows: Row[]) => ['firstname,lastname,email,birthdate,zip', ...rows.map((row) => [row.firstname, row.lastname, row.email, '1984-03-15', row.zip].join(','))].join('\n') + '\n';

test('a census imported again updates the employee it names; its employee starts past the ZIP', async ({ browser }) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 8);
  const staff = await (await browser.newContext()).newPage();
  await staffSignIn(staff);

  const { link } = await createEmployerAndCopyLink(staff, `Census Again Co ${tag}`);
  expect(await staff.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectClean(staff, 'the new employer with its registration link');

  const rows: Row[] = [
    { firstname: 'Pat', lastname: 'Portland', email: `pat.${tag}@example.com`, zip: PORTLAND.zip },
    { firstname: 'Sam', lastname: 'Smith', email: `sam.${tag}@example.com`, zip: PORTLAND.zip },
  ];
  await importCensus(staff, csvOf(rows), 'Census imported: 2 added, 0 updated, 0 unchanged, 2 invited.', { invite: true });

  const renamed = rows.map((row, index) => (index === 1 ? { ...row, lastname: 'Smythe' } : row));
  await importCensus(staff, csvOf(renamed), 'Census imported: 0 added, 1 updated, 1 unchanged.');
  await expect(staff.getByRole('list', { name: 'Rows updated' }).getByRole('listitem')).toHaveText(['Line 3: lastname']);
  const employees = staff.getByRole('table', { name: 'Employees' });
  await expect(employees.getByRole('cell', { name: 'Sam Smythe' })).toBeVisible();
  await expect(employees.getByRole('cell', { name: 'Sam Smith' })).toHaveCount(0);
  await expectClean(staff, 'the census report');

  // A quote opened and never closed: the file is refused at the line the quote opens on.
  await staff.getByLabel('Census (CSV)').setInputFiles({
    name: 'census-open-quote.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`firstname,lastname,email,birthdate\nAda,Able,ada.${tag}@example.com,1984-03-15\n"Bea,Open,bea.${tag}@example.com,1984-03-15\n`),
  });
  await staff.getByRole('button', { name: 'Import Census' }).click();
  const refused = staff.getByRole('alert').filter({ hasText: 'Nothing was imported' });
  await expect(refused.getByRole('listitem')).toHaveText(['Line 3: A quote opens here and is never closed.']);
  await expectClean(staff, 'the refused census');

  // The employee named with a ZIP: the profile opens with it, and Next moves on without the ZIP typed again.
  const employee = await (await browser.newContext()).newPage();
  await setPassword(employee, rows[0]!);
  await signIn(employee, rows[0]!);
  await expect(employee.getByLabel('ZIP Code')).toHaveValue(PORTLAND.zip);
  await expect(employee.getByLabel('City')).toHaveValue(PORTLAND.city);
  await expect(employee.getByLabel('County')).toHaveValue(PORTLAND.county);
  await expect(employee.getByLabel('State')).toHaveValue(PORTLAND.state);
  await employee.getByLabel('Home Address').fill(PORTLAND.address);
  await employee.getByLabel('Telephone').fill(PORTLAND.telephone);
  await employee.getByRole('radiogroup', { name: /^Gender/ }).first().getByLabel('Female', { exact: true }).check();
  await employee.getByRole('radiogroup', { name: /^Smoker/ }).first().getByLabel('No', { exact: true }).check();
  await employee.getByLabel('SSN first 3 digits').first().fill('123');
  await employee.getByLabel('SSN middle 2 digits').first().fill('45');
  await employee.getByLabel('SSN last 4 digits').first().fill('6789');
  await employee.getByLabel('PCP Name').first().fill('Dr. Ana Lee');
  await employee.getByLabel('PCP ID').first().fill('PCP-4411');
  await nextTo(employee, 'Select your Health Plan Option Below');
});
