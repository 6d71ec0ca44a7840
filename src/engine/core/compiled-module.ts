/**
 * Validators compiled ahead, as the browser loads them: a module (written by standaloneModule, served from the
 * product's own origin) whose default export, given the few run-time helpers standalone code requires, answers one
 * validator per schema, and whose `schemas` names each one's schema by content (schemaKey). Registering the module
 * lets validateForm and rjsf validate without compiling anything, so the Content-Security-Policy needs no
 * 'unsafe-eval'. The helpers come from the app's own bundle; Ajv's compiler never reaches the browser.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import equal from 'ajv/dist/runtime/equal.js';
import ucs2length from 'ajv/dist/runtime/ucs2length.js';
import { EngineConfigError } from './errors.ts';
import { registerValidator, type SchemaValidator } from './validate.ts';

type Fn = (...args: never[]) => unknown;

/**
 * A CommonJS module's `exports.default`: a bundler hands a default import over as that function, Node (and the
 * build, for a .js file) as the whole `exports`.
 */
const commonJsDefault = (imported: Fn | { default: Fn }): Fn => (typeof imported === 'function' ? imported : imported.default);

/** What standalone code may `require`, by the name it uses: the helpers its keywords and formats call. */
export const STANDALONE_HELPERS: Readonly<Record<string, unknown>> = {
  'ajv/dist/runtime/ucs2length': { default: commonJsDefault(ucs2length) },
  'ajv/dist/runtime/equal': { default: commonJsDefault(equal) },
  'ajv-formats/dist/formats': { fullFormats },
};

export type CompiledModule = {
  /** Each validator's schema, by content (schemaKey), in the order `default` answers them. */
  schemas: readonly string[];
  default: (require: (name: string) => unknown) => SchemaValidator[];
};

function helper(name: string): unknown {
  const found = STANDALONE_HELPERS[name];
  if (found === undefined) throw new EngineConfigError('validators', '', `the compiled validators require '${name}', which is not provided`);
  return found;
}

/** Registers every validator of a loaded module (see validate.ts: registerValidator). Throws when it is not one. */
export function registerCompiledModule(module: unknown): void {
  const { schemas, default: validators } = (module ?? {}) as Partial<CompiledModule>;
  if (!Array.isArray(schemas) || typeof validators !== 'function') {
    throw new EngineConfigError('validators', '', 'not a module of compiled validators');
  }
  const functions = validators(helper);
  schemas.forEach((key, index) => registerValidator(key, functions[index]!));
}
