import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDocument } from '#engine/authoring/index.ts';
import { createAjv } from '#engine/compile/index.ts';
import { message, type FormDocument } from '#engine/runtime/index.ts';
import { defaultContentRoot, loadBaseContent } from '#server/content/base-content.ts';
import { SHOP_TEXTS } from './shop-texts.ts';

const content = loadBaseContent();
const forms = [...content.forms.values()];
const documents = [...forms, ...content.flows.values()];
const readJson = (...parts: string[]): unknown => JSON.parse(readFileSync(path.join(defaultContentRoot, ...parts), 'utf8'));

/** Every text a person can read in a form: messages, titles, enum values and their labels. */
function textsOf(doc: FormDocument): string[] {
  const texts = Object.values(doc.messages);
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'title' || key === 'ui:title') && typeof value === 'string') texts.push(value);
      else if ((key === 'enum' || key === 'ui:enumNames') && Array.isArray(value)) texts.push(...value.map(String));
      else walk(value);
    }
  };
  walk(doc.schema);
  walk(doc.uiSchema);
  return texts;
}

/** The spec's exact texts (§2, §5, §8, §9) that belong to each form. */
const specTexts: Record<string, string[]> = {
  registration: ['All fields are required.', 'Please accept the terms and conditions.', 'Register failed. Please try again.', 'Deletion failed. Please try again.', 'First Name', 'Last Name', 'Personal Email'],
  login: ['Login failed. Please try again.', 'Email', 'Password'],
  'set-password': [
    'Password must be at least 8 characters long, contain uppercase, lowercase, a number, and a special character.',
    'Password is empty.',
    'Both fields are required.',
    'Passwords do not match.',
    'Password set failed. Please try again.',
    'Something went wrong.',
    'Access Denied',
    'New Password',
    'Confirm New Password',
  ],
  profile: [
    'DOB must be between 1941-01-01 and today.',
    'Please select yes or no for Smoker field and try again!',
    'Please enter a valid Social Security Number.',
    'Please check the zipCode',
    // §8 ZIP problems (where each applies: docs/ui-conventions.md) and the county picker's title.
    'Enter the ZipCode',
    'Please check your Zip Code',
    'Error fetching county and city',
    'Please check the ZipCode',
    'Invalid or non-existent zip code',
    'Please try Again!!. Internel Server Error.',
    'Select a county',
    'Please enter all required fields. Missing fields are:',
    // §2 other modals, §5 SSN notice.
    'Enter Additional Enrollment Information',
    'Your SSN is required when making an health insurance election, including when waiving coverage.',
    'First Name is required',
    'Last Name is required',
    'Telephone is required',
    'City is required',
    'DOB is required',
    'ZIP Code is required',
    'Smoker field is required',
    'Gender field is required',
    'Your SSN is required when making an health insurance election, including when waiving coverage.',
    'Saved Successfully',
    'First Name', 'Last Name', 'Home Address', 'APT (optional)', 'Telephone', 'City', 'County', 'State', 'DOB',
    'ZIP Code', 'Gender', 'Male', 'Female', 'Smoker', 'Yes', 'No', 'SSN', 'PCP Name', 'PCP ID', 'Existing Patient',
    'missing date of birth in dependent #{number}', 'Dependent #{number} DOB must be between 1941-01-01 and today.',
    'Date of Birth', 'Spouse', 'Child', 'Welcome to your Benefits Package Creator', 'Next', 'Cancel',
  ],
  dependent: ['Please enter a valid Social Security Number.', 'DOB must be between 1941-01-01 and today.', 'Smoker field is required', 'First Name', 'Last Name', 'Date of Birth', 'Gender', 'Smoker', 'SSN', 'Spouse', 'Child'],
  contributions: ['Shop Off Exchange', 'Not Buying Health Insurance (Waive Coverage)', 'Effective Date'],
  waiver: [
    'Please select a waiver reason',
    'Please enter a waiver reason',
    'Coverage through Spouse/Partner',
    'I have Subsidized Coverage through the Exchange',
    'Coverage through another Employer',
    'Coverage under Medicare',
    'Indian Health Service (Native American Tribal Coverage)',
    'Other',
  ],
  acknowledgements: ['Cart is empty !', 'Your Spent Amount is Greater than Your Contribution Amount: please tick the box to acknowledge the pre-tax payroll deduction.'],
  'ichra-acknowledgment': ['Please Acknowledge the Checkbox.', 'No ICHRA Documents Found'],
};

/** The spec's catalogue texts (§2, §8) screens show outside any form: schemas/messages/en.json. */
const catalogueTexts = ['Not Available', 'In Development', 'NO PLAN FOUND', 'Unexpected Application Error!', 'Something went wrong.', ...SHOP_TEXTS];

describe('content documents', () => {
  it('has exactly the documents the team plan names', () => {
    expect([...content.forms.keys()].sort()).toEqual(['acknowledgements', 'affordability', 'contributions', 'dependent', 'forgot-password', 'ichra-acknowledgment', 'login', 'privacy', 'profile', 'registration', 'set-password', 'terms', 'waiver']);
    expect([...content.flows.keys()]).toEqual(['enrollment']);
  });

  it.each(['terms', 'privacy'])('%s is a text-only document: a title, no fields, the standard notice an override replaces, headed sections', (id) => {
    const doc = content.forms.get(id)!;
    expect(doc.title).toBe(id === 'terms' ? 'Terms of Use' : 'Privacy Policy');
    expect(doc.schema.properties).toEqual({});
    expect(doc.rules ?? []).toEqual([]);
    const keys = Object.keys(doc.messages);
    expect(keys[0]).toBe('standard-notice');
    // Every heading is followed by its text.
    keys.forEach((key, index) => {
      if (key.endsWith('-heading')) expect(keys[index + 1], key).toBe(key.slice(0, -'-heading'.length));
    });
    expect(keys.filter((key) => key.endsWith('-heading')).length).toBeGreaterThanOrEqual(5);
  });

  it.each(documents.map((d) => [d.id, d] as const))('%s satisfies its meta-schema and every content check', (_, doc) => {
    expect(checkDocument(doc, content.meta)).toEqual([]);
  });

  it.each(forms.map((d) => [d.id, d] as const))('%s compiles in a fresh strict Ajv', (_, doc) => {
    expect(() => createAjv().compile(doc.schema)).not.toThrow();
  });

  it('checks uiSchemas against the widget list (the names the engine theme and the web register)', () => {
    expect(content.meta.widgets).toEqual(expect.arrayContaining(['ssn', 'yes-no', 'date', 'password', 'zip', 'select', 'radio', 'checkbox', 'textarea', 'hidden', 'email']));
    const used = new Set<string>();
    const walk = (node: unknown) => {
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'ui:widget') used.add(String(value));
        else walk(value);
      }
    };
    forms.forEach((f) => walk(f.uiSchema));
    expect([...used].filter((w) => !content.meta.widgets!.includes(w))).toEqual([]);
  });

  it('uses every message a form declares (no dead texts besides those screens show directly)', () => {
    const shownByScreens = new Set([
      'registration:register-failed', 'registration:delete-failed', 'login:login-failed', 'set-password:set-failed',
      // The already-initiated modal of src/web/screens/register-screen.tsx.
      ...['pending-title', 'pending-text', 'pending-resend', 'pending-delete'].map((key) => `registration:${key}`),
      'set-password:something-wrong', 'set-password:access-denied',
      // The submit buttons of the public forms (login, register, set password).
      'login:submit', 'registration:submit', 'set-password:submit',
      // Forgot Password and Reset Password (src/web/screens/forgot-password-screen.tsx, reset-password-screen.tsx),
      // and the server's answers: the lockout (login.routes.ts), the reset (member.routes.ts).
      ...['intro', 'submit', 'reset-requested', 'back-to-sign-in', 'request-failed'].map((key) => `forgot-password:${key}`),
      'login:account-locked', 'login:forgot-password',
      ...['reset-title', 'reset-done', 'reset-link-invalid', 'reset-ask-again'].map((key) => `set-password:${key}`),
      'profile:missing-fields', 'profile:saved',
      // The server's: GET /api/USZipCounty for an empty ZIP, PUT /api/Member for a county or state the ZIP lacks.
      'profile:zip-empty', 'profile:zip-county-mismatch',
      // POST /api/Enrollment/Authorize for a stored profile the documents in force no longer accept.
      'profile:profile-incomplete',
      // POST /api/Order for an HSA or additional-services order that cannot join an enrollment (services/enrollment/enrollment.ts).
      ...['order-hsa-needs-enrollment', 'order-service-needs-enrollment', 'order-hsa-with-waiver', 'order-hsa-plan-not-eligible', 'order-date-of-enrollment'].map(
        (key) => `acknowledgements:${key}`,
      ),
      // The checks of POST /api/Enrollment/Authorize and POST /api/Order on the plan, the location and what applies
      // (src/server/services/enrollment/enrollment-checks.ts).
      ...['plan-zip', 'plan-county', 'waiver-plan', 'waiver-rate', 'cost-without-service', 'waiver-zip', 'waiver-county'].map((key) => `acknowledgements:${key}`),
      'ichra-acknowledgment:documents', 'ichra-acknowledgment:no-documents',
      'contributions:profile-changed', 'contributions:no-effective-dates', 'contributions:contribution-label', 'contributions:dependents-label',
      'contributions:no-dependents', 'contributions:dependent-name', 'contributions:dependent-relationship', 'contributions:dependent-birthdate',
      'contributions:waiver-no-contribution',
      // src/portal/wizard/affordability-modal.tsx shows the check's numbers and verdict with these.
      ...['intro', 'submit', 'close', 'silver-plan', 'silver-premium', 'allowance', 'employee-cost', 'required-percent', 'threshold', 'poverty',
        'verdict-shop-off-exchange', 'verdict-may-decline', 'no-plan-data', 'failed'].map((key) => `affordability:${key}`),
      'profile:heading', 'profile:next', 'profile:cancel', 'registration:read-terms',
      // The text-only documents: src/web/screens/text-document-screen.tsx shows every message.
      ...['terms', 'privacy'].flatMap((id) => Object.keys(content.forms.get(id)!.messages).map((key) => `${id}:${key}`)),
    ]);
    /** Message keys a widget is told to show by its ui:options ('messages': { role: key }). */
    const widgetMessages = (node: unknown): string[] => {
      if (node === null || typeof node !== 'object') return [];
      return Object.entries(node).flatMap(([key, value]) =>
        key === 'ui:options' && value && typeof value === 'object' && 'messages' in value
          ? Object.values((value as { messages: Record<string, string> }).messages)
          : widgetMessages(value),
      );
    };
    for (const doc of forms) {
      const used = new Set([
        ...(doc.rules ?? []).map((r) => r.message),
        ...Object.values(doc.errorMessages ?? {}).flatMap((m) => Object.values(m)),
        ...widgetMessages(doc.uiSchema),
        // A part's messages (role -> key) are shown by the screen that shows the part.
        ...Object.values(doc.parts ?? {}).flatMap((part) => Object.values(part.messages ?? {})),
      ]);
      const unused = Object.keys(doc.messages).filter((key) => !used.has(key) && !shownByScreens.has(`${doc.id}:${key}`));
      expect(unused, doc.id).toEqual([]);
    }
  });

  it.each(Object.entries(specTexts))("%s holds the spec's texts verbatim", (id, texts) => {
    const doc = content.forms.get(id)!;
    const present = textsOf(doc);
    expect(texts.filter((text) => !present.includes(text))).toEqual([]);
  });

  it('numbers the dependent messages as the spec writes them', () => {
    const profile = content.forms.get('profile')!;
    expect(message(profile, 'dependent-dob-range', { number: 2 })).toBe('Dependent #2 DOB must be between 1941-01-01 and today.');
    expect(message(profile, 'dependent-dob-missing', { number: 1 })).toBe('missing date of birth in dependent #1');
  });

  it('keeps one document per file, named by its id', () => {
    for (const [dir, suffix] of [['schemas/forms', '.schema.json'], ['flows', '.flow.json']] as const) {
      for (const file of readdirSync(path.join(defaultContentRoot, dir))) {
        expect(file.endsWith(suffix), file).toBe(true);
        const doc = JSON.parse(readFileSync(path.join(defaultContentRoot, dir, file), 'utf8'));
        expect(`${doc.id}${suffix}`).toBe(file);
      }
    }
  });

  // Snapshots of every document as employers get it: resolved-documents.test.ts.
});

describe('messages files', () => {
  const files = readdirSync(path.join(defaultContentRoot, 'schemas', 'messages'));
  const en = readJson('schemas', 'messages', 'en.json') as { locale: string; messages: Record<string, string> };

  it('has the English and the Spanish file, each named by its locale', () => {
    expect([...files].sort()).toEqual(['en.json', 'es.json']);
    for (const file of files) expect((readJson('schemas', 'messages', file) as { locale: string }).locale).toBe(path.basename(file, '.json'));
  });

  it.each(files)('%s satisfies the messages meta-schema', (file) => {
    const validate = createAjv().compile(readJson('schemas', 'meta', 'messages.schema.json') as object);
    expect(validate(readJson('schemas', 'messages', file)), JSON.stringify(validate.errors)).toBe(true);
  });

  it("holds the spec's catalogue texts verbatim, each once", () => {
    const texts = Object.values(en.messages);
    expect(catalogueTexts.filter((text) => !texts.includes(text))).toEqual([]);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('keeps only texts the product shows (each key is named in src/portal or src/web, or read by the server for its answers and e-mails)', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? sources(path.join(dir, entry.name)) : [readFileSync(path.join(dir, entry.name), 'utf8')],
      );
    const web = ['portal', 'web'].flatMap((folder) => sources(path.join(defaultContentRoot, 'src', folder))).join('\n');
    const server = sources(path.join(defaultContentRoot, 'src', 'server')).join('\n');
    const read = (key: string) =>
      // The web reads a key as messages['key'], or names it in a table of keys (catalogueTexts, a plan row's label);
      // the server reads it, or a route's Dollars name it as their refusal (src/server/http/money-wire.ts).
      web.includes(`'${key}'`) || new RegExp(`\\b(catalogueMessage|catalogueText|amountsDiffer)\\('${key}'|\\brefusal: '${key}'`).test(server);
    expect(Object.keys(en.messages).filter((key) => !read(key))).toEqual([]);
  });
});

describe('catalogue texts stay in the documents', () => {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
  /** Each source file's string literals, comments left out. */
  const literals = new Map(
    walk(path.join(defaultContentRoot, 'src')).map((file) => {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '');
      const found = [...code.matchAll(/(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g)].map((m) => m[2]!);
      return [path.relative(defaultContentRoot, file), found] as const;
    }),
  );
  /** The longest literal part of a text (between {placeholders}); short words (Next, Yes) are not catalogue texts. */
  const core = (text: string) => text.split(/\{[^}]*\}/).sort((a, b) => b.length - a.length)[0]!;
  const filesHolding = (text: string) =>
    [...literals].filter(([, found]) => found.some((literal) => literal.includes(core(text)))).map(([file]) => file);
  const en = readJson('schemas', 'messages', 'en.json') as { messages: Record<string, string> };
  const catalogue = [...new Set([...forms.flatMap((doc) => Object.values(doc.messages)), ...Object.values(en.messages)])].filter((t) => core(t).length >= 10);

  it('finds a text written into a source file (the scan works)', () => {
    expect(filesHolding('First Name is required')).toEqual([]);
    expect(filesHolding('This step is not available yet.')).toContain('src/engine/runtime/flow.ts');
  });

  it('writes no text of the profile and dependent documents into src/ (components and server code read the documents)', () => {
    const texts = ['profile', 'dependent'].flatMap((id) => Object.values(content.forms.get(id)!.messages)).filter((t) => core(t).length >= 10);
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.flatMap((text) => filesHolding(text).map((file) => `${file}: ${text}`))).toEqual([]);
  });
});
