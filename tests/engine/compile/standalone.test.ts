/**
 * Validators compiled ahead: a module written by standaloneModule, loaded as the browser loads it (an ES module,
 * given only the helpers it names, from STANDALONE_HELPERS), validates exactly as Ajv compiling at run time does,
 * and once registered, validateForm needs no compiler at all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { compileWithAjv, standaloneModule } from '#engine/compile/index.ts';
import { documentPart, EngineConfigError, installRuntimeCompiler, registerCompiledModule, standaloneRequire, validateForm, type CompiledModule, type JsonSchema } from '#engine/runtime/index.ts';
import { loadBaseContent } from '#server/content/base-content.ts';
import { withoutSchemaTexts } from '#engine/runtime/texts.ts';

const base = loadBaseContent();
const load = async (code: string) => (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as CompiledModule;

/** Data that fails in many ways: nothing, then every property of the wrong type or too long. */
function samples(schema: JsonSchema): unknown[] {
  const properties = Object.keys((schema.properties ?? {}) as object);
  return [
    {},
    Object.fromEntries(properties.map((name) => [name, 42])),
    Object.fromEntries(properties.map((name) => [name, 'x'.repeat(300)])),
    Object.fromEntries(properties.map((name) => [name, [{ a: 1 }, { a: 1 }]])),
    Object.fromEntries(properties.map((name) => [name, 'not-an-email 2020-02-31'])),
  ];
}

afterEach(() => installRuntimeCompiler(compileWithAjv));

describe('validators compiled ahead', () => {
  it.each([...base.forms.keys()])('give the run-time errors for %s and its parts', async (id) => {
    const doc = base.forms.get(id)!;
    const schemas = [doc.schema, ...Object.keys(doc.parts ?? {}).map((name) => documentPart(doc, name)!.schema)];
    const module = await load(standaloneModule(id, schemas));
    // A module is found by its schemas without their texts: one module serves every language.
    expect(module.schemas).toEqual(schemas.map((schema) => JSON.stringify(withoutSchemaTexts(schema))));
    const compiled = module.default(await standaloneRequire(module.helpers));
    schemas.forEach((schema, index) => {
      const runtime = compileWithAjv(schema);
      for (const data of samples(schema)) {
        expect(compiled[index]!(data)).toBe(runtime(data));
        expect(compiled[index]!.errors ?? null).toEqual(runtime.errors ?? null);
      }
    });
  });

  it('let validateForm run without a compiler once registered, and refuse a schema compiled by no one', async () => {
    const login = base.forms.get('login')!;
    const expected = validateForm(login, { email: 'nobody' });
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    installRuntimeCompiler(null);
    const copy = { ...login, schema: { ...login.schema, $comment: 'not compiled anywhere' } };
    expect(() => validateForm(copy, { email: 'nobody' })).toThrow(EngineConfigError);
    await registerCompiledModule(await load(standaloneModule('login', [copy.schema])));
    expect(validateForm(copy, { email: 'nobody' })).toEqual(expected);
  });

  it('compile a definition once, however often it is referenced: the code grows with the schema, not its references', () => {
    const address = { type: 'object', properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`line${i}`, { type: 'string', maxLength: 5 }])) };
    const properties = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`address${i}`, { $ref: '#/definitions/address' }]));
    const schema: JsonSchema = { type: 'object', properties, definitions: { address } };
    // Inlined at each reference, this 11 KB schema made 3.9 MB of code.
    expect(standaloneModule('many-refs', [schema]).length).toBeLessThan(20 * JSON.stringify(schema).length);
  });

  it('compiles each schema on its own and refuses an $id before Ajv sees it: no schema spoils a later one', () => {
    // A shared Ajv instance kept every schema, and refused the second with 'schema with key or id "x" already exists'.
    expect(() => compileWithAjv({ $id: 'https://example.test/x', type: 'string' })).toThrow(/\/\$id: a form's schema may not have \$id/);
    expect(compileWithAjv({ type: 'string', maxLength: 3 })('abc')).toBe(true);
    expect(compileWithAjv({ type: 'string', maxLength: 2 })('abc')).toBe(false);
  });

  it('names the document when a schema needs a helper the browser is not given', () => {
    // An $async schema's code requires Ajv's ValidationError, which no browser module gets.
    expect(() => standaloneModule('odd', [{ $async: true, type: 'object' }])).toThrow(/odd at \/schema: .*validation_error/);
  });
});
