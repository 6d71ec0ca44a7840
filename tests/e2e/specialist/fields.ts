/**
 * A specialist's steps with the field builder of the document editor (docs/staff.md, 'The field builder'), for any
 * journey to call: the editor of the document is open (support.ts openDocument), and every step goes through the
 * console's labels and visible texts.
 */
import { expect, type Page } from '@playwright/test';

export type FieldKindLabel = 'Text' | 'Number' | 'Date' | 'Yes or no' | 'One of a list';

export type BuilderField = {
  kind: FieldKindLabel;
  label: string;
  help?: string;
  required?: boolean;
  /** For 'One of a list': the options, in the order shown. */
  options?: string[];
  /** The title of the field it comes after (as the list shows it, e.g. 'Last Name'); 'top' puts it first; none: last. */
  after?: string | 'top';
  /** The group the field goes into when the form has several (e.g. 'Each of Dependents'); none: the form's own. */
  group?: string;
};

/**
 * Adds one field with the builder and answers the field name the console made from its label (shown in the
 * builder's status). The draft is not saved: call saveAndPublish (or Save Draft) after.
 */
export async function addFieldWithBuilder(page: Page, field: BuilderField): Promise<string> {
  const builder = page.getByRole('group', { name: 'Fields', exact: true });
  if (field.group) await builder.getByRole('combobox', { name: 'Fields of' }).selectOption({ label: field.group });
  const form = builder.getByRole('group', { name: 'Add a field' });
  await form.getByRole('combobox', { name: 'Kind' }).selectOption({ label: field.kind });
  await form.getByRole('textbox', { name: 'Label' }).fill(field.label);
  if (field.help) await form.getByRole('textbox', { name: 'Help text' }).fill(field.help);
  if (field.options) await form.getByRole('textbox', { name: 'Options' }).fill(field.options.join('\n'));
  const required = form.getByRole('checkbox', { name: 'Must be answered' });
  if (field.required) await required.check();
  else if (await required.isEnabled()) await required.uncheck();
  const place = form.getByRole('combobox', { name: 'Where it sits' });
  if (field.after === 'top') await place.selectOption({ label: 'At the top' });
  else if (field.after) {
    const value = await place.locator('option', { hasText: `After ${field.after} (` }).first().getAttribute('value');
    await place.selectOption(value!);
  }
  await form.getByRole('button', { name: 'Add Field' }).click();
  const status = form.getByRole('status');
  await expect(status).toContainText(`Added ${field.label} (`);
  const name = /\(([A-Za-z0-9]+)\)/.exec((await status.textContent()) ?? '')?.[1];
  expect(name, 'the builder names the field it added').toBeTruthy();
  await expect(builder.getByRole('table', { name: 'Fields in order' }).getByRole('cell', { name: name!, exact: true })).toBeVisible();
  return name!;
}

/** Moves a field one place up or down in the builder's list (by the title the list shows). */
export async function moveFieldWithBuilder(page: Page, title: string, direction: 'up' | 'down'): Promise<void> {
  await page.getByRole('table', { name: 'Fields in order' }).getByRole('button', { name: `Move ${direction}: ${title}`, exact: true }).click();
}

/** Hides an optional field (or shows a hidden one again) in the builder's list. */
export async function hideFieldWithBuilder(page: Page, title: string, hidden = true): Promise<void> {
  const list = page.getByRole('table', { name: 'Fields in order' });
  await list.getByRole('button', { name: `${hidden ? 'Hide' : 'Show'}: ${title}`, exact: true }).click();
  await expect(list.getByRole('button', { name: `${hidden ? 'Show' : 'Hide'}: ${title}`, exact: true })).toBeVisible();
}

/**
 * Saves the editor's draft and publishes it after the confirmation, which must name each of `changes` among the
 * changes it lists: employees of the employer get it on their next page load.
 */
export async function saveAndPublish(page: Page, changes: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText(/^Draft saved as version \d+\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish these changes?' });
  const listed = dialog.getByRole('list', { name: 'Changes' });
  for (const change of changes) await expect(listed.getByRole('listitem').filter({ hasText: change })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/^Version \d+ published\.$/)).toBeVisible();
}
