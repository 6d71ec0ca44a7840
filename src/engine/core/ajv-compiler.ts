/**
 * Ajv's compiler, for where compiling is allowed: the server and the tests compile schemas at run time with it
 * (installRuntimeCompiler(compileWithAjv)), and the server writes the browser's validators with it ahead of use
 * (standaloneModule). The browser never imports this module.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { STANDALONE_HELPERS } from './compiled-module.ts';
import { EngineConfigError } from './errors.ts';
import { escapeToken } from './pointer.ts';
import { PERSONAL_KEYWORD } from './personal.ts';
import type { JsonSchema } from './types.ts';
import { schemaKey, type SchemaValidator } from './validate.ts';

/**
 * The Ajv instance form schemas compile with: draft-07, every error, strict, ajv-formats. With `source`, each
 * compiled function keeps its code, for standalone output.
 */
export function createAjv(options: { source?: boolean } = {}): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, code: { source: options.source ?? false } });
  addFormats(ajv);
  // The annotation marking the member's personal data (operations.ts); strict mode refuses a keyword it does not know.
  ajv.addKeyword({ keyword: PERSONAL_KEYWORD, schemaType: 'boolean' });
  return ajv;
}

let sharedAjv: Ajv | null = null;
// Ajv keeps every schema it compiled; keyed by content, an equal schema compiles once.
const byContent = new Map<string, SchemaValidator>();

/**
 * The pointers of every `$id` and `$schema` member inside a schema. Ajv files a schema with an `$id` under that id
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
 * Compiles a schema at run time (once per content); throws Ajv's error when it does not compile, and refuses a
 * schema with an `$id` or `$schema` before Ajv sees it (schemaIdentifiers), so the shared instance never holds one.
 */
export function compileWithAjv(schema: JsonSchema): SchemaValidator {
  const named = schemaIdentifiers(schema);
  if (named.length > 0) throw new Error(`${named.join(', ')}: a form's schema may not have $id or $schema`);
  const key = schemaKey(schema);
  let validate = byContent.get(key);
  if (!validate) {
    sharedAjv ??= createAjv();
    validate = sharedAjv.compile(schema);
    byContent.set(key, validate);
  }
  return validate;
}

/** The line of a module of standaloneModule's naming the schemas it validates, each by content (schemaKey). */
export const schemasExport = (schemas: readonly JsonSchema[]): string => `export const schemas = ${JSON.stringify(schemas.map(schemaKey))};`;

/**
 * The source of an ES module holding each schema's validator as Ajv standalone code (the shape compiled-module.ts
 * registers): each validator in its own function scope, its `require`s limited to STANDALONE_HELPERS. Throws
 * EngineConfigError naming the document when a schema does not compile or would need another helper.
 */
export function standaloneModule(documentId: string, schemas: readonly JsonSchema[]): string {
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
    }
    return `(function (module) {\n${code}\nreturn module.exports;\n})({})`;
  });
  return [
    `// Validators compiled ahead for the form '${documentId}' (Ajv standalone code); see the engine's compiled-module.ts.`,
    schemasExport(schemas),
    `export default function validators(require) {\nreturn [\n${validators.join(',\n')}\n];\n}`,
    '',
  ].join('\n');
}
