/**
 * `npm run forms:check` (src/server/content/forms-check.ts): every base document and every stored override checked with
 * the console's checks, every base text (documents and catalogue) checked for its Spanish, each employer's step
 * list per case of the sequence table printed as the publish proof walked it, a problem (of the proof too) fails it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import { DEMO_ACCOUNT_ID, DEMO_ACCOUNT_NAME, seedDemoEmployer } from '#db/seed/demo-employer.ts';
import { defaultContentRoot } from '#server/content/base-content.ts';
import type { EnrollmentCase } from '#domain/enrollment/enrollment-cases.ts';
import { runFormsCheck } from '#server/content/forms-check.ts';
import { databases, type TestDb } from './helpers/databases.ts';
import { createEmployer } from './helpers/fixtures.ts';

type TableCase = Omit<EnrollmentCase, 'choice'> & { choice: { option: 'buy' | 'waive'; planHsaEligible?: boolean }; substeps: string[] };
const table = JSON.parse(readFileSync(new URL('../content/cases/enrollment.cases.json', import.meta.url), 'utf8')) as { cases: TableCase[] };
/** The spec's sequence table as the proof's cases (a waiver chooses no plan). */
const cases = table.cases.map((flowCase) => ({ ...flowCase, choice: { ...flowCase.choice, planHsaEligible: flowCase.choice.planHsaEligible ?? false } }));
const today = '2026-11-21';

describe.each(databases())('forms:check on $name', (database) => {
  let handle: TestDb;
  let employer: string;
  beforeAll(async () => {
    handle = await database.create();
    await seedDemoEmployer(handle.db, today);
    employer = (await createEmployer(handle.db, { accountname: 'Check Employer' })).accountid;
    await overrides.insertVersion(handle.db, {
      accountid: employer,
      documentid: 'enrollment',
      status: 'published',
      patch: { steps: { 'additional-services': { when: false } } },
      staffId: null,
      now: new Date(),
    });
  });
  afterAll(() => handle?.close());

  const check = (root?: string) => runFormsCheck({ db: handle.db, cases, today, root });
  /** Runs the check on a copy of the content changed by `change` (which gets the copy's root). */
  const checkChanged = async (change: (root: string) => void) => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'benefit-portal-forms-check-'));
    try {
      for (const dir of ['schemas', 'flows']) cpSync(path.join(defaultContentRoot, dir), path.join(root, dir), { recursive: true });
      change(root);
      return await check(root);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
  const editJson = (file: string, edit: (json: any) => void) => {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    edit(json);
    writeFileSync(file, JSON.stringify(json));
  };
  /** The step lines printed for one employer and case. */
  const stepsOf = (lines: string[], employerLine: string, caseName: string) => {
    const from = lines.indexOf(employerLine);
    const at = lines.indexOf(`  ${caseName}`, from);
    const end = lines.findIndex((line, index) => index > at && !line.startsWith('    '));
    return lines.slice(at + 1, end).map((line) => line.trim());
  };

  it("passes with valid documents and overrides, printing each employer's step list per case", async () => {
    const { lines, problems } = await check();
    expect(problems).toBe(0);
    expect(lines.at(-1)).toBe('forms:check: no problems');
    expect(lines).toContain('Translations: every text of the base documents and the catalogue checked in es');
    expect(lines).toContain('Stored override versions: 1 checked');
    const demo = `Employer ${DEMO_ACCOUNT_NAME} (${DEMO_ACCOUNT_ID})`;
    const other = `Employer Check Employer (${employer})`;
    for (const flowCase of cases) {
      const demoSteps = stepsOf(lines, demo, flowCase.name);
      expect(demoSteps).toEqual(['Profile', 'Contributions: Contributions', `Shopping and Cart: ${flowCase.substeps.slice(1).join(', ')}`]);
      const otherSteps = stepsOf(lines, other, flowCase.name);
      expect(otherSteps[2]).toBe(`Shopping and Cart: ${flowCase.substeps.slice(1).filter((title) => title !== 'Additional Services').join(', ')}`);
    }
  });

  it('fails on a stored draft or published version the checks refuse, and only notes a refused retired one', async () => {
    const typo = { messages: { 'dob-rnage': 'Typo' } };
    const now = new Date();
    await overrides.insertVersion(handle.db, { accountid: employer, documentid: 'profile', status: 'published', patch: typo, staffId: null, now });
    await overrides.retirePublished(handle.db, employer, 'profile');
    let result = await check();
    expect(result.problems).toBe(0);
    expect(result.lines).toContainEqual(expect.stringMatching(/^note: Check Employer .* profile version 1 \(retired\) would be refused if rolled back to: .*messages\.dob-rnage is not a message of profile/));

    await overrides.insertVersion(handle.db, { accountid: employer, documentid: 'profile', status: 'draft', patch: typo, staffId: null, now });
    result = await check();
    expect(result.problems).toBe(1);
    expect(result.lines).toContainEqual(expect.stringMatching(/^PROBLEM Check Employer .* profile version 2 \(draft\): .*messages\.dob-rnage is not a message of profile/));
    expect(result.lines.at(-1)).toBe('forms:check: 1 problem');
    await handle.db.deleteFrom('document_override').where('documentid', '=', 'profile').execute();
  });

  it("fails on a stored version the publish proof refuses, naming the case, step and field (the walk a publish runs)", async () => {
    // Stored before the proof existed: the SSN hidden, which the override surface allows (the form requires it by a rule).
    const hidden = { uiSchema: { additionalid: { 'ui:widget': 'hidden' } } };
    await overrides.insertVersion(handle.db, { accountid: employer, documentid: 'profile', status: 'published', patch: hidden, staffId: null, now: new Date() });
    const { lines, problems } = await check();
    expect(problems).toBe(1);
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^PROBLEM Check Employer \\(${employer}\\) publish proof: In ${cases.length} cases .*, at step "Profile", field "SSN" .*Field "SSN" is hidden`)),
    );
    await handle.db.deleteFrom('document_override').where('documentid', '=', 'profile').execute();
  });

  it('fails on a base document that breaks the rules, naming it', async () => {
    const { lines, problems } = await checkChanged((root) =>
      editJson(path.join(root, 'schemas', 'forms', 'waiver.schema.json'), (waiver) => {
        waiver.rules = [{ id: 'r', assert: { log: 1 }, path: '/x', message: 'select-waiver-reason' }];
      }),
    );
    expect(problems).toBe(1);
    expect(lines[0]).toMatch(/^PROBLEM base documents: .*waiver.*operation not allowed: log/);
  });

  it('fails on a base text without its Spanish, naming the document and pointer or the catalogue key', async () => {
    const { lines, problems } = await checkChanged((root) => {
      editJson(path.join(root, 'schemas', 'translations', 'es', 'profile.json'), (profile) => delete profile.texts['/messages/next']);
      editJson(path.join(root, 'schemas', 'messages', 'es.json'), (catalogue) => {
        delete catalogue.messages['sign-out'];
        catalogue.messages.greeting = 'Hola, {nombre}';
      });
    });
    expect(problems).toBe(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        'PROBLEM profile (es) /messages/next: no translation',
        'PROBLEM catalogue es.json sign-out: no translation',
        'PROBLEM catalogue es.json greeting: the translation must keep the marks of the text ({name})',
      ]),
    );
    expect(lines.at(-1)).toBe('forms:check: 3 problems');
  });

  it('fails on a Spanish text whose placeholders differ in a document, naming it', async () => {
    const { lines, problems } = await checkChanged((root) =>
      editJson(path.join(root, 'schemas', 'translations', 'es', 'login.json'), (login) => {
        login.texts['/messages/account-locked'] = 'Inténtelo de nuevo más tarde.';
      }),
    );
    expect(problems).toBe(1);
    expect(lines[0]).toMatch(/^PROBLEM base documents: login at \/translations\/es: .*\/messages\/account-locked: the translation must keep the marks of the text \(\{minutes\}\)/);
  });
});
