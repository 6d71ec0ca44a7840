/**
 * What the browser journeys share: the demo employer, the invitation e-mail and the steps a person repeats (axe's
 * check of a screen is in axe.ts).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { STAFF_ADMIN_EMAIL, STAFF_PASSWORD } from './staff-admin.ts';
import { mailText } from '../fixtures/mail-text.ts';

/** The demo employer that `npm start` creates (src/db/seed/demo-employer.ts). */
export const DEMO_EMPLOYER_ID = '5f0d1f7e-7a41-4c57-9a0b-0d5f5b8f2a11';
export const DEMO_EMPLOYER_NAME = 'Acme Benefits Demo';
/** A second employer the journeys' start adds (seed-second-employer.ts), for what one employer changes alone. */
export const SECOND_EMPLOYER_ID = '7b3e2c10-4d5a-4e6f-8a9b-0c1d2e3f4a51';
export const SECOND_EMPLOYER_NAME = 'Second Employer Demo';
export const PASSWORD = 'Str0ng!Pass#1';

export type Person = { firstName: string; lastName: string; email: string };

/** A label or name as Playwright matches it: a string is found within the name, a RegExp as it says. */
type Name = string | RegExp;

/**
 * The product's words the shared steps below fill in, click and wait for. The English journeys use ENGLISH; a
 * journey in another language passes that language's words, read from its catalogue and documents (spanish.ts).
 */
export type Words = {
  registration: { firstName: Name; lastName: Name; email: Name; terms: RegExp; submit: Name };
  setPassword: { password: string; confirm: Name; submit: Name };
  signIn: { email: Name; password: Name; submit: Name };
  profile: {
    address: Name;
    telephone: Name;
    zip: Name;
    countyPicker: string;
    /**
     * A county as the screens name it in this language, the county picker and the County field alike (the
     * crosswalk's 'Marion County' is 'Condado de Marion'; the field still stores and sends the crosswalk's name).
     */
    countyNamed: (county: string) => string;
    city: Name;
    county: Name;
    state: Name;
    dob: Name;
    gender: RegExp;
    female: string;
    smoker: RegExp;
    no: string;
    ssnParts: readonly [Name, Name, Name];
    pcpName: Name;
    pcpId: Name;
  };
  /** A dependent's fields on the profile, in the group 'Dependent #n' that Add Dependent opens. */
  dependent: {
    add: Name;
    group: (number: number) => string;
    firstName: Name;
    lastName: Name;
    dob: Name;
    gender: RegExp;
    relationship: RegExp;
    smoker: RegExp;
    ssn: Name;
    /** The choices by their stored values, as the screen names them. */
    choices: Record<Relative['gender'] | Relative['relationship'] | 'No', string>;
  };
  /** Next, or Proceed on a narrow shop screen. */
  next: RegExp;
  filters: string;
};

export const ENGLISH: Words = {
  registration: { firstName: 'First Name', lastName: 'Last Name', email: 'Personal Email', terms: /Terms of Use/, submit: 'Register Account' },
  setPassword: { password: 'New Password', confirm: 'Confirm New Password', submit: 'Set Password' },
  signIn: { email: 'Email', password: 'Password', submit: 'Log In' },
  profile: {
    address: 'Home Address',
    telephone: 'Telephone',
    zip: 'ZIP Code',
    countyPicker: 'Select a county',
    countyNamed: (county) => county,
    city: 'City',
    county: 'County',
    state: 'State',
    dob: 'DOB',
    gender: /^Gender/,
    female: 'Female',
    smoker: /^Smoker/,
    no: 'No',
    ssnParts: ['SSN first 3 digits', 'SSN middle 2 digits', 'SSN last 4 digits'],
    pcpName: 'PCP Name',
    pcpId: 'PCP ID',
  },
  dependent: {
    add: 'Add Dependent',
    group: (number) => `Dependent #${number}`,
    firstName: 'First Name',
    lastName: 'Last Name',
    dob: 'Date of Birth',
    gender: /^Gender/,
    relationship: /^Relationship/,
    smoker: /^Smoker/,
    ssn: /^SSN$/,
    choices: { Male: 'Male', Female: 'Female', Spouse: 'Spouse', Child: 'Child', No: 'No' },
  },
  next: /^(Next|Proceed)$/,
  filters: 'Filters',
};

export function newPerson(firstName = 'Jordan'): Person {
  return { firstName, lastName: 'Rivera', email: `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com` };
}

/**
 * The invitation e-mailed to this address, decoded. Without SMTP_URL the product writes each message as a
 * quoted-printable .eml file under DATA_DIR/mail.
 */
export async function invitation(email: string): Promise<string> {
  const folder = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let text: string | undefined;
  await expect
    .poll(() => {
      text = readdirSync(folder)
        .map((file) => readFileSync(join(folder, file), 'utf8'))
        .find((message) => message.includes(`To: ${email}`));
      return Boolean(text);
    })
    .toBe(true);
  return mailText(text!);
}

export async function invitationLink(email: string): Promise<string> {
  const link = (await invitation(email)).match(/https?:\/\/\S+\/set-password\?\S+/)?.[0];
  expect(link, 'the invitation carries a set-password link').toBeTruthy();
  return link!;
}

/** Fills the employer's registration form for `person` and sends it, whatever the answer (see `register`). */
export async function submitRegistration(page: Page, person: Person, employerId = DEMO_EMPLOYER_ID, words = ENGLISH): Promise<void> {
  const { firstName, lastName, email, terms, submit } = words.registration;
  await page.goto(`/register?employer_id=${employerId}`);
  await page.getByLabel(firstName).fill(person.firstName);
  await page.getByLabel(lastName).fill(person.lastName);
  await page.getByLabel(email).fill(person.email);
  await page.getByRole('checkbox', { name: terms }).check();
  await page.getByRole('button', { name: submit }).click();
}

export async function register(page: Page, person: Person, employerId = DEMO_EMPLOYER_ID, words = ENGLISH): Promise<void> {
  await submitRegistration(page, person, employerId, words);
  await expect(page).toHaveURL(/\/login\?register=true/);
}

export async function setPassword(page: Page, person: Pick<Person, 'email'>, words = ENGLISH): Promise<void> {
  const { password, confirm, submit } = words.setPassword;
  await page.goto(await invitationLink(person.email));
  await page.getByLabel(password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(confirm).fill(PASSWORD);
  await page.getByRole('button', { name: submit }).click();
  await expect(page).toHaveURL(/\/login\?employer_id=[^&]+$/);
}

/** Signs in on /login; lands on /profile, or on /welcome (`landing`) for a member who has authorized. */
export async function signIn(page: Page, person: Pick<Person, 'email'>, landing: RegExp = /\/profile$/, words = ENGLISH): Promise<void> {
  const { email, password, submit } = words.signIn;
  await page.getByLabel(email).fill(person.email);
  await page.getByLabel(password, { exact: false }).first().fill(PASSWORD);
  await page.getByRole('button', { name: submit }).click();
  await expect(page).toHaveURL(landing);
}

/**
 * A registered member (of the demo employer unless another is named) with a password, signed in on /profile.
 * The member is prepared over the API, as the registration, set-password and sign-in screens send it (their own
 * journeys walk those screens: people.spec.ts, accessibility.spec.ts, spanish-journey.spec.ts); the sign-in's
 * refresh cookie lands in the page's context, from which /profile restores the session as a new tab does.
 */
export async function signedInMember(page: Page, firstName?: string, employerId = DEMO_EMPLOYER_ID): Promise<Person> {
  const person = await memberWithPassword(page, firstName, employerId);
  const headers = { 'accept-language': await page.evaluate(() => navigator.language) };
  const login = await page.request.post('/api/Login', { headers, data: { email: person.email, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  // Signed in once the tab holds its access token (restored from the refresh cookie): a navigation before that
  // would end the restore and find the tab signed out.
  await page.waitForFunction(() => sessionStorage.getItem('access_token') !== null);
  return person;
}

/**
 * A registered member (of the demo employer unless another is named) with a password, not signed in: for a journey
 * that signs in on the sign-in page of a tab already open (another person in the same tab).
 */
export async function memberWithPassword(page: Page, firstName?: string, employerId = DEMO_EMPLOYER_ID): Promise<Person> {
  const person = newPerson(firstName);
  // In the language the page's browser asks for, as the registration screen would send it.
  const headers = { 'accept-language': await page.evaluate(() => navigator.language) };
  const registered = await page.request.post('/api/Member/Register', {
    headers,
    data: {
      memberdto: { firstname: person.firstName, lastname: person.lastName, personalemailaddress: person.email, accountid: employerId, terms: true },
      plan_year: new Date().getFullYear(),
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const link = new URL(await invitationLink(person.email));
  const set = await page.request.post('/api/changepassword', {
    headers,
    data: { id: link.searchParams.get('member_id'), password: PASSWORD, token: link.searchParams.get('token') },
  });
  expect(set.status(), await set.text()).toBe(200);
  return person;
}

/** Where a member lives, as the profile asks it and as its ZIP look-up answers. */
export type Home = {
  address: string;
  telephone: string;
  zip: string;
  city: string;
  county: string;
  state: string;
  /** The ZIP lies in several counties: a dialog asks the person to pick `county`. */
  severalCounties: boolean;
};

/** 97205 lies in one county: the look-up fills the city, county and state at once. */
export const PORTLAND: Home = { address: '1200 SW Main St', telephone: '5035550100', zip: '97205', city: 'Portland', county: 'Multnomah County', state: 'OR', severalCounties: false };
/** 97002 lies in two counties. */
export const AURORA: Home = { address: '21 Main St NE', telephone: '5035550142', zip: '97002', city: 'Aurora', county: 'Marion County', state: 'OR', severalCounties: true };

/**
 * The member's own fields on the profile, as a person fills them: the home address and telephone; the ZIP, whose
 * look-up fills the city, county and state (once the county is picked, for a ZIP of several; `whilePicking` runs
 * with that dialog open); then a date of birth, Female, not a smoker, an SSN in its three boxes and a PCP.
 */
export async function fillMemberProfile(page: Page, home: Home, whilePicking?: () => Promise<void>, words = ENGLISH): Promise<void> {
  const labels = words.profile;
  await page.getByLabel(labels.address).fill(home.address);
  await page.getByLabel(labels.telephone).fill(home.telephone);
  await page.getByLabel(labels.zip).fill(home.zip);
  if (home.severalCounties) {
    const picker = page.getByRole('dialog', { name: labels.countyPicker });
    await expect(picker).toBeVisible();
    await whilePicking?.();
    await picker.getByRole('button', { name: labels.countyNamed(home.county) }).click();
    await expect(picker).toBeHidden();
  }
  await expect(page.getByLabel(labels.city)).toHaveValue(home.city);
  await expect(page.getByLabel(labels.county)).toHaveValue(labels.countyNamed(home.county));
  await expect(page.getByLabel(labels.state)).toHaveValue(home.state);
  await page.getByLabel(labels.dob).first().fill('1984-03-15');
  await page.getByRole('radiogroup', { name: labels.gender }).first().getByLabel(labels.female, { exact: true }).check();
  await page.getByRole('radiogroup', { name: labels.smoker }).first().getByLabel(labels.no, { exact: true }).check();
  const [first, middle, last] = labels.ssnParts;
  await page.getByLabel(first).first().fill('123');
  await page.getByLabel(middle).first().fill('45');
  await page.getByLabel(last).first().fill('6789');
  await page.getByLabel(labels.pcpName).first().fill('Dr. Ana Lee');
  await page.getByLabel(labels.pcpId).first().fill('PCP-4411');
}

/** A member's spouse or child, as the profile asks for them. */
export type Relative = { firstName: string; lastName: string; dob: string; gender: 'Male' | 'Female'; relationship: 'Spouse' | 'Child'; ssn: string };

/**
 * Adds each relative on a profile that has no dependent yet, as a person does: Add Dependent, then the new
 * dependent's fields (none a smoker).
 */
export async function addDependents(page: Page, family: readonly Relative[], words = ENGLISH): Promise<void> {
  const labels = words.dependent;
  for (const [index, relative] of family.entries()) {
    await page.getByRole('button', { name: labels.add }).click();
    const group = page.getByRole('group', { name: labels.group(index + 1), exact: true });
    await group.getByLabel(labels.firstName).fill(relative.firstName);
    await group.getByLabel(labels.lastName).fill(relative.lastName);
    await group.getByLabel(labels.dob).fill(relative.dob);
    await group.getByRole('radiogroup', { name: labels.gender }).getByLabel(labels.choices[relative.gender], { exact: true }).check();
    await group.getByRole('radiogroup', { name: labels.relationship }).getByLabel(labels.choices[relative.relationship], { exact: true }).check();
    await group.getByRole('radiogroup', { name: labels.smoker }).getByLabel(labels.choices.No, { exact: true }).check();
    await group.getByRole('textbox', { name: labels.ssn }).fill(relative.ssn);
  }
}

/** When each page's Next was last clicked by nextTo (see waitOutNextThrottle). */
const lastNextClick = new WeakMap<Page, number>();

/**
 * Next moves on at most once a second (spec §9 Next-step throttle): as a person who has just pressed it, wait out
 * the rest of that second before pressing it again, so the press is not swallowed (a swallowed press would cost the
 * wait for the next screen).
 */
export async function waitOutNextThrottle(page: Page): Promise<void> {
  const since = Date.now() - (lastNextClick.get(page) ?? 0);
  if (since < 1_100) await page.waitForTimeout(1_100 - since);
  lastNextClick.set(page, Date.now());
}

/**
 * Next until the screen `heading` shows; a press that came too soon after another anyway (a Next clicked outside
 * nextTo) is pressed again, as a person would.
 */
export async function nextTo(page: Page, heading: string, words = ENGLISH): Promise<void> {
  const next = page.getByRole('heading', { name: heading });
  await expect(async () => {
    // A narrow shop screen says Proceed where the others say Next.
    if (!(await next.isVisible())) {
      await waitOutNextThrottle(page);
      await page.getByRole('button', { name: words.next }).first().click();
    }
    await expect(next).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens the shop's filter panel when it is folded (as it starts on a phone). */
export async function openShopFilters(page: Page, words = ENGLISH): Promise<void> {
  const toggle = page.getByRole('region', { name: words.filters }).getByRole('button', { name: new RegExp(`^${words.filters}`) });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/** The forgot-password link e-mailed to this address (the file outbox, as for the invitation). */
export async function resetLink(email: string): Promise<string> {
  const folder = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = readdirSync(folder)
        .map((file) => readFileSync(join(folder, file), 'utf8'))
        .filter((message) => message.includes(`To: ${email}`));
      link = (await Promise.all(messages.map(mailText))).map((message) => message.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0]).find(Boolean);
      return Boolean(link);
    })
    .toBe(true);
  return link!;
}

/** Signs in to the staff console as `email` (the test's staff admin unless another is named), on the Employers list. */
export async function staffSignIn(page: Page, email = STAFF_ADMIN_EMAIL): Promise<void> {
  await page.goto('/staff/sign-in');
  await expect(page.getByRole('heading', { name: 'Staff Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Employers' })).toBeVisible();
}

/**
 * Signs `request` in to the staff API (as the staff admin, created by staff:create before the product starts, unless
 * `email` names another staff user) and answers the headers a staff change sends: the session cookie and
 * x-staff-request.
 */
export async function staffApiHeaders(request: APIRequestContext, email = STAFF_ADMIN_EMAIL): Promise<Record<string, string>> {
  const login = await request.post('/api/staff/login', { headers: { 'x-staff-request': '1' }, data: { email, password: STAFF_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const cookie = login
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => header.value.split(';')[0])
    .join('; ');
  return { cookie, 'x-staff-request': '1' };
}

/**
 * A staff PUT of a whole resource made on its current version, as the console sends it: the ETag a GET of
 * `readUrl` answered as If-Match, or If-None-Match: * when there is none yet (a first draft).
 */
export async function putAsRead(request: APIRequestContext, url: string, headers: Record<string, string>, data: object, readUrl = url) {
  const read = await request.get(readUrl, { headers });
  const etag = read.ok() ? read.headers()['etag'] : undefined;
  return request.put(url, { headers: { ...headers, ...(etag ? { 'if-match': etag } : { 'if-none-match': '*' }) }, data });
}

/** Saves contribution rules as the draft and publishes it (each made on what it read): the publish's answer. */
export async function publishRulesAsRead(request: APIRequestContext, accountid: string, headers: Record<string, string>, rules: object[]) {
  const url = `/api/staff/employers/${accountid}/contribution-rules`;
  const saved = await putAsRead(request, url, headers, { rules }, `${url}/draft`);
  if (!saved.ok()) return saved;
  return request.post(`${url}/publish`, { headers: { ...headers, 'if-match': saved.headers()['etag']! } });
}

/** Opens one of an employer's sections in the staff console by its tab. */
export async function employerSection(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

/** A minimal PDF: what an implementer uploads as an employer's ICHRA document. */
export const ICHRA_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Uploads an ICHRA document (a PDF) in the employer's ICHRA Documents section of the staff console. */
export async function uploadIchraDocument(page: Page, name: string): Promise<void> {
  await employerSection(page, 'ICHRA Documents');
  await page.getByLabel('ICHRA Document (PDF)').setInputFiles({ name, mimeType: 'application/pdf', buffer: ICHRA_PDF });
  await page.getByRole('button', { name: 'Upload Document' }).click();
  await expect(page.getByRole('list', { name: 'ICHRA documents' }).getByText(name)).toBeVisible();
}

/** Opens one of the employer's documents in the staff console's editor, from its Forms and Flows section, by its title. */
export async function openDocument(page: Page, title: string, id: string): Promise<void> {
  await employerSection(page, 'Forms and Flows');
  await page.getByRole('list', { name: 'Documents' }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: `${title} (${id})` })).toBeVisible();
}
