/**
 * What an employee gets, as snapshots, so any change to it shows in review: every document as the content store
 * resolves it for the demo employer (no override: the base documents), in English and in Spanish, and for a test
 * employer with a sample override of several documents (snapshotted as what the override changes), and the step
 * list of the resolved flow for each case of the spec's sequence table (cases/enrollment.cases.json, a copy of shared/spec/flow-cases.json),
 * for both employers. The overrides go through the staff API's own check (applyOverride) before they are stored.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '#contracts/language.ts';
import { DEMO_ACCOUNT_ID, seedDemoEmployer } from '#db/seed/demo-employer.ts';
import * as overrides from '#db/repositories/employer/document-override.repository.ts';
import { evaluateFlow, translatedDocument, type FlowDocument, type FormDocument } from '#engine/runtime/index.ts';
import { applyOverride } from '#server/content/apply-override.ts';
import { createContentStore, type ContentStore } from '#server/content/content-store.ts';
import { loadBaseContent } from '#server/content/base-content.ts';
import { databases, type TestDb } from '../server/helpers/databases.ts';
import { createEmployer } from '../server/helpers/fixtures.ts';

type FlowCase = {
  name: string;
  employer: { hsaonly: number; employeazecustomer: number };
  choice: { option: 'buy' | 'waive'; planHsaEligible?: boolean };
  substeps: string[];
};
const table = JSON.parse(readFileSync(new URL('./cases/enrollment.cases.json', import.meta.url), 'utf8')) as { cases: FlowCase[] };
const base = loadBaseContent();
const documentIds = [...base.forms.keys(), ...base.flows.keys()].sort();
const today = '2026-11-21';

/**
 * The sample override of the test employer: texts, a step hidden, an optional step's condition (Flexible Spending
 * for every HSA-eligible plan bought, whatever the employer's hsaonly).
 */
const SAMPLE_OVERRIDE: Record<string, unknown> = {
  waiver: { messages: { 'select-waiver-reason': 'Choose why you are waiving coverage.' } },
  profile: { messages: { 'dob-range': 'DOB must be between 1941-01-01 and today (test employer).' } },
  enrollment: {
    steps: {
      'additional-services': { when: false },
      'flexible-spending': { when: { and: [{ '==': [{ var: 'choice.option' }, 'buy'] }, { '===': [{ var: 'choice.planHsaEligible' }, true] }] } },
    },
  },
};

/** The sub-steps the sample override gives a case: no Additional Services; Flexible Spending for an HSA-eligible plan bought. */
function sampleSubsteps({ choice, substeps }: FlowCase): string[] {
  const titles = substeps.slice(1).filter((title) => title !== 'Additional Services' && title !== 'Flexible Spending');
  if (choice.option !== 'buy' || choice.planHsaEligible !== true) return titles;
  const shop = titles.indexOf('Shop Health Plans');
  return [...titles.slice(0, shop + 1), 'Flexible Spending', ...titles.slice(shop + 1)];
}

/** Every difference between two JSON values as pointer -> [before, after] (a missing value is undefined). */
function changes(before: unknown, after: unknown, pointer = ''): Record<string, [unknown, unknown]> {
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObject(before) && isObject(after)) {
    return Object.assign({}, ...[...new Set([...Object.keys(before), ...Object.keys(after)])].map((key) => changes(before[key], after[key], `${pointer}/${key}`)));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? {} : { [pointer]: [before, after] };
}

/** A step list as the snapshot shows it: a tab repeats a sub-step already listed, so it is named by major step and id. */
const stepList = (flow: FlowDocument, { employer, choice }: FlowCase) =>
  evaluateFlow(flow, { today, employer, choice }).map((step) => ({ ...step, tabs: step.tabs?.map((tab) => `${tab.parent}/${tab.id}`) }));

const [pglite] = databases();
let handle: TestDb;
let store: ContentStore;
let testEmployer: string;
const resolve = async (id: string, accountid: string, language: Language = 'en') => (await store.resolve(id, accountid, language)).document as FormDocument | FlowDocument;
/** A base document as served in English: its own texts, without the other languages' (the Spanish test holds those). */
const baseServed = (id: string) => translatedDocument((base.forms.get(id) ?? base.flows.get(id))!, undefined);

beforeAll(async () => {
  handle = await pglite!.create();
  await seedDemoEmployer(handle.db, today);
  testEmployer = (await createEmployer(handle.db, { accountname: 'Override Test Employer' })).accountid;
  for (const [documentid, patch] of Object.entries(SAMPLE_OVERRIDE)) {
    expect(applyOverride(base, documentid, patch).problems).toEqual([]);
    await overrides.insertVersion(handle.db, { accountid: testEmployer, documentid, status: 'published', patch, staffId: null, now: new Date() });
  }
  store = createContentStore({ db: handle.db, now: () => new Date() }, base);
});
afterAll(() => handle?.close());

describe('documents as each employer resolves them', () => {
  it.each(documentIds)('%s for the demo employer (no override) is the base document, as snapshotted', async (id) => {
    const document = await resolve(id, DEMO_ACCOUNT_ID);
    expect(document).toEqual(baseServed(id));
    expect(document).toMatchSnapshot();
  });

  it.each(documentIds)('%s in Spanish for the demo employer has its Spanish texts in place, as snapshotted', async (id) => {
    const document = await resolve(id, DEMO_ACCOUNT_ID, 'es');
    expect(document).toEqual(translatedDocument((base.forms.get(id) ?? base.flows.get(id))!, (base.forms.get(id) ?? base.flows.get(id))!.translations?.es));
    expect(document.title).not.toBe(baseServed(id).title);
    expect(document).toMatchSnapshot();
  });

  it.each(documentIds)("%s for the test employer changes only what the sample override says", async (id) => {
    const document = await resolve(id, testEmployer);
    const changed = changes(baseServed(id), document);
    expect(Object.keys(changed).length > 0).toBe(id in SAMPLE_OVERRIDE);
    expect(changed).toMatchSnapshot();
  });

  it('answers another etag for each overridden document only', async () => {
    for (const id of documentIds) {
      const [demo, test, none] = await Promise.all([store.resolve(id, DEMO_ACCOUNT_ID, 'en'), store.resolve(id, testEmployer, 'en'), store.resolve(id, randomUUID(), 'en')]);
      expect(demo.etag, id).toBe(none.etag);
      expect(test.etag !== demo.etag, id).toBe(id in SAMPLE_OVERRIDE);
    }
  });
});

describe("the resolved flow's step list for each case of the sequence table", () => {
  // One test per case, titled by its full name ($name in an it.each title would be cut short and collide).
  for (const flowCase of table.cases) {
    it(`${flowCase.name}, demo employer`, async () => {
      const steps = stepList((await resolve('enrollment', DEMO_ACCOUNT_ID)) as FlowDocument, flowCase);
      expect(steps[2]!.substeps.map((s) => s.title)).toEqual(flowCase.substeps.slice(1));
      expect(steps).toMatchSnapshot();
    });

    it(`${flowCase.name}, test employer`, async () => {
      const steps = stepList((await resolve('enrollment', testEmployer)) as FlowDocument, flowCase);
      expect(steps[2]!.substeps.map((s) => s.title)).toEqual(sampleSubsteps(flowCase));
      expect(steps).toMatchSnapshot();
    });
  }
});
