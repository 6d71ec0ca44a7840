/**
 * Ajv's compiler, for where compiling is allowed: the server and the tests compile schemas at run time with it
 * (installRuntimeCompiler(compileWithAjv)), and the server writes the browser's validators with it ahead of use
 * (standaloneModule). The browser never imports this module.
 *
 * Every pattern runs on the linear-time engine (linear-regexp.ts), in both. Each schema compiles in an Ajv instance
 * of its own, which only its validator holds: Ajv keeps every schema it compiled (and refuses a second schema with
 * the same `$id`), so a shared instance would grow with every draft checked and let one schema spoil the next.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { LINEAR_REGEXP_HELPER, STANDALONE_HELPERS } from '#engine/runtime/compiled-module.ts';
import { EngineConfigError } from '#engine/runtime/errors.ts';
import { linearRegExp, patternProblem } from '#engine/runtime/linear-regexp.ts';
import { escapeToken } from '#engine/runtime/pointer.ts';
import type { JsonSchema } from '#engine/runtime/types.ts';
import { schemaKey, type SchemaValidator } from '#engine/runtime/validate.ts';

const annotations = new Set<string>();

/**
 * Adds a boolean annotation keyword form schemas may carry (a mark an application reads from a schema, which
 * validation ignores): strict mode refuses a keyword it does not know. Registered at start, before any compiling.
 */
export function registerAnnotationKeyword(keyword: string): void {
  annotations.add(keyword);
}

/**
 * The Ajv instance form schemas compile with: draft-07, every error, strict, ajv-formats, patterns on the
 * linear-time engine, each `$ref` a call. With `source`, each compiled function keeps its code, for standalone
 * output.
 */
export function createAjv(options: { source?: boolean } = {}): Ajv {
  // Ajv's `code.regExp`: the linear-time engine, which standalone code requires by its helper name. Made here, not
  // at the module's top, so the browser's build leaves it (and re2js) out of the engine's chunk.
  const regExp = Object.assign((pattern: string, flags: string) => linearRegExp(pattern, flags), { code: `require("${LINEAR_REGEXP_HELPER}").linearRegExp` });
  // inlineRefs off: a definition is compiled once as a function of its own; inlined at each use, 300 references to
  // one of 20 fields (an 11 KB schema) made 3.9 MB of code in 7 s.
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, inlineRefs: false, code: { source: options.source ?? false, regExp } });
  addFormats(ajv);
  for (const keyword of annotations) ajv.addKeyword({ keyword, schemaType: 'boolean' });
  return ajv;
}

/**
 * The pointers of every `$id` and `$schema` key inside a schema. Ajv files a schema with an `$id` under that id
 * in the instance for good: a second schema with the same id (the next save of a draft) would then never compile,
 * so a form's schema may not name itself, nor its dialect (draft-07 is the only one).
 */
export function schemaIdentifiers(schema: unknown): string[] {
  const found: string[] = [];
  const stack: Array<[value: unknown, pointer: string]> = [[schema, '']];
  while (stack.length > 0) {
    const [value, pointer] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    for (const [key, sub] of Object.entries(value)) {
      const at = `${pointer}/${escapeToken(key)}`;
      if (!Array.isArray(value) && (key === '$id' || key === '$schema')) found.push(at);
      else stack.push([sub, at]);
    }
  }
  return found.sort();
}

/**
 * Compiles a schema at run time, in an Ajv instance of its own (so no compiled schema is kept for good); throws
 * Ajv's error when it does not compile, and refuses a schema with an `$id` or `$schema` before Ajv sees it.
 */
export function compileWithAjv(schema: JsonSchema): SchemaValidator {
  const named = schemaIdentifiers(schema);
  if (named.length > 0) throw new Error(`${named.join(', ')}: a form's schema may not have $id or $schema`);
  return createAjv().compile(schema);
}

/** The line of a module of standaloneModule's naming the schemas it validates, each by content (schemaKey). */
export const schemasExport = (schemas: readonly JsonSchema[]): string => `export const schemas = ${JSON.stringify(schemas.map(schemaKey))};`;

/**
 * The source of an ES module holding each schema's validator as Ajv standalone code (the shape compiled-module.ts
 * registers): each validator in its own function scope, its `require`s limited to STANDALONE_HELPERS and named in
 * its `helpers`. Throws EngineConfigError naming the document when a schema does not compile or would need
 * another helper.
 */
export function standaloneModule(documentId: string, schemas: readonly JsonSchema[]): string {
  const helpers = new Set<string>();
  const validators = schemas.map((schema, index) => {
    let code: string;
    try {
      const ajv = createAjv({ source: true });
      code = standaloneCode(ajv, ajv.compile(schema));
    } catch (error) {
      throw new EngineConfigError(documentId, '/schema', (error as Error).message);
    }
    for (const [, name] of code.matchAll(/require\("([^"]+)"\)/g)) {
      if (!(name! in STANDALONE_HELPERS)) throw new EngineConfigError(documentId, '/schema', `schema ${index} needs '${name}', which the browser is not given`);
      helpers.add(name!);
    }
    return `(function (module) {\n${code}\nreturn module.exports;\n})({})`;
  });
  return [
    `// Validators compiled ahead for the form '${documentId}' (Ajv standalone code); see the engine's compiled-module.ts.`,
    schemasExport(schemas),
    `export const helpers = ${JSON.stringify([...helpers].sort())};`,
    `export default function validators(require) {\nreturn [\n${validators.join(',\n')}\n];\n}`,
    '',
  ].join('\n');
}

export type PatternProblem = { pointer: string; message: string };

/** Keywords whose value is data (or a name), never a schema: nothing under them is a pattern. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'required', '$comment', 'title', 'description']);
/** Keywords whose value maps names to schemas: a key there is a property's name, not a keyword. */
const SCHEMA_MAPS = new Set(['properties', 'definitions', '$defs', 'dependencies']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function problemOf(pattern: string, pointer: string): PatternProblem | null {
  const message = patternProblem(pattern);
  return message === null ? null : { pointer, message };
}

/**
 * Every pattern of a schema (each `pattern` and each `patternProperties` name, at any depth) that the linear-time
 * engine cannot run, at its JSON pointer after `at` (e.g. '/schema' gives '/schema/properties/pcpname/pattern').
 */
export function patternProblems(schema: JsonSchema, at = ''): PatternProblem[] {
  const problems: PatternProblem[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const here = `${pointer}/${escapeToken(key)}`;
      if (DATA_KEYWORDS.has(key)) continue;
      if (key === 'pattern' && typeof value === 'string') {
        const problem = problemOf(value, here);
        if (problem) problems.push(problem);
      } else if ((key === 'patternProperties' || SCHEMA_MAPS.has(key)) && isObject(value)) {
        for (const [name, sub] of Object.entries(value)) {
          const problem = key === 'patternProperties' ? problemOf(name, `${here}/${escapeToken(name)}`) : null;
          if (problem) problems.push(problem);
          walk(sub, `${here}/${escapeToken(name)}`);
        }
      } else {
        walk(value, here);
      }
    }
  };
  walk(schema, at);
  return problems;
}
