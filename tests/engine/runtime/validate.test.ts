import { describe, expect, it } from 'vitest';
import { EngineConfigError, firstMessage, isEmptyValue, validateForm, withoutEmptyValues, type FormDocument } from '#engine/runtime/index.ts';

const doc: FormDocument = {
  id: 'sample',
  version: 1,
  kind: 'form',
  schema: {
    type: 'object',
    required: ['name', 'email'],
    properties: {
      name: { type: 'string', minLength: 1 },
      email: { type: 'string', format: 'email' },
      code: { type: 'string', pattern: '^\\d{3}$' },
      age: { type: 'integer', minimum: 18 },
      items: {
        type: 'array',
        items: { type: 'object', required: ['label'], properties: { label: { type: 'string' }, when: { type: 'string' } } },
      },
    },
  },
  rules: [
    { id: 'code-needed', phases: ['submit'], assert: { '!!': { var: 'data.code' } }, path: '/code', message: 'code-needed' },
    { id: 'server-only', phases: ['server'], assert: false, path: '', message: 'server-says' },
    {
      id: 'item-date',
      each: '/items',
      when: { '!!': { var: 'item.when' } },
      assert: { date_between: [{ var: 'item.when' }, '2000-01-01', { var: 'context.today' }] },
      path: '/items/*/when',
      message: 'item-date',
    },
    { id: 'typing', phases: ['change'], assert: { '>': [{ length: { var: 'data.name' } }, 2] }, path: '/name', message: 'name-short' },
  ],
  messages: {
    'name-required': 'Name is required',
    'code-format': 'Three digits please',
    'code-needed': 'A code is needed',
    'server-says': 'Server rule',
    'item-label': 'Item #{number} needs a label',
    'item-date': 'Item #{number} date must be between 2000-01-01 and today.',
    'name-short': 'Longer name please',
  },
  errorMessages: {
    '/name': { required: 'name-required', minLength: 'name-required' },
    '/code': { pattern: 'code-format' },
    '/items/*/label': { '*': 'item-label' },
  },
};
const context = { today: '2026-11-21' };

describe('validateForm', () => {
  it('answers nothing for valid data', () => {
    expect(validateForm(doc, { name: 'Ann', email: 'a@b.co', code: '123' }, context)).toEqual({});
  });

  it("shows the document's message for a failed keyword, keyed by the field's pointer", () => {
    const errors = validateForm(doc, { name: '', email: 'a@b.co', code: '12' }, context);
    expect(errors).toEqual({ '/name': ['Name is required'], '/code': ['Three digits please'] });
  });

  it('puts a missing property on its own pointer and falls back to clear generic texts', () => {
    const errors = validateForm(doc, { email: 'nope', age: 12, code: '123' }, context);
    expect(errors).toEqual({
      '/name': ['Name is required'],
      '/email': ['Please use the expected format.'],
      '/age': ['Please enter 18 or more.'],
    });
  });

  it('maps array items through * and fills {number}', () => {
    const errors = validateForm(
      doc,
      { name: 'Ann', email: 'a@b.co', code: '123', items: [{ label: 'x', when: '2010-01-01' }, { when: '1999-12-31' }, { label: 'y', when: '2030-01-01' }] },
      context,
    );
    expect(errors).toEqual({
      '/items/1/label': ['Item #2 needs a label'],
      '/items/1/when': ['Item #2 date must be between 2000-01-01 and today.'],
      '/items/2/when': ['Item #3 date must be between 2000-01-01 and today.'],
    });
  });

  it('runs a rule only in its phases; schema errors in every phase', () => {
    const data = { name: 'Ann', email: 'a@b.co' };
    expect(validateForm(doc, data, context, 'submit')).toEqual({ '/code': ['A code is needed'] });
    expect(validateForm(doc, data, context, 'server')).toEqual({ '': ['Server rule'] });
    expect(validateForm(doc, data, context)).toEqual(validateForm(doc, data, context, 'submit'));
  });

  it("reports only the changed field's faults while typing", () => {
    const data = { name: 'An', email: 'bad' };
    expect(validateForm(doc, data, context, 'change:/name')).toEqual({ '/name': ['Longer name please'] });
    expect(validateForm(doc, data, context, 'change:/email')).toEqual({ '/email': ['Please use the expected format.'] });
  });

  it('keeps messages in a fixed order: schema errors first, then rules in document order, no duplicates', () => {
    const twice: FormDocument = {
      ...doc,
      rules: [
        { id: 'b', assert: false, path: '/name', message: 'code-needed' },
        { id: 'a', assert: false, path: '/name', message: 'name-short' },
        { id: 'c', assert: false, path: '/name', message: 'code-needed' },
      ],
    };
    const errors = validateForm(twice, { email: 'a@b.co' }, context);
    expect(errors['/name']).toEqual(['Name is required', 'A code is needed', 'Longer name please']);
    expect(firstMessage(errors)).toBe('Name is required');
    expect(firstMessage({})).toBeNull();
  });

  it('refuses a document whose rule uses an operation off the allow-list', () => {
    const bad: FormDocument = { ...doc, rules: [{ id: 'bad', assert: { log: 1 }, path: '', message: 'x' }] };
    expect(() => validateForm(bad, { name: 'a', email: 'a@b.co' }, context)).toThrow(EngineConfigError);
  });
});

describe('empty values', () => {
  const blankDoc: FormDocument = {
    ...doc,
    uiSchema: { items: { items: { when: { 'ui:options': { placeholderValue: '1900-01-01' } } } } },
    rules: [
      { id: 'code-needed', phases: ['submit'], assert: { '!!': { var: 'data.code' } }, path: '/code', message: 'code-needed' },
      {
        id: 'item-date',
        each: '/items',
        when: { '!!': { var: 'item.when' } },
        assert: { date_between: [{ var: 'item.when' }, '2000-01-01', { var: 'context.today' }] },
        path: '/items/*/when',
        message: 'item-date',
      },
    ],
    errorMessages: { ...doc.errorMessages, '/items/*/when': { required: 'item-label' } },
  };
  const withWhen: FormDocument = {
    ...blankDoc,
    schema: {
      ...blankDoc.schema,
      properties: {
        ...(blankDoc.schema.properties as object),
        items: { type: 'array', items: { type: 'object', required: ['label', 'when'], properties: { label: { type: 'string' }, when: { type: 'string' } } } },
      },
    },
  };

  it('treats a string of only white space as absent, for required fields and for rules, in every phase', () => {
    expect(validateForm(blankDoc, { name: '  \t', email: 'a@b.co', code: ' ' }, context)).toEqual({
      '/name': ['Name is required'],
      '/code': ['A code is needed'],
    });
    expect(validateForm(blankDoc, { name: ' ', email: 'a@b.co' }, context, 'server')).toEqual({ '/name': ['Name is required'] });
    expect(validateForm(blankDoc, { name: ' ', email: 'a@b.co' }, context, 'change:/name')).toEqual({ '/name': ['Name is required'] });
    expect(validateForm(blankDoc, { name: ' Ann ', email: 'a@b.co', code: '123' }, context)).toEqual({});
  });

  it("treats a value equal to its field's ui:options placeholderValue as absent (array items keep their places)", () => {
    const data = { name: 'Ann', email: 'a@b.co', code: '123', items: [{ label: 'a', when: '2010-01-01' }, { label: 'b', when: '1900-01-01' }] };
    expect(validateForm(withWhen, data, context)).toEqual({ '/items/1/when': ['Item #2 needs a label'] });
    expect(withoutEmptyValues(data, withWhen.uiSchema)).toEqual({ ...data, items: [data.items[0], { label: 'b' }] });
    expect(withoutEmptyValues({ a: ' ', b: null, c: [' '], d: { e: '' } })).toEqual({ b: null, c: [' '], d: {} });
    expect([undefined, null, '', '  \n'].every(isEmptyValue)).toBe(true);
    expect([0, false, 'a', []].some(isEmptyValue)).toBe(false);
  });

  it('picks a phase-specific message (keyword@phase) over the plain one in that phase', () => {
    const phased: FormDocument = {
      ...doc,
      rules: [],
      errorMessages: { '/name': { '*': 'name-required', 'required@change': 'name-short', 'required@server': 'server-says' } },
    };
    expect(validateForm(phased, { email: 'a@b.co' }, context)).toEqual({ '/name': ['Name is required'] });
    expect(validateForm(phased, { email: 'a@b.co' }, context, 'change:/name')).toEqual({ '/name': ['Longer name please'] });
    expect(validateForm(phased, { email: 'a@b.co' }, context, 'server')).toEqual({ '/name': ['Server rule'] });
    expect(validateForm(phased, { name: '', email: 'a@b.co' }, context, 'change:/name')).toEqual({ '/name': ['Longer name please'] });
  });
});
