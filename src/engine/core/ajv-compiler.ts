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
import { LINEAR_REGEXP_HELPER, STANDALONE_HELPERS } from './compiled-module.ts';
import { EngineConfigError } from './errors.ts';
import { linearRegExp } from './linear-regexp.ts';
import type { JsonSchema } from './types.ts';
import { schemaKey, type SchemaValidator } from './validate.ts';

/** Ajv's `code.regExp`: the linear-time engine, which standalone code requires by its helper name. */
const regExp = Object.assign((pattern: string, flags: string) => linearRegExp(pattern, flags), { code: `require("${LINEAR_REGEXP_HELPER}").linearRegExp` });

/**
 * The Ajv instance form schemas compile with: draft-07, every error, strict, ajv-formats, patterns on the
 * linear-time engine. With `source`, each compiled function keeps its code, for standalone output.
 */
export function createAjv(options: { source?: boolean } = {}): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, code: { source: options.source ?? false, regExp } });
  addFormats(ajv);
  return ajv;
}

/** Compiles a schema at run time, in an Ajv instance of its own; throws Ajv's error when it does not compile. */
export const compileWithAjv = (schema: JsonSchema): SchemaValidator => createAjv().compile(schema);

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
