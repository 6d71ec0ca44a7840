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

/** Compiles a schema at run time (once per content); throws Ajv's error when it does not compile. */
export function compileWithAjv(schema: JsonSchema): SchemaValidator {
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
