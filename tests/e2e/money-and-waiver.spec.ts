/**
 * Money that says the same thing everywhere (issue 36), as a person meets it, in English and in Spanish, with axe
 * on each screen at 1280 and 390 px (one journey per language; the key screens are checked at both widths by
 * resizing, not by walking the journey twice):
 * - the waiver: step 2 and the cart say that a waiver receives no employer contribution ($0.00), the cart's row
 *   names the waiver reason as a reason and lists no covered family, and /welcome shows the stored $0.00;
 * - the HSA family (the member, a spouse and a child added on the profile): the HSA step shows the family limit of
 *   the plan year with its year and, as coverage starts after January, the sentence on its proration; with a
 *   contribution $98.01 above the family's premium of the HSA plan and $200.00 a month to the HSA, the cart shows
 *   $0.00 from pay for the premium, $200.00 for the HSA and $98.01 remaining, and after Authorize the stored member
 *   account, the orders and the payroll report say the same.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../../src/contracts/language.ts';
import { expectClean } from './axe.ts';
import { catalogue, esText, filled, SPANISH } from './spanish.ts';
import { addDependents, AURORA, ENGLISH, fillMemberProfile, nextTo, PORTLAND, publishRulesAsRead, signedInMember, staffApiHeaders, type Relative, type Words } from './support.ts';

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };
const WORDS: Record<Language, Words> = { en: ENGLISH, es: SPANISH };

/** A document's text in a language: the English in its schema file, the Spanish in its translation, by pointer. */
function documentText(language: Language, document: string, pointer: string): string {
  if (language === 'es') return esText(document, pointer);
  let node: unknown = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'forms', `${document}.schema.json`), 'utf8'));
  for (const part of pointer.split('/').slice(1)) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`No text at ${document} ${pointer}`);
  return node;
}

const usd = (language: Language, dollars: number) => new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'USD' }).format(dollars);

/** axe at both widths, the screen as it is (the page is left at 1280 px). */
async function cleanAtBothWidths(page: Page, where: string): Promise<void> {
  await expectClean(page, `${where} at 1280 px`);
  await page.setViewportSize(PHONE);
  await expectClean(page, `${where} at 390 px`);
  await page.setViewportSize(WIDE);
}

/** A step's title in the enrollment flow, as the wizard heads its screen. */
function flowTitle(language: Language, step: string): string {
  if (language === 'es') return esText('enrollment', `/steps/${step}/title`);
  const flow = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'flows', 'enrollment.flow.json'), 'utf8')) as { steps: Record<string, { title: string }> };
  return flow.steps[step]!.title;
}

/**
 * A new employer whose members buy HSA plans (hsaonly 1) and are offered no additional services
 * (employeazecustomer 2), its plan year starting on the first of the month after next (always offered today).
 */
async function hsaEmployer(request: APIRequestContext): Promise<{ accountid: string; headers: Record<string, string> }> {
  const headers = await staffApiHeaders(request);
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString().slice(0, 10);
  const created = await request.post('/api/staff/employers', {
    headers,
    data: { name: `Savings Co ${randomUUID().slice(0, 6)}`, email: null, planyear: Number(start.slice(0, 4)), planyearstart: start, employeazecustomer: 2, hsaonly: 1, edoc_period: null, broker: null },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { accountid } = ((await created.json()) as { data: { accountid: string } }).data;
  await setContribution(request, headers, accountid, 450);
  return { accountid, headers };
}

/** One monthly contribution for every tier and age of the employer's members. */
async function setContribution(request: APIRequestContext, headers: Record<string, string>, accountid: string, amount: number): Promise<void> {
  const rules = ['employee', 'employee-spouse', 'employee-children', 'family'].map((tier) => ({ contributionclass: 'ALL', ageMin: 0, ageMax: 120, tier, state: null, ratingArea: null, amount }));
  const put = await publishRulesAsRead(request, accountid, headers, rules);
  expect(put.status(), await put.text()).toBe(200);
}

async function memberPage(browser: Browser, language: Language, employerId?: string): Promise<Page> {
  const context = await browser.newContext({ locale: LOCALES[language], viewport: WIDE });
  const page = await context.newPage();
  await signedInMember(page, language === 'es' ? 'Lucia' : 'Jordan', employerId);
  return page;
}

for (const language of ['en', 'es'] as const) {
  const t = catalogue(language);
  const words = WORDS[language];
  const contributions = (key: string) => documentText(language, 'contributions', `/messages/${key}`);
  const stepTwo = documentText(language, 'contributions', '/title');
  const cartTitle = documentText(language, 'acknowledgements', '/title');

  test(`a waiver says one thing in ${language}: step 2, the cart and /welcome show no contribution`, async ({ browser }) => {
    const page = await memberPage(browser, language);
    await fillMemberProfile(page, PORTLAND, undefined, words);
    await nextTo(page, stepTwo, words);
    const amount = page.getByTestId('contribution-amount');
    await expect(amount).not.toHaveText(usd(language, 0));
    await page.getByLabel(documentText(language, 'contributions', '/uiSchema/healthoption/ui:enumNames/1')).check();
    await page.getByRole('combobox', { name: documentText(language, 'waiver', '/schema/properties/waivecoveragereason/title') }).click();
    const reason = documentText(language, 'waiver', '/uiSchema/waivecoveragereason/ui:enumNames/0');
    await page.getByRole('option', { name: reason, exact: true }).click();
    await expect(amount).toHaveText(usd(language, 0));
    await expect(page.getByText(contributions('waiver-no-contribution'))).toBeVisible();
    await cleanAtBothWidths(page, 'step 2 waiving');

    await nextTo(page, cartTitle, words);
    const reasonText = t('cart-waiver-reason').replace('{reason}', reason);
    const table = page.getByRole('table', { name: cartTitle });
    await expect(table.getByRole('row', { name: new RegExp(t('cart-line-waive')) })).toContainText(reasonText);
    const totals = page.getByRole('table', { name: t('cart-totals') });
    await expect(totals.getByRole('row', { name: t('cart-total-contribution') })).toContainText(usd(language, 0));
    await expect(page.getByText(t('cart-waive-meaning'))).toBeVisible();
    await expect(page.getByText(t('cart-family'))).toHaveCount(0);
    await expectClean(page, 'waiver cart at 1280 px');
    await page.setViewportSize(PHONE);
    const card = page.getByRole('region', { name: t('cart-line-waive') });
    await expect(card).toContainText(reasonText);
    await expect(card).not.toContainText(t('row-plan-name'));
    await expect(page.getByRole('region', { name: t('cart-family') })).toHaveCount(0);
    await expectClean(page, 'waiver cart at 390 px');
    await page.setViewportSize(WIDE);

    await page.getByRole('button', { name: t('cart-authorize') }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: t('cart-close-window') }).click();
    await expect(page).toHaveURL(/\/welcome\?authorize=true/);
    const waived = page.getByRole('region', { name: t('welcome-waived-section') });
    await expect(waived).toContainText(t('welcome-monthly-contribution').replace('{amount}', usd(language, 0)));
    await expect(waived).toContainText(t('welcome-waived-no-contribution'));
    await cleanAtBothWidths(page, '/welcome waived');
    await page.context().close();
  });
}

/** The HSA member's family on the policy: a spouse and a child (the member is born 1984-03-15, under 55: no catch-up). */
const FAMILY: readonly Relative[] = [
  { firstName: 'Alex', lastName: 'Rivera', dob: '1985-05-20', gender: 'Male', relationship: 'Spouse', ssn: '234567890' },
  { firstName: 'Riley', lastName: 'Rivera', dob: '2014-02-11', gender: 'Female', relationship: 'Child', ssn: '345678901' },
];

/** The IRS family limit of a year, in dollars (data/reference/constants.json, the figures the server reads). */
function familyLimit(year: number): number {
  const constants = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'data', 'reference', 'constants.json'), 'utf8')) as {
    hsa_hdhp: Record<string, { hsa_limit_family: number }>;
  };
  const figures = constants.hsa_hdhp[String(year)];
  if (!figures) throw new Error(`No HSA figures for ${year} in constants.json`);
  return figures.hsa_limit_family;
}

for (const language of ['en', 'es'] as const) {
  const t = catalogue(language);
  const words = WORDS[language];
  const line = (key: string, amount: number) => new RegExp(`^${t(key)}\\s*${usd(language, amount).replace(/[$.]/g, '\\$&')}$`);

  test(`the HSA family's money agrees in ${language}: HSA limit, cart, stored account, orders and payroll report`, async ({ browser, request }) => {
    const { accountid, headers: staff } = await hsaEmployer(request);
    const page = await memberPage(browser, language, accountid);
    await fillMemberProfile(page, AURORA, undefined, words);
    await addDependents(page, FAMILY, words);
    await nextTo(page, documentText(language, 'contributions', '/title'), words);
    for (const relative of FAMILY) await expect(page.getByText(relative.firstName).first()).toBeVisible();

    // The family's HSA plan and its premium as the server quotes it (for the family on file, the member and the two
    // dependents the profile stored); the employer's contribution is set $98.01 above.
    const bearer = { authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('access_token'))}` };
    const [date] = ((await (await page.request.get('/api/EffectiveDates', { headers: bearer })).json()) as { data: { effectivedates: string[] } }).data.effectivedates;
    const memberdependentlist = FAMILY.map((relative) => ({
      firstname: relative.firstName,
      lastname: relative.lastName,
      dateofbirth: relative.dob,
      gender: relative.gender,
      relationship: relative.relationship.toLowerCase(),
      istobaccouser: false,
    }));
    const quote = await page.request.post('/api/HealthPlanQuote', {
      headers: bearer,
      data: { empinfo: { firstname: 'x', lastname: 'x', createdby: 'x', birthdate: '1984-03-15' }, postalcode: '97002', policyeffectivedaterequested: date, gender: 'Female', issmoker: false, accountid, countycode: '41047', countyname: 'Marion', state: 'OR', city: 'Aurora', memberdependentlist },
    });
    expect(quote.status(), await quote.text()).toBe(200);
    const plans = ((await quote.json()) as { data: { healthplans: Array<{ planid: string; planname: string; rate: number; ishsaeligible: string }> } }).data.healthplans;
    const plan = plans.find((candidate) => candidate.ishsaeligible === 'Yes' && candidate.planname.length <= 80)!;
    expect(plan).toBeDefined();
    const contribution = Math.round(plan.rate * 100 + 9801) / 100;
    await setContribution(request, staff, accountid, contribution);
    // Step 2 reads the contribution again on a reload (the wizard keeps its place).
    await page.reload();
    await expect(page.getByTestId('contribution-amount')).toHaveText(usd(language, contribution));

    await nextTo(page, documentText(language, 'ichra-acknowledgment', '/title'), words);
    await page.getByRole('checkbox', { name: documentText(language, 'ichra-acknowledgment', '/schema/properties/ichracertified/title') }).check();
    await nextTo(page, flowTitle(language, 'shop-health-plans'), words);
    // The shop prices the family as the quote above did.
    const card = page.getByRole('article', { name: plan.planname });
    await expect(card).toContainText(usd(language, plan.rate));
    await card.getByRole('button', { name: t('add-to-cart') }).click();
    await nextTo(page, t('hsa-heading'), words);

    // The family limit of the plan year, with its year; coverage that starts after January (the plan year starts
    // on the first of the month after next) has the proration sentence beside it: 1/12 of the limit a month covered.
    const year = Number(date!.slice(0, 4));
    const limit = familyLimit(year);
    const figures = page.getByTestId('hsa-limit');
    await expect(figures).toContainText(filled(t('hsa-annual-limit'), { tier: t('hsa-tier-family'), year, limit: usd(language, limit) }));
    const eligibleMonths = 13 - Number(date!.slice(5, 7));
    const prorated = Math.floor((limit * 100 * eligibleMonths) / 12) / 100;
    const proration = filled(t('hsa-proration'), { year, months: eligibleMonths, prorated: usd(language, prorated), limit: usd(language, limit), nextYear: year + 1 });
    if (eligibleMonths < 12) await expect(figures).toContainText(proration);
    else await expect(figures).not.toContainText(t('hsa-proration').split('{')[0]!);
    await page.getByLabel(t('hsa-amount')).fill('200');
    await cleanAtBothWidths(page, 'HSA step for a family');
    await nextTo(page, documentText(language, 'acknowledgements', '/title'), words);

    const totals = page.getByRole('table', { name: t('cart-totals') });
    await expect(totals.getByRole('row', { name: line('cart-total-payroll-coverage', 0) })).toBeVisible();
    await expect(totals.getByRole('row', { name: line('cart-total-payroll-hsa', 200) })).toBeVisible();
    await expect(totals.getByRole('row', { name: line('cart-total-remaining', 98.01) })).toBeVisible();
    await expect(page.getByText(t('cart-hsa-apart'))).toBeVisible();
    await expectClean(page, 'HSA cart at 1280 px');
    // On a phone the cart's cards name the covered family.
    await page.setViewportSize(PHONE);
    const family = page.getByRole('region', { name: t('cart-family') });
    for (const relative of FAMILY) await expect(family).toContainText(`${relative.firstName} ${relative.lastName}`);
    await expectClean(page, 'HSA cart at 390 px');
    await page.setViewportSize(WIDE);
    // The Print modal, as the spec has it.
    await page.getByRole('button', { name: t('cart-print'), exact: true }).click();
    await expect(page.getByRole('dialog', { name: t('cart-print-title') }).getByRole('button', { name: t('cart-print-window') })).toBeVisible();
    await expectClean(page, 'Print modal at 1280 px');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: t('cart-print-title') })).toBeHidden();

    await page.getByRole('checkbox', { name: documentText(language, 'acknowledgements', '/schema/properties/deductionacknowledged/title') }).check();
    await page.getByRole('button', { name: t('cart-authorize') }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: t('cart-close-window') }).click();
    await expect(page).toHaveURL(/\/welcome\?authorize=true/);
    await expect(page.getByText(t('welcome-remaining-contribution').replace('{amount}', usd(language, 98.01)))).toBeVisible();
    await cleanAtBothWidths(page, '/welcome enrolled with an HSA');

    // What the server stored says the same: the orders, the member account and the payroll report.
    const account = ((await (await page.request.get('/api/MemberAccount/GetMemberAccount', { headers: bearer })).json()) as { data: Record<string, number> }).data;
    expect(account).toMatchObject({ currentemployercontribution: contribution, currenthealthinsurancepremium: plan.rate, currentpayrolldeduction: 0, currenthsadeduction: 200, currentbalance: 98.01 });
    const orders = ((await (await page.request.get('/api/Order/GetOrderByMember', { headers: bearer })).json()) as { data: { orderdetails: Array<{ category: string; amountspent: number }> } }).data.orderdetails;
    expect(orders.map((order) => [order.category, order.amountspent]).sort()).toEqual([['HSA', 200], ['healthinsurance', plan.rate]]);
    const payroll = await request.get(`/api/staff/employers/${accountid}/reports/payroll.csv`, { headers: staff });
    const row = (await payroll.text()).split(/\r\n/).find((text) => text.includes(plan.planname) || text.includes('enrolled'))!;
    expect(row.split(',').slice(-5)).toEqual([contribution.toFixed(2), plan.rate.toFixed(2), '0.00', '200.00', '98.01']);
    await page.context().close();
  });
}

test('a reload while Authorize is sent shows the elections being confirmed, then /welcome, never the cart again', async ({ browser }) => {
  const t = catalogue('en');
  const page = await memberPage(browser, 'en');
  await fillMemberProfile(page, PORTLAND);
  await nextTo(page, documentText('en', 'contributions', '/title'));
  await page.getByLabel(documentText('en', 'contributions', '/uiSchema/healthoption/ui:enumNames/1')).check();
  await page.getByRole('combobox', { name: documentText('en', 'waiver', '/schema/properties/waivecoveragereason/title') }).click();
  await page.getByRole('option', { name: documentText('en', 'waiver', '/uiSchema/waivecoveragereason/ui:enumNames/2'), exact: true }).click();
  await nextTo(page, documentText('en', 'acknowledgements', '/title'));

  // A slow Authorize: the request reaches the server only once the reloaded tab asks what became of it, and the
  // tab's question is answered only once the server has written the elections.
  let letPostGo!: () => void;
  const reloadedTabAsks = new Promise<void>((resolve) => (letPostGo = resolve));
  let written!: () => void;
  const serverWrote = new Promise<void>((resolve) => (written = resolve));
  let answer!: () => void;
  const checked = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/Enrollment/Authorize', async (route) => {
    const sent = route.request();
    if (sent.method() === 'POST') {
      await reloadedTabAsks;
      // The tab that sent it is gone: the request is delivered as it was sent (token, Idempotency-Key, body).
      const delivered = await page.context().request.post(sent.url(), { headers: sent.headers(), data: sent.postDataBuffer() ?? undefined });
      expect(delivered.status()).toBe(200);
      written();
      await route.abort().catch(() => undefined);
      return;
    }
    letPostGo();
    await Promise.all([serverWrote, checked]);
    await route.continue();
  });
  await page.getByRole('button', { name: t('cart-authorize') }).first().click();
  await expect(page.getByRole('button', { name: t('cart-in-flight') }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: t('cart-confirming') })).toBeVisible();
  await expect(page.getByRole('button', { name: t('cart-authorize') })).toHaveCount(0);
  await cleanAtBothWidths(page, 'elections being confirmed');
  answer();
  await expect(page).toHaveURL(/\/welcome\?authorize=true/);
  await expect(page.getByRole('region', { name: t('welcome-waived-section') })).toBeVisible();
  await page.context().close();
});
