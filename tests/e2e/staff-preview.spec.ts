/**
 * The preview of the document editor (issue 21): an implementer sets up an employer whose plans are HSA-only, with
 * its logo, a contribution and a service; in its profile document adds a field and changes the date-of-birth
 * message in the code editor, without saving; the preview shows the profile as that employer's employee sees it
 * (the employer's logo, the step bar, the page's heading and title, the new field) and, on a bad date of birth and
 * Next, the new message. The enrollment flow's preview offers every case the publish proof walks, the employer's
 * own first (issue 36), and walks them with the sample employee's values: for the HSA purchase, the waiver and a
 * case of other settings, the member wizard's own shop (plan cards of the reference data), Flexible Spending,
 * Additional Services (the employer's service) and cart screens, with the employer's contribution; the waiver's
 * cart labels its reason; Authorize is the preview's to refuse. In English and in Español. Axe finds nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectClean } from './axe.ts';
import {
  PREVIEW_SENDS_NOTHING,
  expectPreviewCases,
  expectPreviewLogo,
  expectPreviewSavesNothing,
  expectPreviewShows,
  expectPreviewSteps,
  pickPreviewCase,
  previewCheck,
  previewEnterDateOfBirth,
  previewRegion,
} from './specialist/preview.ts';
import { jpegLogo, saveFlatContribution, saveService } from './specialist/money.ts';
import { employerSection, openDocument, staffSignIn } from './support.ts';

const NEW_MESSAGE = 'Please enter a date of birth from 1941-01-01 up to today.';
/** The cases of an employer with HSA-eligible plans only and additional services; every case the proof walks is 13. */
const OWN_CASES = [
  'buys an HSA-eligible plan; HSA-eligible plans only, additional services offered',
  'buys a plan not HSA-eligible; HSA-eligible plans only, additional services offered',
  'waives; HSA-eligible plans only, additional services offered',
];
const ALL_CASES = 13;
/** A case of other settings than the employer's: every plan offered, no additional services. */
const OTHER_SETTINGS_CASE = 'buys a plan not HSA-eligible; every plan offered, no additional services';

/** The document as the code editor holds it, copied whole as a person would (select all, copy). */
async function editorText(page: Page): Promise<string> {
  await page.getByRole('textbox', { name: 'Document JSON' }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+C');
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The 1-based number of the first line matching `pattern`. */
function lineOf(text: string, pattern: RegExp): number {
  const index = text.split('\n').findIndex((line) => pattern.test(line));
  expect(index, `a line ${String(pattern)}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/** Puts the code editor's cursor at the end of line `line` with the keyboard (the editor does not wrap lines). */
async function toLineEnd(page: Page, line: number): Promise<void> {
  await page.getByRole('textbox', { name: 'Document JSON' }).click();
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 1; i < line; i += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
}

test("the preview shows the unsaved profile as the employer's employee sees it, and every case with sample values", async ({ browser }) => {
  const tag = randomUUID().slice(0, 8);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const staff = await context.newPage();
  await staffSignIn(staff);

  // An employer with HSA-only plans (hsaonly 1) that offers additional services, and its logo.
  const employerName = `Preview Co ${tag}`;
  await staff.getByRole('link', { name: 'New Employer' }).click();
  await staff.getByLabel('Employer Name').fill(employerName);
  await staff.getByLabel('Employer Email').fill(`benefits.${tag}@example.com`);
  await staff.getByLabel('HSA-eligible plans only').selectOption('1');
  await staff.getByRole('button', { name: 'Create Employer' }).click();
  await expect(staff.getByRole('heading', { name: employerName, level: 1 })).toBeVisible();
  await employerSection(staff, 'Logo');
  await staff.getByLabel('Logo (JPEG)').setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: await jpegLogo(staff) });
  await staff.getByRole('button', { name: 'Upload Logo' }).click();
  await expect(staff.getByText('Logo uploaded.')).toBeVisible();
  // Its contribution ($400.00 a month at any age) and a service, which the flow's preview shows.
  await saveFlatContribution(staff, '400');
  const service = { name: `Vision Care ${tag}`, vendor: 'Sample Optics', description: 'Eye exams and lenses.', descriptionEs: 'Exámenes de la vista y lentes.', price: '12.50' };
  await saveService(staff, service);

  // The profile: the employee's page before any change.
  await openDocument(staff, 'Personal Details', 'profile');
  await expectPreviewLogo(staff, employerName);
  await expectPreviewShows(staff, ['Welcome to your Benefits Package Creator', 'Personal Details']);
  await expectPreviewSteps(staff, ['Profile', 'Contributions', 'Shopping and Cart']);
  await expectPreviewCases(staff, OWN_CASES, ALL_CASES);

  // A field of the employer's own and a new date-of-birth message, typed in the code editor and not saved (the
  // later line first, so the earlier line's number holds).
  const text = await editorText(staff);
  const edits = [
    { line: lineOf(text, /^ {4}"dob-range": /), text: `"dob-range-preview": "x",` },
    { line: lineOf(text, /^ {4}"properties": \{$/), text: '"badgenumber": { "type": "string", "maxLength": 20, "title": "Badge Number" },' },
  ].sort((a, b) => b.line - a.line);
  for (const { line, text: inserted } of edits) {
    await toLineEnd(staff, line);
    if (inserted.startsWith('"dob-range')) {
      // The message's line replaced whole: its text is the new one.
      await staff.keyboard.press('Shift+Home');
      await staff.keyboard.insertText(`"dob-range": "${NEW_MESSAGE}",`);
    } else {
      await staff.keyboard.press('Enter');
      await staff.keyboard.insertText(inserted);
    }
  }
  const preview = previewRegion(staff);
  await expect(preview.getByLabel('Badge Number')).toBeVisible();
  await expectPreviewShows(staff, ['Welcome to your Benefits Package Creator', 'Personal Details']);
  await expectPreviewLogo(staff, employerName);
  await previewEnterDateOfBirth(staff, '1930-01-01');
  await previewCheck(staff);
  await expect(preview.getByText(NEW_MESSAGE).first()).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Save Draft' })).toBeEnabled();
  await expectClean(staff, 'the profile preview with the new message');
  // A date of birth the rules accept: Next goes on to the save, which the preview answers without sending it.
  await previewEnterDateOfBirth(staff, '1985-04-12');
  await expectPreviewSavesNothing(staff);
  await expect(preview.getByText(NEW_MESSAGE)).toHaveCount(0);

  // The enrollment flow: every case, this employer's own first; the waiver's steps with the sample's values.
  await staff.getByRole('link', { name: "Back to the employer's documents" }).click();
  await openDocument(staff, 'Benefits Enrollment', 'enrollment');
  await expectPreviewCases(staff, OWN_CASES, ALL_CASES);
  await expect(preview.getByRole('table', { name: 'Steps per case' }).getByRole('row')).toHaveCount(ALL_CASES + 1);
  await expectPreviewLogo(staff, employerName);
  await expectPreviewSteps(staff, ['Profile', 'Contributions', 'Shopping and Cart']);
  const cart = 'Plan and Benefits Summary';
  const next = () => preview.getByRole('button', { name: 'Next', exact: true }).click();
  const nextStep = () => preview.getByRole('button', { name: 'Next step' }).click();
  const heading = (name: string) => expect(preview.getByRole('heading', { name, level: 2 })).toBeVisible();

  // Buying an HSA-eligible plan: the member wizard's shop, Flexible Spending, Additional Services and cart screens.
  await pickPreviewCase(staff, OWN_CASES[0]!);
  await expect(preview.getByRole('textbox', { name: /First Name/ }).first()).toHaveValue('Sam');
  await nextStep();
  await heading('Contributions');
  await expect(preview.getByText('$400.00')).toBeVisible();
  await nextStep();
  await heading('ICHRA Acknowledgment');
  await nextStep();
  await heading('Shop Health Plans');
  await expect(preview.getByText(/Zip Code: 97201/)).toBeVisible();
  const cards = preview.getByRole('article');
  expect(await cards.count()).toBeGreaterThan(1);
  const inCart = cards.filter({ hasText: 'In Cart' });
  await expect(inCart).toHaveCount(1);
  await expect(inCart).toContainText('HSA Eligible');
  await expect(inCart.getByRole('button', { name: 'Remove from cart' })).toBeVisible();
  await expect(cards.filter({ hasNotText: 'In Cart' }).first().getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  const planName = (await inCart.getAttribute('aria-label'))!;
  await expectClean(staff, "the preview's shop");
  await next();
  await heading('Flexible Spending Options');
  await expect(preview.getByRole('textbox', { name: 'Monthly HSA Contribution' })).toHaveValue('200');
  await expect(preview.getByTestId('hsa-limit')).toContainText('Annual HSA limit');
  await expectClean(staff, "the preview's Flexible Spending");
  await next();
  await heading('Additional Services');
  await expect(preview.getByRole('heading', { name: service.name })).toBeVisible();
  await expect(preview.getByText(service.description)).toBeVisible();
  await expect(preview.getByRole('combobox', { name: 'Price Option' }).locator('option:checked')).toHaveText('Individual - $12.50');
  await expectClean(staff, "the preview's Additional Services");
  await next();
  await heading(cart);
  const lines = preview.getByRole('table', { name: cart });
  await expect(lines.getByRole('row', { name: /Health Plan/ })).toContainText(planName);
  await expect(lines.getByRole('row', { name: /HSA Contribution/ })).toContainText('$200.00');
  await expect(lines.getByRole('row', { name: /Additional Service/ })).toContainText(`${service.name} (Individual)`);
  await expect(lines.getByRole('row', { name: /Additional Service/ })).toContainText('$12.50');
  await expect(preview.getByRole('table', { name: 'Totals' }).getByRole('row', { name: /Employer Contribution/ })).toContainText('$400.00');
  await expectClean(staff, "the preview's cart of an HSA plan");
  // In Español: the same screens in Spanish, the employer's service described in Spanish.
  await preview.getByText('Español', { exact: true }).click();
  await heading('Resumen del plan y de los beneficios');
  const linesEs = preview.getByRole('table', { name: 'Resumen del plan y de los beneficios' });
  await expect(linesEs.getByRole('row', { name: /Plan de salud/ })).toContainText(planName);
  await expect(linesEs.getByRole('row', { name: /Contribución a la HSA/ })).toContainText('$200.00');
  await expectClean(staff, "the preview's cart of an HSA plan in Español");
  await preview.getByRole('navigation', { name: 'Subpasos de inscripción' }).getByRole('button', { name: /Servicios adicionales/ }).click();
  await expect(preview.getByText(service.descriptionEs)).toBeVisible();
  await preview.getByText('English', { exact: true }).click();
  await heading('Additional Services');

  // Waiving: the waiver's steps with the sample's values, the cart's line labelled with its reason.
  await pickPreviewCase(staff, OWN_CASES[2]!);
  await expect(preview.getByRole('textbox', { name: /First Name/ }).first()).toHaveValue('Sam');
  await nextStep();
  await heading('Contributions');
  const tabs = preview.getByRole('navigation', { name: 'Enrollment sub-steps' }).getByRole('button');
  await expect(tabs).toHaveText(['I. Contributions', 'II. Additional Services', 'III. Your Cart']);
  await expect(preview.getByRole('combobox', { name: /Waiver Reason/ })).toHaveValue('Coverage through Spouse/Partner');
  await nextStep();
  await heading('Additional Services');
  await next();
  await heading(cart);
  const waived = preview.getByRole('table', { name: cart }).getByRole('row', { name: /Waived Coverage/ });
  await expect(waived).toContainText('Waiver reason: Coverage through Spouse/Partner');
  await expect(preview.getByRole('table', { name: cart }).getByRole('row', { name: /Health Plan/ })).toHaveCount(0);
  await expectClean(staff, "the preview's cart of a waiver");
  // Authorize is the preview's: it says it sends nothing.
  await preview.getByRole('checkbox').check();
  await preview.getByRole('button', { name: 'Authorize Elections' }).click();
  await expect(staff.getByRole('alert').filter({ hasText: PREVIEW_SENDS_NOTHING })).toBeVisible();
  await preview.getByText('Español', { exact: true }).click();
  await heading('Resumen del plan y de los beneficios');
  await expect(
    preview.getByRole('table', { name: 'Resumen del plan y de los beneficios' }).getByRole('row', { name: /Renuncia a la cobertura/ }),
  ).toContainText('Motivo de la renuncia:');
  await expectClean(staff, "the preview's cart of a waiver in Español");
  await preview.getByText('English', { exact: true }).click();

  // Another setting's case (every plan, no services): the shop's plan not HSA-eligible goes to the cart alone.
  await pickPreviewCase(staff, OTHER_SETTINGS_CASE);
  await nextStep();
  await nextStep();
  await nextStep();
  await heading('Shop Health Plans');
  const chosen = preview.getByRole('article').filter({ hasText: 'In Cart' });
  await expect(chosen).toHaveCount(1);
  await expect(chosen).not.toContainText('HSA Eligible');
  const otherPlan = (await chosen.getAttribute('aria-label'))!;
  await next();
  await heading(cart);
  const otherLines = preview.getByRole('table', { name: cart });
  await expect(otherLines.getByRole('row', { name: /Health Plan/ })).toContainText(otherPlan);
  await expect(otherLines.getByRole('row', { name: /HSA Contribution|Additional Service/ })).toHaveCount(0);
  await expectClean(staff, "the preview's cart of another setting's case");
  await context.close();
});
