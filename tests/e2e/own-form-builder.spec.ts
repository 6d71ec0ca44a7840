/**
 * A step of the employer's own, made without JSON (issue 21, "Add a field to ... an employer's own step with a
 * form"): a specialist starts a form of the employer's own in Forms and Flows, adds a question with the field
 * builder (its Required box held off, with why: such a step never stops anyone; a question asking for an SSN is
 * refused beside its line), publishes it, then adds a step showing it before the profile in the enrollment flow
 * and publishes that. An employee of the employer meets the
 * step first, answers the question and goes on to the profile.
 */
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectClean } from './axe.ts';
import { addFieldWithBuilder } from './specialist/fields.ts';
import { publishWithConfirmation } from './specialist/texts.ts';
import { employerSection, openDocument, signedInMember, staffSignIn } from './support.ts';

test("a specialist adds a step of the employer's own with a form built without JSON; its employees answer it first", async ({ browser }) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 8);
  const staff = await (await browser.newContext()).newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staffSignIn(staff);
  const employerName = `Own Step Co ${tag}`;
  await staff.getByRole('link', { name: 'New Employer' }).click();
  await staff.getByLabel('Employer Name').fill(employerName);
  await staff.getByRole('button', { name: 'Create Employer' }).click();
  await expect(staff.getByRole('heading', { name: employerName, level: 1 })).toBeVisible();
  const accountid = /\/employers\/([^/?#]+)/.exec(staff.url())![1]!;

  // A new form of the employer's own: a taken id is refused with why, then the editor opens on an empty form.
  await employerSection(staff, 'Forms and Flows');
  await expect(staff.getByText("None yet. A form of the employer's own asks its employees questions of its own, on a step of its own.")).toBeVisible();
  const create = staff.getByRole('form', { name: "New form of the employer's own" });
  await create.getByLabel('Form id').fill('profile');
  await create.getByLabel('Form title').fill('Commute Survey');
  await create.getByRole('button', { name: 'Create Form' }).click();
  await expect(create.getByRole('alert')).toHaveText("'profile' is taken: a document of that id exists already.");
  await create.getByLabel('Form id').fill('commute-survey');
  await create.getByRole('button', { name: 'Create Form' }).click();
  await expect(staff.getByRole('heading', { name: 'Commute Survey (commute-survey)' })).toBeVisible();
  await expect(staff.getByText(/^A form of the employer's own: employees get it once it is published/)).toBeVisible();

  // A question asking for personal data (issue 33), whatever its key: refused at save beside its line with what
  // matched and what to use instead; removed with the builder.
  const ssnLabel = 'Social Security Number (for our records)';
  const ssnField = await addFieldWithBuilder(staff, { kind: 'Text', label: ssnLabel });
  await staff.getByRole('button', { name: 'Save Draft' }).click();
  const refused = staff.getByRole('alert').filter({ hasText: 'The server refused the draft' });
  await expect(refused.getByRole('listitem')).toHaveText(
    new RegExp(
      `^Line \\d+ \\(/schema/properties/${ssnField}\\): the field '${ssnField}' asks for a Social Security Number, ITIN or other tax or identity number: ` +
        `its title "Social Security Number \\(for our records\\)" says "social security"\\. .*Remove the field and use the product's own instead: the profile's own SSN field`,
    ),
  );
  await staff.getByRole('table', { name: 'Fields in order' }).getByRole('button', { name: `Remove: ${ssnLabel}`, exact: true }).click();

  await addFieldWithBuilder(staff, { kind: 'One of a list', label: 'How do you get to work', options: ['Public transit', 'Bicycle', 'Car'], help: 'Most days of the week.' });
  await expect(staff.getByRole('group', { name: 'Add a field' }).getByRole('checkbox', { name: 'Must be answered' })).toBeDisabled();
  await expectClean(staff, "the editor of a new form of the employer's own");
  await staff.getByRole('button', { name: 'Save Draft' }).click();
  await expect(staff.getByText(/^Draft saved as version 1\.$/)).toBeVisible();
  await publishWithConfirmation(staff, ["New form of the employer's own: 'Commute Survey'", 'Field How do you get to work added']);

  // The form is listed among the employer's own; the flow gets a step showing it, before the profile.
  await staff.getByRole('link', { name: "Back to the employer's documents" }).click();
  await expect(staff.getByRole('list', { name: "Forms of the employer's own" }).getByRole('link', { name: 'Commute Survey' })).toBeVisible();
  await openDocument(staff, 'Benefits Enrollment', 'enrollment');
  const add = staff.getByRole('group', { name: "Add a step of the employer's own" });
  await add.getByLabel('Form').selectOption('commute-survey');
  await add.getByLabel('Where it sits').selectOption({ label: 'Before Profile' });
  await add.getByRole('button', { name: 'Add Step' }).click();
  await expect(staff.getByRole('checkbox', { name: 'Commute Survey', exact: true })).toBeChecked();
  await expectClean(staff, "the enrollment flow with a step of the employer's own");
  await staff.getByRole('button', { name: 'Save Draft' }).click();
  await expect(staff.getByText(/^Draft saved as version \d+\.$/)).toBeVisible();
  await publishWithConfirmation(staff, ['Step Commute Survey added']);

  // An employee of that employer: the step first, its question by its label, then the profile.
  const member = await (await browser.newContext()).newPage();
  await member.setViewportSize({ width: 1280, height: 900 });
  await signedInMember(member, 'Quinn', accountid);
  await expect(member.getByRole('heading', { name: 'Commute Survey', level: 2 })).toBeVisible();
  await member.getByRole('radiogroup', { name: /How do you get to work/ }).getByLabel('Bicycle').check();
  await member.getByRole('button', { name: 'Next' }).click();
  await expect(member.getByRole('heading', { name: 'Welcome to your Benefits Package Creator' })).toBeVisible();
});
