import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentPatch, mergeDocument } from '#engine/documents/index.ts';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'));
const flowMeta = read('schemas/meta/flow.schema.json');
const formMeta = read('schemas/meta/form.schema.json');
const flow = read('flows/enrollment.flow.json');
const waiver = read('schemas/forms/waiver.schema.json');

/** The edited document after `edit` on a copy of `base`. */
const edited = <T>(base: T, edit: (copy: T) => void): T => {
  const copy = structuredClone(base);
  edit(copy);
  return copy;
};

describe('documentPatch (the inverse of mergeDocument)', () => {
  it('answers an empty patch for an unchanged document', () => {
    expect(documentPatch(flow, structuredClone(flow), flowMeta)).toEqual({ patch: {}, problems: [] });
  });

  it('holds only what changed: a message, a removed key as null', () => {
    const target = edited(waiver, (doc) => {
      doc.messages['select-waiver-reason'] = 'Pick one.';
      delete doc.title;
    });
    const { patch, problems } = documentPatch(waiver, target, formMeta);
    expect(problems).toEqual([]);
    expect(patch).toEqual({ messages: { 'select-waiver-reason': 'Pick one.' }, title: null });
    expect(mergeDocument(waiver, patch, formMeta)).toEqual(target);
  });

  it('replaces a changed condition whole, so the merge gives exactly the edited condition', () => {
    const condition = { '==': [{ var: 'employer.employeazecustomer' }, 2] };
    const target = edited(flow, (doc) => {
      doc.steps.profile.canProceed = condition;
    });
    const { patch } = documentPatch(flow, target, flowMeta);
    expect(patch).toEqual({ steps: { profile: { canProceed: condition } } });
    expect(mergeDocument(flow, patch, flowMeta)).toEqual(target);
  });

  it('hides a step with a when condition and round-trips through the merge', () => {
    const target = edited(flow, (doc) => {
      doc.steps['additional-services'].when = false;
    });
    const { patch } = documentPatch(flow, target, flowMeta);
    expect(patch).toEqual({ steps: { 'additional-services': { when: false } } });
    expect(mergeDocument(flow, patch, flowMeta)).toEqual(target);
  });

  it('replaces a changed list whole', () => {
    const target = edited(waiver, (doc) => {
      doc.schema.required = [];
    });
    const { patch } = documentPatch(waiver, target, formMeta);
    expect(patch).toEqual({ schema: { required: [] } });
    expect(mergeDocument(waiver, patch, formMeta)).toEqual(target);
  });

  it('names each null value it cannot say by its pointer into the edited document', () => {
    const target = edited(waiver, (doc) => {
      doc.messages['select-waiver-reason'] = null;
      doc.uiSchema = { ...doc.uiSchema, 'a/b': { nested: null } };
    });
    expect(documentPatch(waiver, target, formMeta).problems).toEqual([
      { pointer: '/uiSchema/a~1b/nested', message: expect.stringContaining('null cannot be a value here') },
      { pointer: '/messages/select-waiver-reason', message: expect.stringContaining('null cannot be a value here') },
    ]);
  });

  it('keeps nulls inside lists and conditions (copied whole)', () => {
    const target = edited(flow, (doc) => {
      doc.steps.profile.canProceed = { '==': [{ var: 'x' }, null] };
    });
    expect(documentPatch(flow, target, flowMeta).problems).toEqual([]);
  });
});
