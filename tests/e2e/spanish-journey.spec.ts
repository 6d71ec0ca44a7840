/**
 * Issue 23's journey in Spanish, as a Spanish reader walks it: register through the employer link, set the
 * password from the invitation e-mail (written in Spanish), sign in, fill the profile with a dependent, shop and
 * pick an HSA-eligible plan, set an HSA amount, add the additional service, authorize in the cart and read the
 * welcome page. Every screen is axe-clean, says lang="es" and shows no English text of the catalogue or the
 * documents (english-left.ts). At 1280 px the browser asks for Spanish (Accept-Language); at 390 px the person
 * starts in English and picks Español in the header's language switch. The words clicked and read are the
 * product's own Spanish texts (spanish.ts), the service's description the Spanish staff wrote and the counties'
 * Spanish names, in the county picker and the County field (which stores the crosswalk's English name). And an
 * employer's texts overridden in both languages show in each.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectClean } from './axe.ts';
import { expectSpanishOnly } from './english-left.ts';
import { catalogue, es, esText, exactly, filled, SPANISH } from './spanish.ts';
import {
  AURORA,
  DEMO_EMPLOYER_ID,
  DEMO_EMPLOYER_NAME,
  PASSWORD,
  PORTLAND,
  fillMemberProfile,
  invitation,
  invitationLink,
  newPerson,
  nextTo,
  openShopFilters,
  putAsRead,
  signedInMember,
  staffApiHeaders,
  type Person,
} from './support.ts';

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

/** A date as Spanish writes it in full ('1 de junio de 2015'), the form every screen and the print summary use. */
const SPANISH_DATE = /\d{1,2} de [a-z]+ de \d{4}/;
/** The metal tiers as a Spanish screen names them. */
const SPANISH_METALS = new RegExp(['metal-platinum', 'metal-gold', 'metal-silver', 'metal-bronze', 'metal-expanded-bronze', 'metal-catastrophic'].map(es).join('|'));

/** The demo employer's service description in Spanish, as staff wrote it (src/db/seed/demo-employer.ts). */
const DEMO_SERVICE_SPANISH = 'Consultas médicas a toda hora por teléfono o video, para usted y su familia, sin costo por consulta.';

/** The screen as it is now: axe finds nothing, and it is all in Spanish. */
async function spanishScreen(page: Page, where: string, employer?: string): Promise<void> {
  await expectClean(page, where);
  await expectSpanishOnly(page, where, employer);
}

async function registerAndSetPassword(page: Page, person: Person): Promise<void> {
  await expect(page.getByRole('heading', { name: es('register-marketing-title') })).toBeVisible();
  await expect(page.getByLabel(es('employer-name'))).toHaveValue(DEMO_EMPLOYER_NAME);
  await spanishScreen(page, 'the registration page');
  const { firstName, lastName, email, terms, submit } = SPANISH.registration;
  await page.getByLabel(firstName).fill(person.firstName);
  await page.getByLabel(lastName).fill(person.lastName);
  await page.getByLabel(email).fill(person.email);
  await page.getByRole('checkbox', { name: terms }).check();
  await page.getByRole('button', { name: submit }).click();

  await expect(page).toHaveURL(/\/login\?register=true/);
  await expect(page.getByText(es('onboarding-pending'))).toBeVisible();
  await spanishScreen(page, 'onboarding pending');

  // The invitation is written in the language the person registered in.
  const mail = await invitation(person.email);
  const invitationLine = filled(es('mail-invitation-body'), { name: person.firstName, employer: DEMO_EMPLOYER_NAME })
    .split('\n')
    .filter((line) => !/\{\w+\}/.test(line))
    .sort((a, b) => b.length - a.length)[0]!;
  expect(mail, 'the invitation in Spanish').toContain(invitationLine);
  await page.goto(await invitationLink(person.email));
  const words = SPANISH.setPassword;
  await expect(page.getByRole('button', { name: words.submit })).toBeVisible();
  await page.getByLabel(words.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(words.confirm).fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: words.submit }).click();
  await expect(page.getByText(esText('set-password', '/messages/password-mismatch'))).toBeVisible();
  await spanishScreen(page, 'set password, passwords that differ');
  await page.getByLabel(words.confirm).fill(PASSWORD);
  await page.getByRole('button', { name: words.submit }).click();
  await expect(page).toHaveURL(/\/login\?employer_id=[^&]+$/);
}

async function signIn(page: Page, person: Person): Promise<void> {
  const { email, password, submit } = SPANISH.signIn;
  await page.getByLabel(email).fill(person.email);
  await page.getByLabel(password).fill('Wrong!Pass1');
  await page.getByRole('button', { name: submit }).click();
  await expect(page.getByText(esText('login', '/messages/login-failed'))).toBeVisible();
  await spanishScreen(page, 'sign in, a wrong password');
  await page.getByLabel(password).fill(PASSWORD);
  await page.getByRole('button', { name: submit }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

async function profileWithDependent(page: Page, person: Person): Promise<void> {
  await expect(page.getByRole('heading', { name: esText('profile', '/messages/heading') })).toBeVisible();
  await expect(page.getByLabel(exactly(esText('profile', '/schema/properties/firstname/title'))).first()).toHaveValue(person.firstName);
  // Next on an empty profile names what is missing, in Spanish.
  await page.getByRole('button', { name: exactly(es('next')) }).click();
  await expect(page.getByRole('dialog').getByText(esText('profile', '/messages/missing-fields'))).toBeVisible();
  await spanishScreen(page, 'the profile, missing fields');
  await page.keyboard.press('Escape');

  // A ZIP in several counties: the picker names each in Spanish ('Condado de Marion'), and so does the County field
  // once it is picked (it stores and sends the crosswalk's 'Marion County', checked below in the stored profile); the
  // state select says 'Oregón'. Then the person's own ZIP.
  await page.getByLabel(SPANISH.profile.zip).fill(AURORA.zip);
  const marion = page.getByRole('dialog', { name: SPANISH.profile.countyPicker }).getByRole('button', { name: filled(es('county-name-county'), { name: 'Marion' }) });
  await expect(marion).toBeVisible();
  await spanishScreen(page, 'the profile, the county picker');
  await marion.click();
  await expect(page.getByLabel(SPANISH.profile.county)).toHaveValue(SPANISH.profile.countyNamed(AURORA.county));
  await expect(page.getByLabel(SPANISH.profile.state).locator('option:checked')).toHaveText('Oregón');
  await fillMemberProfile(page, PORTLAND, undefined, SPANISH);
  await page.getByRole('button', { name: esText('profile', '/uiSchema/dependents/ui:options/addText') }).click();
  const dependent = page.getByRole('group', { name: filled(esText('profile', '/uiSchema/dependents/ui:options/itemTitle'), { number: 1 }) });
  const title = (field: string) => esText('profile', `/schema/definitions/dependent/properties/${field}/title`);
  const field = (name: string) => exactly(title(name));
  const choice = (name: string) => new RegExp(`^${title(name)}`);
  await dependent.getByLabel(field('firstname')).fill('Sam');
  await dependent.getByLabel(field('lastname')).fill(person.lastName);
  await dependent.getByLabel(field('dateofbirth')).fill('2015-06-01');
  await dependent.getByRole('radiogroup', { name: choice('gender') }).getByLabel(esText('profile', '/uiSchema/dependents/items/gender/ui:enumNames/0'), { exact: true }).check();
  await dependent.getByRole('radiogroup', { name: choice('relationship') }).getByLabel(esText('profile', '/uiSchema/dependents/items/relationship/ui:enumNames/1'), { exact: true }).check();
  await dependent.getByRole('radiogroup', { name: choice('istobaccouser') }).getByLabel(esText('profile', '/uiSchema/dependents/items/istobaccouser/ui:options/noText'), { exact: true }).check();
  await dependent.getByRole('textbox', { name: field('additionalid') }).fill('587654321');
  await spanishScreen(page, 'the profile with a dependent');
}

/** Contributions, the ICHRA acknowledgment, the shop (an HSA-eligible plan) and the HSA amount. */
async function shop(page: Page, narrow: boolean): Promise<string> {
  await nextTo(page, esText('contributions', '/title'), SPANISH);
  // The County field said 'Condado de Multnomah'; the profile stored the crosswalk's name.
  const stored = await page.evaluate(async () => {
    const response = await fetch('/api/Member/GetMember', { headers: { authorization: `Bearer ${sessionStorage.getItem('access_token')}` } });
    return ((await response.json()) as { data: { county: string | null } }).data.county;
  });
  expect(stored).toBe(PORTLAND.county);
  await expect(page.getByText('Sam Rivera')).toBeVisible();
  // The dependent's stored relationship ('child') and birthdate, as a Spanish reader reads them.
  await expect(page.getByRole('row', { name: `Sam Rivera ${esText('dependent', '/uiSchema/relationship/ui:enumNames/1')} 1 de junio de 2015` })).toBeVisible();
  // The footer's version date (04 Feb. 2025) in Spanish words.
  await expect(page.getByRole('contentinfo').getByText('04 feb. 2025')).toBeVisible();
  await expect(page.getByLabel(esText('contributions', '/uiSchema/healthoption/ui:enumNames/0'))).toBeChecked();
  await spanishScreen(page, 'contributions');

  await nextTo(page, esText('ichra-acknowledgment', '/title'), SPANISH);
  // The demo's documents have no Spanish name (they are English PDFs): their links say they are English.
  await expect(page.getByRole('link', { name: 'ICHRA Plan Document' })).toHaveAttribute('lang', 'en');
  await spanishScreen(page, 'the ICHRA acknowledgment');
  await page.getByRole('checkbox', { name: esText('ichra-acknowledgment', '/schema/properties/ichracertified/title') }).check();

  await nextTo(page, esText('enrollment', '/steps/shop-health-plans/title'), SPANISH);
  await expect(page.getByText(es('plans-found'))).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  if (narrow) await openShopFilters(page, SPANISH);
  await page.getByLabel(es('hsa-eligible')).check();
  await expect(page.getByLabel(es('hsa-eligible'))).toBeChecked();
  const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: es('add-to-cart') }) }).first();
  const chosenPlan = (await card.getAttribute('aria-label'))!;
  await expect(card, 'the metal tier in Spanish').toContainText(SPANISH_METALS);
  // The carrier's cost-sharing texts (stored in English) read in Spanish in the plan's details.
  await card.getByRole('button', { name: es('plan-details') }).click();
  await expect(page.getByRole('dialog').getByText(es('benefit-after-deductible')).first()).toBeVisible();
  await spanishScreen(page, 'the plan details');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await card.getByRole('button', { name: es('add-to-cart') }).click();
  await spanishScreen(page, 'the shop with a plan in the cart');

  await nextTo(page, es('hsa-heading'), SPANISH);
  await page.getByLabel(es('hsa-amount')).fill('100');
  await spanishScreen(page, 'flexible spending');
  return chosenPlan;
}

async function cartAndWelcome(page: Page, person: Person, chosenPlan: string): Promise<void> {
  await nextTo(page, esText('enrollment', '/steps/additional-services/title'), SPANISH);
  // The service's description as staff wrote it in Spanish.
  await expect(page.getByText(DEMO_SERVICE_SPANISH)).toBeVisible();
  await expect(page.getByText(DEMO_SERVICE_SPANISH)).not.toHaveAttribute('lang');
  await page.getByRole('button', { name: es('service-add') }).click();
  await expect(page.getByRole('button', { name: es('remove') })).toBeVisible();
  await spanishScreen(page, 'additional services');

  await nextTo(page, esText('acknowledgements', '/title'), SPANISH);
  await expect(page.getByText(chosenPlan).first()).toBeVisible();
  await expect(page.getByText(es('cart-line-hsa')).first()).toBeVisible();
  await spanishScreen(page, 'the cart');

  // The print summary, in Spanish too.
  await page.getByRole('button', { name: es('cart-print') }).click();
  const popup = page.waitForEvent('popup');
  await page.getByRole('dialog', { name: es('cart-print-title') }).getByRole('button', { name: es('cart-print-window') }).click();
  const printed = await popup;
  await printed.waitForLoadState();
  await expectSpanishOnly(printed, 'the print summary');
  // The covered family: the dependent's relationship and birthdate in Spanish words.
  const familyLine = filled(es('cart-family-member'), { name: 'Sam Rivera', relationship: esText('dependent', '/uiSchema/relationship/ui:enumNames/1'), birthdate: '1 de junio de 2015' });
  await expect(printed.locator('body')).toContainText(familyLine);
  await printed.close();

  // What the elections cost above the employer's contribution is acknowledged before authorizing.
  const payroll = page.getByText(es('cart-total-payroll'), { exact: true }).first().locator('xpath=following-sibling::*[1]');
  if (money(await payroll.innerText()) > 0) {
    await page.getByRole('checkbox', { name: esText('acknowledgements', '/schema/properties/deductionacknowledged/title') }).check();
  }
  await page.getByRole('button', { name: es('cart-authorize') }).click();
  const confirmation = page.getByRole('dialog');
  await expect(confirmation).toContainText(filled(es('cart-confirm-text'), { employer: DEMO_EMPLOYER_NAME }));
  await spanishScreen(page, 'the confirmation');
  await confirmation.getByRole('button', { name: es('cart-close-window') }).click();

  await expect(page).toHaveURL(/\/welcome\?authorize=true/);
  await expect(page.getByRole('heading', { name: filled(es('welcome-congratulations'), { name: person.firstName }) })).toBeVisible();
  await expect(page.getByText(es('welcome-complete'))).toBeVisible();
  await expect(page.getByText(chosenPlan).first()).toBeVisible();
  // The orders' stored English values and dates, in Spanish: the HSA order's product and options, a date of selection.
  await expect(page.getByText(es('order-hsa-plan')).first()).toBeVisible();
  await expect(page.getByText(SPANISH_DATE).first()).toBeVisible();
  await expect(page.getByText(SPANISH_METALS).first()).toBeVisible();
  await expect(page.getByRole('region', { name: es('welcome-contact-insurance-broker') })).toBeVisible();
  await spanishScreen(page, 'the welcome page');

  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { name: es('contact-your-broker') })).toBeVisible();
  await expect(page.getByRole('button', { name: es('back') })).toBeVisible();
  await spanishScreen(page, 'contact us');

  await page.goto('/health-plan');
  await expect(page.getByRole('heading', { name: es('health-plans-title') })).toBeVisible();
  const hsaCard = page.getByRole('article', { name: `${es('welcome-area-hsa')}: ${es('order-hsa-plan')}` });
  await hsaCard.getByRole('button', { name: es('load-more') }).click();
  await expect(hsaCard.getByRole('row', { name: new RegExp(`^${es('order-policy-effective-date')} ${SPANISH_DATE.source}$`) })).toBeVisible();
  await expect(hsaCard.getByRole('row', { name: `${es('order-description')} ${es('order-hsa-description')}` })).toBeVisible();
  await spanishScreen(page, 'the health plans page');
}

test.describe('the journey in Spanish', () => {
  test('the browser asks for Spanish: register, set a password, sign in, profile, shop, cart, authorize and welcome on a large screen', async ({ browser }) => {
    // The whole journey with axe and the English check on each of its screens.
    test.setTimeout(300_000);
    const context = await browser.newContext({ locale: 'es-US', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const person = newPerson('Lucia');
    await page.goto(`/register?employer_id=${DEMO_EMPLOYER_ID}`);
    await registerAndSetPassword(page, person);
    await signIn(page, person);
    await profileWithDependent(page, person);
    await cartAndWelcome(page, person, await shop(page, false));
    await context.close();
  });

  test("the person picks Español in the header's language switch: the same journey on a 390 px wide phone", async ({ browser }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const person = newPerson('Mateo');
    await page.goto(`/register?employer_id=${DEMO_EMPLOYER_ID}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('combobox', { name: catalogue('en')('language-switch') }).selectOption({ label: 'Español' });
    await registerAndSetPassword(page, person);
    await signIn(page, person);
    await profileWithDependent(page, person);
    await cartAndWelcome(page, person, await shop(page, true));
    await context.close();
  });
});

/** The profile's heading as the base documents have it in each language. */
const BASE_HEADING = {
  en: (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'forms', 'profile.schema.json'), 'utf8')) as { messages: Record<string, string> }).messages['heading']!,
  es: esText('profile', '/messages/heading'),
};

/**
 * A new employer (its own, so no other journey's expectations of the demo or the second employer's documents
 * change) whose profile heading staff publish in English and in Spanish, through the staff API as the console
 * saves a draft and publishes it.
 */
async function employerWithOwnHeading(request: APIRequestContext, heading: { en: string; es: string }): Promise<string> {
  const headers = await staffApiHeaders(request);
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString().slice(0, 10);
  const created = await request.post('/api/staff/employers', {
    headers,
    data: { name: `Bilingüe ${randomUUID().slice(0, 6)}`, email: null, planyear: Number(start.slice(0, 4)), planyearstart: start, employeazecustomer: 2, hsaonly: 0, edoc_period: null, broker: null },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { accountid } = ((await created.json()) as { data: { accountid: string } }).data;

  const url = `/api/staff/employers/${accountid}/content/profile`;
  type Profile = { messages: Record<string, string>; translations?: Record<string, Record<string, string>> };
  const base = ((await (await request.get(url, { headers })).json()) as { data: { base: Profile } }).data.base;
  const document: Profile = {
    ...base,
    messages: { ...base.messages, heading: heading.en },
    translations: { ...base.translations, es: { ...base.translations?.['es'], '/messages/heading': heading.es } },
  };
  const draft = await putAsRead(request, `${url}/draft`, headers, { document }, url);
  expect(draft.status(), await draft.text()).toBe(200);
  const { version, etag } = ((await draft.json()) as { data: { version: number; etag: string } }).data;
  const published = await request.post(`${url}/publish`, { headers, data: { version, etag } });
  expect(published.status(), await published.text()).toBe(200);
  return accountid;
}

test("an employer's text overridden in English and in Spanish shows to each reader in their language; the demo employer keeps its own", async ({ browser, request }) => {
  const heading = { en: 'Welcome to your Bilingual Benefits', es: 'Le damos la bienvenida a sus beneficios bilingües' };
  const accountid = await employerWithOwnHeading(request, heading);

  const english = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const englishPage = await english.newPage();
  await signedInMember(englishPage, 'Noah', accountid);
  await expect(englishPage.getByRole('heading', { name: heading.en })).toBeVisible();
  await expect(englishPage.locator('html')).toHaveAttribute('lang', 'en');
  await english.close();

  const spanish = await browser.newContext({ locale: 'es-US', viewport: { width: 1280, height: 900 } });
  const spanishPage = await spanish.newPage();
  await signedInMember(spanishPage, 'Sofia', accountid);
  await expect(spanishPage.getByRole('heading', { name: heading.es })).toBeVisible();
  await expectSpanishOnly(spanishPage, "the employer's profile", accountid);
  await spanish.close();

  // The demo employer's profile is the base one in both languages.
  for (const lang of ['en', 'es'] as const) {
    const answer = await request.get(`/api/content/forms/profile?accountid=${DEMO_EMPLOYER_ID}&lang=${lang}`);
    expect(((await answer.json()) as { data: { document: { messages: Record<string, string> } } }).data.document.messages['heading'], lang).toBe(BASE_HEADING[lang]);
  }
});
