import { describe, expect, it } from 'vitest';
import { documentPart, onlyInPart, validateForm, type FormDocument } from '#engine/runtime/index.ts';

const form: FormDocument = {
  id: 'sample',
  version: 1,
  kind: 'form',
  title: 'Whole',
  schema: {
    type: 'object',
    required: ['a', 'b', 'c'],
    properties: { a: { type: 'string', minLength: 1 }, b: { $ref: '#/definitions/code' }, c: { type: 'string', enum: ['x', 'y'] } },
    definitions: { code: { type: 'string', pattern: '^[0-9]+$' } },
  },
  uiSchema: { 'ui:order': ['a', 'b', 'c', '*'], a: { 'ui:widget': 'textarea' }, c: { 'ui:widget': 'radio' } },
  rules: [
    { id: 'a-rule', assert: { '!=': [{ var: 'data.a' }, 'no'] }, path: '/a', message: 'a-no' },
    { id: 'c-rule', when: { '==': [{ var: 'data.a' }, 'ask'] }, assert: { '==': [{ var: 'data.c' }, 'y'] }, path: '/c', message: 'c-y' },
  ],
  messages: { 'a-no': 'Not no', 'c-y': 'Say y', 'b-required': 'B is required', 'c-required': 'C is required', title: 'The part' },
  errorMessages: { '/b': { required: 'b-required' }, '/c': { required: 'c-required' } },
  calls: { submit: [{ id: 'save', method: 'PUT', path: '/x' }] },
  parts: { extra: { fields: ['b', 'c'], messages: { title: 'title' } } },
};

describe('documentPart', () => {
  const part = documentPart(form, 'extra')!;

  it("keeps only the part's fields, with their schema pieces, widgets, rules and error messages", () => {
    expect(part.id).toBe('sample-extra');
    expect(part.title).toBe('The part');
    expect(Object.keys(part.schema.properties as object)).toEqual(['b', 'c']);
    expect(part.schema.required).toEqual(['b', 'c']);
    expect(part.schema.definitions).toEqual(form.schema.definitions);
    expect(part.uiSchema).toEqual({ 'ui:order': ['b', 'c', '*'], c: { 'ui:widget': 'radio' } });
    expect(part.rules!.map((rule) => rule.id)).toEqual(['c-rule']);
    expect(Object.keys(part.errorMessages!)).toEqual(['/b', '/c']);
    expect(part.messages).toBe(form.messages);
    expect(part.calls).toBeUndefined();
    expect(part.parts).toBeUndefined();
  });

  it("checks only the part's fields of the whole data, with the whole form's texts; its rules still read the rest", () => {
    expect(validateForm(part, { a: 'no' })).toEqual({ '/b': ['B is required'], '/c': ['C is required'] });
    expect(validateForm(part, { a: 'ask', b: '12', c: 'x' })).toEqual({ '/c': ['Say y'] });
    expect(validateForm(part, { b: '12', c: 'y' })).toEqual({});
  });

  it('answers undefined for a part the document lacks', () => {
    expect(documentPart(form, 'nope')).toBeUndefined();
    expect(documentPart({ ...form, parts: undefined }, 'extra')).toBeUndefined();
  });
});

describe('onlyInPart', () => {
  it("says whether every pointer is in the part's fields", () => {
    expect(onlyInPart(form, 'extra', ['/b', '/c'])).toBe(true);
    expect(onlyInPart(form, 'extra', ['/b', '/a'])).toBe(false);
    expect(onlyInPart(form, 'extra', [])).toBe(false);
    expect(onlyInPart(form, 'nope', ['/b'])).toBe(false);
  });
});
