/**
 * Validation of form data with a form document: its JSON Schema (Ajv, draft-07, every error), each error shown
 * with the document's own message, then its rules in document order. The browser and the server call the same
 * function, so a field shows the same message whoever found the fault.
 *
 * Where a schema's validator comes from differs: the browser gets validators compiled ahead (compiled-module.ts: a
 * module served per document, registered here by the schema's content), since compiling at run time needs
 * 'unsafe-eval'; the server and the tests install a run-time compiler (ajv-compiler.ts). A schema with neither
 * is a fault of the product (an EngineConfigError), never a silent compile.
 */
import type { ErrorObject } from 'ajv';
import { EngineConfigError } from './errors.ts';
import { formatMessage, message } from './messages.ts';
import { escapeToken, getAtPointer } from './pointer.ts';
import { RuleError, rules as defaultRules, type RuleEvaluator } from './rules.ts';
import { withoutSchemaTexts } from './texts.ts';
import type { FieldErrors, FormDocument, FormRule, JsonSchema } from './types.ts';

/**
 * When validation runs. 'submit' (the default): the person pressed Next or Save. 'server': the API checks a
 * request body. 'change:<pointer>' (e.g. 'change:/password'): the person is typing in that field; only faults of
 * that field are reported, and a rule listing 'change' runs on every field's change phase.
 */
export type ValidationPhase = 'submit' | 'server' | `change:${string}`;

/** Plain, generic texts for a failed keyword the document gives no message for (a field's own texts are the document's). */
const GENERIC: Record<string, string> = {
  required: 'This field is required.',
  type: 'Please enter a valid value.',
  enum: 'Please choose one of the options.',
  const: 'Please choose the expected value.',
  pattern: 'Please use the expected format.',
  minLength: 'Please enter at least {limit} characters.',
  maxLength: 'Please enter at most {limit} characters.',
  minimum: 'Please enter {limit} or more.',
  maximum: 'Please enter {limit} or less.',
  minItems: 'Please add at least {limit} items.',
  maxItems: 'Please add at most {limit} items.',
  'format:date': 'Please enter a valid date.',
  format: 'Please use the expected format.',
};
const FALLBACK = 'Please check this field.';

/** A compiled schema, as Ajv makes it (at run time or as standalone code): true when valid, else `errors` says why. */
export type SchemaValidator = { (data: unknown): boolean; errors?: ErrorObject[] | null };

/** Compiles a schema at run time; throws when the schema does not compile. */
export type SchemaCompiler = (schema: JsonSchema) => SchemaValidator;

const compiled = new WeakMap<JsonSchema, SchemaValidator>();
// Keyed by content: a re-fetched or re-resolved document with the same schema reuses its validator. Those compiled
// ahead stay (a browser has no compiler to make them again); those compiled at run time are the latest few only,
// oldest forgotten first, since any schema the server is sent to check would otherwise stay.
const registered = new Map<string, SchemaValidator>();
const compiledAtRunTime = new Map<string, SchemaValidator>();
const RUN_TIME_LIMIT = 200;
let runtimeCompiler: SchemaCompiler | null = null;

/**
 * The key a validator is registered under (what standaloneModule writes beside each function): the schema's JSON
 * without its texts, so a form served in Spanish finds the validators compiled from its English twin.
 */
export const schemaKey = (schema: JsonSchema): string => JSON.stringify(withoutSchemaTexts(schema));

/** Registers a validator compiled ahead for the schema whose key (schemaKey) is `key`. */
export function registerValidator(key: string, validate: SchemaValidator): void {
  registered.set(key, validate);
}

/** Installs (or, with null, removes) the run-time compiler used for a schema no validator was registered for. */
export function installRuntimeCompiler(compiler: SchemaCompiler | null): void {
  runtimeCompiler = compiler;
}

/**
 * The validator of a schema: the one registered for its content, else one compiled by the run-time compiler
 * (once per content). Throws EngineConfigError when the schema does not compile, or when there is neither.
 */
export function compileSchema(schema: JsonSchema, documentId = 'form'): SchemaValidator {
  const cached = compiled.get(schema);
  if (cached) return cached;
  const content = schemaKey(schema);
  let validate = registered.get(content) ?? compiledAtRunTime.get(content);
  if (!validate) {
    if (!runtimeCompiler) throw new EngineConfigError(documentId, '/schema', 'no validator was compiled ahead for this schema');
    try {
      validate = runtimeCompiler(schema);
    } catch (error) {
      throw new EngineConfigError(documentId, '/schema', (error as Error).message);
    }
    compiledAtRunTime.set(content, validate);
    if (compiledAtRunTime.size > RUN_TIME_LIMIT) compiledAtRunTime.delete(compiledAtRunTime.keys().next().value!);
  }
  compiled.set(schema, validate);
  return validate;
}

/** The pointer of the field an Ajv error is about (a missing property's own pointer for `required`). */
function errorPointer(error: ErrorObject): string {
  if (error.keyword === 'required') {
    return `${error.instancePath}/${escapeToken(String((error.params as { missingProperty: string }).missingProperty))}`;
  }
  return error.instancePath;
}

/**
 * `/items/0/name` -> candidates '/items/0/name' and '/items/* /name' (starred), with number 1; in each, the first
 * of `keys` (most specific first) the entry names.
 */
function lookup(doc: FormDocument, pointer: string, keys: readonly string[]): { key: string; number?: number } | null {
  const table = doc.errorMessages ?? {};
  const tokens = pointer.split('/');
  const firstIndex = tokens.findIndex((t, i) => i > 0 && /^\d+$/.test(t));
  const starred = tokens.map((t, i) => (i > 0 && /^\d+$/.test(t) ? '*' : t)).join('/');
  const number = firstIndex > 0 ? Number(tokens[firstIndex]) + 1 : undefined;
  for (const candidate of [pointer, starred]) {
    const entry = table[candidate];
    const key = keys.map((k) => entry?.[k]).find((k) => k !== undefined);
    if (key) return { key, number };
  }
  return null;
}

const isBlank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/** The ui:options placeholderValue of a uiSchema node, if it names one. */
function placeholderOf(ui: unknown): unknown {
  if (!ui || typeof ui !== 'object') return undefined;
  const options = (ui as Record<string, unknown>)['ui:options'];
  return options && typeof options === 'object' ? (options as Record<string, unknown>).placeholderValue : undefined;
}

/**
 * The data as validation sees it: a property whose value is a string of only white space (or nothing) has no
 * value, and neither has one equal to its field's `ui:options.placeholderValue` (a stand-in the form shows
 * empty), so `required` and the rules treat both as missing. Array items keep their places.
 */
export function withoutEmptyValues(data: unknown, uiSchema?: unknown): unknown {
  const ui = uiSchema && typeof uiSchema === 'object' ? (uiSchema as Record<string, unknown>) : undefined;
  if (Array.isArray(data)) return data.map((item) => withoutEmptyValues(item, ui?.items));
  if (data === null || typeof data !== 'object') return data;
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
    const fieldUi = ui?.[name];
    const placeholder = placeholderOf(fieldUi);
    if (isBlank(value) || (placeholder !== undefined && value === placeholder)) continue;
    Object.defineProperty(result, name, { value: withoutEmptyValues(value, fieldUi), enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/** Whether a value counts as not filled in: absent, null, or a string of only white space. */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || isBlank(value);
}

/** The phase's kind, as errorMessages name it after '@': 'submit', 'server' or 'change'. */
function phaseKind(phase: ValidationPhase): string {
  return phase.startsWith('change:') ? 'change' : phase;
}

/**
 * The message of a failed keyword. errorMessages may name a phase after '@' ('required@change': while typing or
 * once the field is left), which wins over the keyword alone in that phase; '*' is any keyword.
 */
function schemaMessage(doc: FormDocument, error: ErrorObject, pointer: string, phase: ValidationPhase): string {
  const keyword = error.keyword === 'format' ? `format:${String((error.params as { format: string }).format)}` : error.keyword;
  const params = { ...(error.params as Record<string, unknown>) };
  const kind = phaseKind(phase);
  const keywords = keyword.startsWith('format:') ? [keyword, 'format'] : [keyword];
  const keys = [...keywords.flatMap((k) => [`${k}@${kind}`, k]), `*@${kind}`, '*'];
  const found = lookup(doc, pointer, keys);
  if (found) return message(doc, found.key, { ...params, number: found.number });
  const generic = keyword === 'minLength' && params.limit === 1 ? GENERIC.required : GENERIC[keyword] ?? GENERIC[error.keyword];
  return formatMessage(generic ?? FALLBACK, params);
}

function ruleRuns(rule: FormRule, phase: ValidationPhase): boolean {
  if (!rule.phases) return true;
  return rule.phases.includes(phase) || (phase.startsWith('change:') && rule.phases.includes('change'));
}

/**
 * Validates `data` with the document (blank strings and placeholder values counting as absent: see
 * withoutEmptyValues): schema errors first (in Ajv's deterministic order), then each rule in the
 * document's order. Answers messages keyed by the field's JSON pointer ('' is the whole form); a pointer never
 * holds the same message twice. Empty when valid. `context` is what rules read besides the data (today, flags,
 * choices). Throws EngineConfigError when the document itself is broken.
 */
export function validateForm(
  doc: FormDocument,
  input: unknown,
  context: Record<string, unknown> = {},
  phase: ValidationPhase = 'submit',
  evaluator: RuleEvaluator = defaultRules,
): FieldErrors {
  const errors: FieldErrors = {};
  const changed = phase.startsWith('change:') ? phase.slice('change:'.length) : null;
  // In a change phase only the changed field's faults are reported, so no other message is looked up and no rule of
  // another field is run: this runs on every keystroke.
  const inScope = (pointer: string) => changed === null || pointer === changed || pointer.startsWith(`${changed}/`);
  const add = (pointer: string, text: string) => {
    const list = (errors[pointer] ??= []);
    if (!list.includes(text)) list.push(text);
  };

  const data = withoutEmptyValues(input, doc.uiSchema);
  const validate = compileSchema(doc.schema, doc.id);
  if (!validate(data)) {
    for (const error of validate.errors ?? []) {
      const pointer = errorPointer(error);
      if (inScope(pointer)) add(pointer, schemaMessage(doc, error, pointer, phase));
    }
  }

  for (const rule of doc.rules ?? []) {
    if (!ruleRuns(rule, phase)) continue;
    const run = (scope: Record<string, unknown>, pointer: string, params: Record<string, unknown>) => {
      if (!inScope(pointer)) return;
      try {
        if (rule.when !== undefined && !evaluator.truthy(evaluator.apply(rule.when, scope))) return;
        if (!evaluator.truthy(evaluator.apply(rule.assert, scope))) add(pointer, message(doc, rule.message, params));
      } catch (error) {
        if (error instanceof RuleError) throw new EngineConfigError(doc.id, `/rules/${rule.id}`, error.message);
        throw error;
      }
    };
    if (rule.each === undefined) {
      run({ data, context }, rule.path, {});
      continue;
    }
    const items = getAtPointer(data, rule.each);
    if (!Array.isArray(items)) continue;
    items.forEach((item, index) => {
      const number = index + 1;
      run({ data, context, item, index, number }, rule.path.replace('*', String(index)), { number });
    });
  }
  return errors;
}

/** The first message of the first field (for a one-line summary, e.g. an API failure's message); null if none. */
export function firstMessage(errors: FieldErrors): string | null {
  for (const list of Object.values(errors)) if (list.length > 0) return list[0]!;
  return null;
}
