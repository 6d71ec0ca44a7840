/**
 * Patterns run on a linear-time engine (RE2, through re2js) wherever a form's schema is compiled: at run time on
 * the server and in the modules compiled ahead for the browser. A pattern that backtracks for ever on JavaScript's
 * engine answers at once (were it backtracking, these tests would not end: no clock is read); a pattern RE2
 * cannot run (a lookahead, a backreference) is refused at its pointer.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDocument, type MetaSchemas } from '#engine/authoring/index.ts';
import { compileWithAjv, standaloneModule } from '#engine/compile/index.ts';
import { standaloneRequire, type CompiledModule, type FormDocument, type JsonSchema } from '#engine/runtime/index.ts';
import { patternProblems } from '#engine/compile/ajv-compiler.ts';
import { linearRegExp } from '#engine/runtime/linear-regexp.ts';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../schemas/meta/${file}`, import.meta.url), 'utf8'));
const meta: MetaSchemas = { form: read('form.schema.json'), flow: read('flow.schema.json') };
const load = async (code: string) => (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as CompiledModule;

/** The classic catastrophic pattern and the text that makes a backtracking engine try every split of the a's. */
const EVIL: JsonSchema = { type: 'object', properties: { pcpname: { type: 'string', maxLength: 100, pattern: '^(a+)+$' } } };
const WORST = { pcpname: `${'a'.repeat(99)}!` };

describe('the linear-time pattern engine', () => {
  it('tests like RegExp for the patterns forms use (JavaScript syntax, by code point)', () => {
    const zip = linearRegExp('^\\d{5}$', 'u');
    expect([zip.test('02134'), zip.test('2134'), zip.test('021345'), zip.test('02134\n')]).toEqual([true, false, false, false]);
    expect(linearRegExp('\\S', 'u').test('  x ')).toBe(true);
    expect(linearRegExp('^.$', 'u').test('😀')).toBe(true);
    expect(linearRegExp('^\\u00e9$', 'u').test('é')).toBe(true);
    expect(linearRegExp('^(?<area>\\d{3})$', 'u').test('555')).toBe(true);
  });

  it('answers the worst input of ^(a+)+$ at once, compiled at run time', () => {
    const validate = compileWithAjv(EVIL);
    expect(validate(WORST)).toBe(false);
    expect(validate.errors?.map((error) => error.keyword)).toEqual(['pattern']);
    expect(validate({ pcpname: 'a'.repeat(99) })).toBe(true);
  });

  it('answers it at once in the module compiled ahead, which requires the engine by name and only when it has a pattern', async () => {
    const code = standaloneModule('evil', [EVIL]);
    expect(code).toContain('require("linear-regexp").linearRegExp');
    expect(code).not.toContain('new RegExp');
    const module = await load(code);
    expect(module.helpers).toContain('linear-regexp');
    const [validate] = module.default(await standaloneRequire(module.helpers));
    expect(validate!(WORST)).toBe(false);
    expect(validate!({ pcpname: 'aaa' })).toBe(true);

    const plain = await load(standaloneModule('plain', [{ type: 'object', properties: { a: { type: 'string', maxLength: 3 } } }]));
    expect(plain.helpers).not.toContain('linear-regexp');
    // A module is given only the helpers it named.
    await expect(async () => plain.default(await standaloneRequire([]))).rejects.toThrow(/did not name/);
  });

  it('names each pattern RE2 cannot run at its pointer: lookaround, backreference, in patternProperties too', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        pcpname: { type: 'string', pattern: '^(?=a)a+$' },
        pcpid: { type: 'string', pattern: '^(a)\\1$' },
        pattern: { type: 'string', pattern: '^ok$' },
        extras: { type: 'object', patternProperties: { '^(?!x)': { type: 'string', pattern: '(?<=a)b' } } },
      },
      definitions: { code: { type: 'string', pattern: '^[A-Z]{2}$', enum: ['(?=never a pattern)'] } },
    };
    const problems = patternProblems(schema, '/schema');
    expect(problems.map((p) => p.pointer)).toEqual([
      '/schema/properties/pcpname/pattern',
      '/schema/properties/pcpid/pattern',
      '/schema/properties/extras/patternProperties/^(?!x)',
      '/schema/properties/extras/patternProperties/^(?!x)/pattern',
    ]);
    expect(problems[0]!.message).toMatch(/linear-time engine \(RE2\).*lookahead/);
  });

  it('refuses a form whose pattern RE2 cannot run, at the pattern, as the staff editor marks it', () => {
    const form: FormDocument = {
      id: 'sample',
      version: 1,
      kind: 'form',
      schema: { type: 'object', properties: { pcpname: { type: 'string', maxLength: 100, pattern: '^(?!test)[a-z]+$' } } },
      messages: {},
    };
    const problems = checkDocument(form, meta);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^\/schema\/properties\/pcpname\/pattern: The pattern '\^\(\?!test\)\[a-z\]\+\$' cannot be used/);
    expect(checkDocument({ ...form, schema: EVIL }, meta)).toEqual([]);
  });
});
