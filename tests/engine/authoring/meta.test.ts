import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertDocument, checkDocument, variablesOf, type MetaSchemas } from '#engine/authoring/index.ts';
import { bundleDefinitions } from '#engine/compile/index.ts';
import { EngineConfigError, type FormDocument } from '#engine/runtime/index.ts';
import { logicIn } from '#engine/documents/index.ts';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../schemas/meta/${file}`, import.meta.url), 'utf8'));
const meta: MetaSchemas = {
  form: read('form.schema.json'),
  flow: read('flow.schema.json'),
  flags: read('flags.schema.json'),
  widgets: read('widgets.json').widgets,
};

const form: FormDocument = {
  id: 'sample',
  version: 1,
  kind: 'form',
  schema: { type: 'object', properties: { a: { type: 'string', maxLength: 20 }, list: { type: 'array', items: { $ref: '#/definitions/item' } } }, definitions: { item: { type: 'object', properties: { b: { type: 'string', maxLength: 20 } } } } },
  uiSchema: { a: { 'ui:widget': 'text' }, list: { items: { b: { 'ui:widget': 'yes-no' } } } },
  rules: [{ id: 'r', assert: { '!!': { var: 'data.a' } }, path: '/a', message: 'm' }],
  messages: { m: 'M' },
  errorMessages: { '/a': { required: 'm' } },
};

describe('checkDocument', () => {
  it('accepts a sound form', () => {
    expect(checkDocument(form, meta)).toEqual([]);
    expect(assertDocument(form, meta)).toBe(form);
  });

  it('names each problem of a form', () => {
    const bad = {
      ...form,
      uiSchema: { nope: {}, a: { 'ui:widget': 'fancy' }, list: { items: { c: {} } } },
      rules: [
        { id: 'r', assert: { log: 1 }, path: '/a', message: 'unknown-key' },
        { id: 'r', each: '/list', assert: true, path: '/a', message: 'm' },
      ],
      errorMessages: { '/a': { required: 'gone' } },
    };
    expect(checkDocument(bad, meta)).toEqual([
      "/rules/0/message: no message 'unknown-key'",
      "/rules/1/id: duplicate rule id 'r'",
      "/rules/1/path: with each '/list' the path must start with '/list/*'",
      "/errorMessages/a/required: no message 'gone'",
      '/uiSchema/nope: no such property in the schema',
      "/uiSchema/a/ui:widget: unknown widget 'fancy'",
      '/uiSchema/list/items/c: no such property in the schema',
      '/rules/0/assert: operation not allowed: log',
    ]);
    expect(() => assertDocument(bad, meta)).toThrow(EngineConfigError);
  });

  it("checks a part's fields and message keys", () => {
    expect(checkDocument({ ...form, parts: { one: { fields: ['a'], messages: { title: 'm' } } } }, meta)).toEqual([]);
    expect(checkDocument({ ...form, parts: { one: { fields: ['a', 'zz'], messages: { title: 'gone' } } } }, meta)).toEqual([
      "/parts/one/fields: no property 'zz' in the schema",
      "/parts/one/messages/title: no message 'gone'",
    ]);
    expect(checkDocument({ ...form, parts: { one: { fields: [] } } }, meta)).not.toEqual([]);
  });

  it('checks the JSON Logic of ui:showWhen', () => {
    const shown = { ...form, uiSchema: { a: { 'ui:showWhen': { '==': [{ var: 'data.a' }, 'x'] } } } };
    expect(checkDocument(shown, meta)).toEqual([]);
    const bad = { ...form, uiSchema: { a: { 'ui:showWhen': { log: 1 } } } };
    expect(checkDocument(bad, meta)).toEqual(['/uiSchema/a/ui:showWhen: operation not allowed: log']);
  });

  it('refuses what the meta-schema refuses and a schema that does not compile strictly', () => {
    expect(checkDocument({ ...form, extra: 1 }, meta)).toEqual(["/: must NOT have additional properties 'extra'"]);
    expect(checkDocument({ kind: 'other' }, meta)).toEqual(["/kind: must be 'form' or 'flow'"]);
    const loose = { ...form, schema: { type: 'object', properties: { a: { type: 'string', madeUp: true } } } };
    expect(checkDocument(loose, meta)[0]).toMatch(/^\/schema: .*madeUp/);
  });

  it('lets a flow read only the declared flags, and only major steps join a tab row', () => {
    const flow = {
      id: 'f',
      version: 1,
      kind: 'flow',
      steps: {
        a: { title: 'A', order: 1, when: { '==': [{ var: 'employer.hsaonly' }, 1] } },
        b: { title: 'B', order: 2, parent: 'a', when: { '==': [{ var: 'secret.flag' }, 1] } },
        c: { title: 'C', order: 3, parent: 'missing', tabRow: 'row' },
      },
    };
    expect(checkDocument(flow, meta)).toEqual([
      "/steps/b/when: reads 'secret.flag', not a declared flag",
      "/steps/c/parent: no step 'missing'",
      '/steps/c/tabRow: only a major step joins a tab row',
    ]);
    expect(variablesOf({ and: [{ var: 'a.b' }, { some: [{ var: 'list' }, { var: 'inner' }] }] })).toEqual(['a.b', 'list']);
  });

  it('lets load calls only read (GET); submit calls may write', () => {
    const flow = {
      id: 'f',
      version: 1,
      kind: 'flow',
      steps: {
        a: {
          title: 'A',
          order: 1,
          calls: {
            load: [{ id: 'read', method: 'GET', path: '/api/a' }, { id: 'write', method: 'POST', path: '/api/a' }],
            submit: [{ id: 'save', method: 'PUT', path: '/api/a' }],
          },
        },
      },
    };
    expect(checkDocument(flow, meta)).toEqual(['/steps/a/calls/load/1/method: a load call reads (GET)']);
    const withLoad = { ...form, calls: { load: [{ id: 'x', method: 'DELETE', path: '/api/x' }] } };
    expect(checkDocument(withLoad, meta)).toEqual(['/calls/load/0/method: a load call reads (GET)']);
  });

  it('lets submit calls declare headers (sources, checked), never load calls', () => {
    const flow = {
      id: 'f',
      version: 1,
      kind: 'flow',
      steps: {
        a: {
          title: 'A',
          order: 1,
          calls: {
            load: [{ id: 'read', method: 'GET', path: '/api/a', headers: { 'X-Key': '/k' } }],
            submit: [{ id: 'save', method: 'POST', path: '/api/a', headers: { 'Idempotency-Key': '/screens/s/key' } }],
          },
        },
      },
    };
    const problems = checkDocument(flow, meta);
    expect(problems).toEqual(['/steps/a/calls/load/0/headers: a load call sends no headers']);
    const program = { ...flow, steps: { a: { title: 'A', order: 1, calls: { submit: [{ id: 's', method: 'POST', path: '/x', headers: { 'X-Op': { eval: [] } } }] } } } };
    expect(checkDocument(program, meta).some((p) => p.startsWith('/steps/a/calls/submit/0/headers/X-Op'))).toBe(true);
    const badName = { ...flow, steps: { a: { title: 'A', order: 1, calls: { submit: [{ id: 's', method: 'POST', path: '/x', headers: { 'bad name': 'v' } }] } } } };
    expect(checkDocument(badName, meta).length).toBeGreaterThan(0);
  });
});

describe('where documents hold JSON Logic (read from the meta-schemas)', () => {
  it("finds every expression of a form: rules, a call's when (its body, params and headers are bindings) and ui:showWhen", () => {
    const doc = {
      ...form,
      uiSchema: { a: { 'ui:showWhen': { var: 'data.a' }, 'ui:options': { showWhen: 'not logic' } }, list: { items: { b: { 'ui:showWhen': true } } } },
      rules: [{ id: 'r', when: { var: 'w' }, assert: { var: 'x' }, path: '/a', message: 'm' }],
      calls: { submit: [{ id: 's', method: 'POST', path: '/x', body: { '/b': '/data/b' }, when: 1, each: '/data/list', params: { p: '/p' }, headers: { 'X-K': '/k' } }] },
    };
    expect(logicIn(doc, meta.form).map(([pointer]) => pointer)).toEqual([
      '/uiSchema/a/ui:showWhen',
      '/uiSchema/list/items/b/ui:showWhen',
      '/rules/0/when',
      '/rules/0/assert',
      '/calls/submit/0/when',
    ]);
    expect(checkDocument(doc, meta)).toEqual([]);
  });

  it('refuses a call whose body is a program or a binding of unknown shape', () => {
    const withBody = (body: unknown) => ({ ...form, calls: { submit: [{ id: 's', method: 'POST', path: '/x', body }] } });
    expect(checkDocument(withBody({ '/a': '/data/a', '': '/item', '/n': { value: 2 }, '/l': { each: '/data/l', bind: { '/x': '/item/x' } } }), meta)).toEqual([]);
    expect(checkDocument(withBody({ object: ['a', { var: 'data.a' }] }), meta)).not.toEqual([]);
    expect(checkDocument(withBody({ '/a': 'data.a' }), meta)).not.toEqual([]);
    expect(checkDocument(withBody({ '/a': { from: '/data', value: 1 } }), meta)).not.toEqual([]);
    expect(checkDocument(withBody({ '/a': null }), meta)).not.toEqual([]);
  });

  it("finds every expression of a flow: each step's when, formWhen and canProceed and its calls'", () => {
    const flow = {
      id: 'f', version: 1, kind: 'flow',
      steps: { a: { title: 'A', order: 1, when: true, formWhen: false, canProceed: { var: 'x' }, calls: { load: [{ id: 'l', method: 'GET', path: '/a', when: true }] } } },
    };
    expect(logicIn(flow, meta.flow).map(([pointer]) => pointer)).toEqual(['/steps/a/when', '/steps/a/formWhen', '/steps/a/canProceed', '/steps/a/calls/load/0/when']);
  });

  it('names a wrong arity and an object of two operators with their pointers in the document', () => {
    const flow = {
      id: 'f', version: 1, kind: 'flow',
      steps: {
        a: { title: 'A', order: 1, when: { and: [{ '==': [{ var: 'employer.hsaonly' }] }] } },
        b: { title: 'B', order: 2, canProceed: { '!=': [{ var: 'employer.hsaonly' }, 1], '==': [{ var: 'employer.hsaonly' }, 1] } },
      },
    };
    expect(checkDocument(flow, meta)).toEqual([
      "/steps/a/when/and/0: '==' takes 2 arguments, not 1",
      "/steps/b/canProceed: an object must be one operation, not '!=' and '=='",
    ]);
    const rule = { ...form, rules: [{ id: 'r', assert: { date_between: [{ var: 'data.a' }, '1941-01-01'] }, path: '/a', message: 'm' }] };
    expect(checkDocument(rule, meta)).toEqual(["/rules/0/assert: 'date_between' takes 3 arguments, not 2"]);
  });

  it("checks the message keys a widget is told to show (ui:options.messages)", () => {
    const doc = { ...form, uiSchema: { a: { 'ui:options': { messages: { shown: 'm', typo: 'mm' } } } } };
    expect(checkDocument(doc, meta)).toEqual(["/uiSchema/a/ui:options/messages/typo: no message 'mm'"]);
  });
});

describe('bundleDefinitions', () => {
  it('copies the shared pieces a form uses into its definitions, following refs between pieces', () => {
    const doc: FormDocument = {
      id: 'x',
      version: 1,
      kind: 'form',
      schema: { type: 'object', properties: { p: { $ref: '../defs/person.schema.json', title: 'P' } } },
      messages: {},
    };
    const defs = { person: { type: 'object', properties: { id: { $ref: 'ssn.schema.json' } } }, ssn: { type: 'string' }, unused: { type: 'number' } };
    expect(bundleDefinitions(doc, defs).schema).toEqual({
      type: 'object',
      properties: { p: { $ref: '#/definitions/person', title: 'P' } },
      definitions: { person: { type: 'object', properties: { id: { $ref: '#/definitions/ssn' } } }, ssn: { type: 'string' } },
    });
    expect(() => bundleDefinitions(doc, {})).toThrow(/unknown \$ref/);
  });
});
