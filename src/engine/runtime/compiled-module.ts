/**
 * Validators compiled ahead, as the browser loads them: a module (written by standaloneModule, served from the
 * product's own origin) whose default export, given the few run-time helpers standalone code requires, answers one
 * validator per schema, whose `schemas` names each one's schema by content (schemaKey), and whose `helpers` names
 * the helpers its code requires. Registering the module lets validateForm and rjsf validate without compiling
 * anything, so the Content-Security-Policy needs no 'unsafe-eval'. The helpers come from the app's own bundle;
 * Ajv's compiler never reaches the browser.
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

/** The name standalone code requires the linear-time regular expression engine by (linear-regexp.ts). */
export const LINEAR_REGEXP_HELPER = 'linear-regexp';

/**
 * What standalone code may `require`, by the name it uses: the helpers its keywords and formats call, each loaded
 * when a module needs it. The regular expression engine (re2js, about 41 KB compressed) is a chunk of its own,
 * fetched only with a module whose schemas have a pattern.
 */
export const STANDALONE_HELPERS: Readonly<Record<string, () => Promise<unknown>>> = {
  'ajv/dist/runtime/ucs2length': async () => ({ default: commonJsDefault(ucs2length) }),
  'ajv/dist/runtime/equal': async () => ({ default: commonJsDefault(equal) }),
  'ajv-formats/dist/formats': async () => ({ fullFormats }),
  [LINEAR_REGEXP_HELPER]: async () => ({ linearRegExp: (await import('./linear-regexp.ts')).linearRegExp }),
};

export type CompiledModule = {
  /** Each validator's schema, by content (schemaKey), in the order `default` answers them. */
  schemas: readonly string[];
  /** The names its validators `require` (keys of STANDALONE_HELPERS). */
  helpers: readonly string[];
  default: (require: (name: string) => unknown) => SchemaValidator[];
};

/** Loads the helpers of `names` and answers the `require` a module's validators are given. */
export async function standaloneRequire(names: readonly string[]): Promise<(name: string) => unknown> {
  const loaded = new Map<string, unknown>();
  for (const name of names) {
    const load = STANDALONE_HELPERS[name];
    if (!load) throw new EngineConfigError('validators', '', `the compiled validators require '${name}', which is not provided`);
    loaded.set(name, await load());
  }
  return (name) => {
    if (!loaded.has(name)) throw new EngineConfigError('validators', '', `the compiled validators require '${name}', which they did not name`);
    return loaded.get(name);
  };
}

/** Registers every validator of a loaded module (see validate.ts: registerValidator). Throws when it is not one. */
export async function registerCompiledModule(module: unknown): Promise<void> {
  const { schemas, helpers, default: validators } = (module ?? {}) as Partial<CompiledModule>;
  if (!Array.isArray(schemas) || !Array.isArray(helpers) || typeof validators !== 'function') {
    throw new EngineConfigError('validators', '', 'not a module of compiled validators');
  }
  const functions = validators(await standaloneRequire(helpers));
  schemas.forEach((key, index) => registerValidator(key, functions[index]!));
}
