/** The form-based edits beside the editor: each changes the same draft JSON, and nothing else of it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateFlow, type FlowDocument } from '../../src/engine/runtime/index.ts';
import {
  documentText,
  fieldsOf,
  lockedOf,
  parseDocument,
  requiredLock,
  sameDocument,
  setRequired,
  setStepShown,
  setTitle,
  stepLock,
  stepsOf,
  type Json,
} from '../../src/staff/documents/document-edits.ts';
import { FLOW_CASES, stepTitles } from '../../src/staff/documents/preview/flow-cases.ts';

// The dom project runs from the repository root (as the other dom tests read documents).
const read = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), file), 'utf8')) as Json;
const profile = read('schemas/forms/profile.schema.json');
const flow = read('flows/enrollment.flow.json');

describe('form edits', () => {
  it('changes the form title and a field title', () => {
    expect(setTitle(profile, null, 'About You').title).toBe('About You');
    const edited = setTitle(profile, 'birthdate', 'Date of Birth');
    expect(fieldsOf(edited).find((field) => field.name === 'birthdate')).toEqual({ name: 'birthdate', title: 'Date of Birth', required: true });
    expect((edited.schema as Json).required).toEqual((profile.schema as Json).required);
  });

  it('makes a field optional and required again', () => {
    const optional = setRequired(profile, 'pcpname', false);
    expect(fieldsOf(optional).find((field) => field.name === 'pcpname')?.required).toBe(false);
    expect(((optional.schema as Json).required as string[]).includes('pcpname')).toBe(false);
    const again = setRequired(optional, 'pcpname', true);
    expect(fieldsOf(again).find((field) => field.name === 'pcpname')?.required).toBe(true);
    expect(setRequired(again, 'pcpname', true)).toEqual(again);
  });
});

describe('flow edits', () => {
  const employer = { hsaonly: 1, employeazecustomer: 1 };
  const titles = (document: Json) =>
    evaluateFlow(document as FlowDocument, { today: '2026-01-01', employer, choice: { option: 'buy', planHsaEligible: true } }).flatMap((step) =>
      step.substeps.map((sub) => sub.title),
    );

  it('switches a step off so no case shows it, and on again with the base condition', () => {
    expect(titles(flow)).toContain('Additional Services');
    const off = setStepShown(flow, flow, 'additional-services', false);
    expect(titles(off)).not.toContain('Additional Services');
    expect(stepsOf(off).find((step) => step.id === 'additional-services')).toMatchObject({ title: 'Additional Services', parent: 'enroll', shown: false });
    expect(stepTitles(flow as FlowDocument, employer, FLOW_CASES[0]!, '2026-01-01')).toContain('Shopping and Cart › Additional Services');
    for (const flowCase of FLOW_CASES) expect(stepTitles(off as FlowDocument, employer, flowCase, '2026-01-01')).not.toContain('Shopping and Cart › Additional Services');
    const on = setStepShown(off, flow, 'additional-services', true);
    expect(on).toEqual(flow);
  });

  it("names each sub-step with its step in the preview's cases, so no two steps read alike", () => {
    for (const flowCase of FLOW_CASES) {
      const titles = stepTitles(flow as FlowDocument, employer, flowCase, '2026-01-01');
      expect(new Set(titles).size).toBe(titles.length);
    }
    expect(stepTitles(flow as FlowDocument, employer, FLOW_CASES[0]!, '2026-01-01').slice(0, 3)).toEqual(['Profile', 'Contributions', 'Contributions › Contributions']);
  });

  it('lists the steps with their sub-steps in order', () => {
    expect(stepsOf(flow).map((step) => step.title)).toEqual([
      'Profile',
      'Contributions',
      'Contributions',
      'Shopping and Cart',
      'ICHRA Acknowledgment',
      'Shop Health Plans',
      'Flexible Spending',
      'Additional Services',
      'Your Cart',
    ]);
  });

  it('switches on a step that had no condition by removing the false', () => {
    const off = setStepShown(flow, flow, 'cart', false);
    expect(((off.steps as Json).cart as Json).when).toBe(false);
    expect(setStepShown(off, flow, 'cart', true)).toEqual(flow);
  });
});

describe('editor text', () => {
  it('prints and reads back a document, and refuses what is not a JSON object', () => {
    expect(parseDocument(documentText(profile))).toEqual(profile);
    expect(parseDocument('[1]')).toBeNull();
    expect(parseDocument('{"a":')).toBeNull();
  });

  it('tells a saved draft whose keys the server reordered from a changed one', () => {
    expect(sameDocument({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(true);
    expect(sameDocument({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameDocument(setStepShown(flow, flow, 'cart', false), flow)).toBe(false);
  });
});

describe('locked parts, as the base document declares them', () => {
  it('lists them with why, for the editor to mark their lines', () => {
    expect(lockedOf(flow)).toContainEqual(['/steps/ichra-acknowledgment', expect.stringContaining('ICHRA rules')]);
    expect(lockedOf({ kind: 'form' })).toEqual([]);
  });

  it('keeps the Required box of a locked field, or one the base requires, and says why', () => {
    expect(requiredLock(profile, 'birthdate')).toMatch(/^Locked: The member's date of birth/);
    expect(requiredLock(profile, 'pcpname')).toBe('Required by the base document: an override may make fields required, not optional.');
    expect(requiredLock(profile, 'address2')).toBeNull();
  });

  it('keeps a locked step on, and says why; an optional step may be switched off', () => {
    expect(stepLock(flow, 'ichra-acknowledgment')).toMatch(/^Locked: The ICHRA rules require/);
    expect(stepLock(flow, 'cart')).toMatch(/authorize call/);
    expect(stepLock(flow, 'additional-services')).toBeNull();
  });
});
