/**
 * Content checks: a document (or a base document merged with an override) must satisfy its meta-schema, its
 * JSON Schema must compile, its expressions must use only allowed operations, its message keys must exist, its
 * uiSchema may name only the schema's properties and known widgets, a form's rules may read only what it declares
 * (form-variables.ts) and a flow only the declared flags.
 * The meta-schemas are passed in (no I/O here).
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { EngineConfigError } from '#engine/runtime/errors.ts';
import { LOGIC_KEYWORD, logicIn } from '#engine/documents/meta-walk.ts';
import { rules as defaultRules, type RuleEvaluator } from '#engine/runtime/rules.ts';
import { compileWithAjv, patternProblems, schemaIdentifiers } from '#engine/compile/ajv-compiler.ts';
import { declaredPaths, formVariableProblems } from './form-variables.ts';
import { escapeToken } from '#engine/runtime/pointer.ts';
import type { CallDeclaration, FlowDocument, FormDocument, JsonSchema } from '#engine/runtime/types.ts';

export type MetaSchemas = {
  form: JsonSchema;
  flow: JsonSchema;
  /** The context a flow may read; when given, a flow reading anything else is refused. */
  flags?: JsonSchema;
  /** The context the screens give forms; when given, a form's rule or `ui:showWhen` reading anything undeclared is refused. */
  formContext?: JsonSchema;
  /** The widget names a uiSchema may use; when given, any other name is refused. */
  widgets?: readonly string[];
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const metaValidators = new WeakMap<JsonSchema, ReturnType<Ajv['compile']>>();
function metaValidator(schema: JsonSchema) {
  let validate = metaValidators.get(schema);
  if (!validate) {
    const ajv = new Ajv({ allErrors: true, strict: true });
    addFormats(ajv);
    // The annotation that marks JSON Logic (meta-walk.ts); strict mode refuses a keyword it does not know.
    ajv.addKeyword({ keyword: LOGIC_KEYWORD, schemaType: 'boolean' });
    validate = ajv.compile(schema);
    metaValidators.set(schema, validate);
  }
  return validate;
}

/** The `var` names an expression reads at its own level (not inside map/filter/... whose data is an item). */
export function variablesOf(logic: unknown): string[] {
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node) || Object.keys(node).length !== 1) return;
    const op = Object.keys(node)[0]!;
    const raw = node[op];
    const args = Array.isArray(raw) ? raw : [raw];
    if (op === 'var') {
      if (typeof args[0] === 'string' || typeof args[0] === 'number') names.add(String(args[0]));
      else walk(args[0]);
      return;
    }
    if (['map', 'filter', 'reduce', 'all', 'none', 'some'].includes(op)) return walk(args[0]);
    args.forEach(walk);
  };
  walk(logic);
  return [...names];
}

/** The property names a schema node allows (following local `$ref`s into definitions). */
function propertiesOf(schema: unknown, root: JsonSchema): Record<string, unknown> | null {
  let node = schema;
  for (let guard = 0; isObject(node) && typeof node.$ref === 'string' && guard < 10; guard += 1) {
    const ref = node.$ref as string;
    if (!ref.startsWith('#/')) return null;
    node = ref.slice(2).split('/').reduce<unknown>((n, key) => (isObject(n) ? n[key] : undefined), root);
  }
  return isObject(node) && isObject(node.properties) ? node.properties : null;
}
function itemsOf(schema: unknown, root: JsonSchema): unknown {
  let node = schema;
  for (let guard = 0; isObject(node) && typeof node.$ref === 'string' && guard < 10; guard += 1) {
    node = (node.$ref as string).slice(2).split('/').reduce<unknown>((n, key) => (isObject(n) ? n[key] : undefined), root);
  }
  return isObject(node) ? node.items : undefined;
}

function checkUi(ui: unknown, schema: unknown, root: JsonSchema, where: string, meta: MetaSchemas, keys: ReadonlySet<string>, problems: string[]) {
  if (!isObject(ui)) return;
  const properties = propertiesOf(schema, root);
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:showWhen') {
      // JSON Logic: checked with every other expression the meta-schema marks.
    } else if (key === 'ui:options') {
      // A widget is told which of the document's messages to show through ui:options.messages (role -> key).
      const messages = isObject(value) ? value.messages : undefined;
      if (isObject(messages)) {
        for (const [role, name] of Object.entries(messages)) if (typeof name !== 'string' || !keys.has(name)) problems.push(`${where}/ui:options/messages/${role}: no message '${String(name)}'`);
      }
    } else if (key === 'ui:widget') {
      if (typeof value !== 'string') problems.push(`${where}/ui:widget: must be a widget name`);
      else if (meta.widgets && !meta.widgets.includes(value)) problems.push(`${where}/ui:widget: unknown widget '${value}'`);
    } else if (key === 'ui:order') {
      if (properties && Array.isArray(value)) {
        for (const name of value) if (name !== '*' && !Object.hasOwn(properties, String(name))) problems.push(`${where}/ui:order: unknown property '${String(name)}'`);
      }
    } else if (key === 'items') {
      checkUi(value, itemsOf(schema, root), root, `${where}/items`, meta, keys, problems);
    } else if (!key.startsWith('ui:')) {
      if (!properties || !Object.hasOwn(properties, key)) problems.push(`${where}/${key}: no such property in the schema`);
      else checkUi(value, properties[key], root, `${where}/${key}`, meta, keys, problems);
    }
  }
}

function checkLogic(logic: unknown, where: string, evaluator: RuleEvaluator, problems: string[]) {
  for (const problem of evaluator.check(logic)) problems.push(`${where}${problem.path}: ${problem.message}`);
}

function checkCalls(calls: { load?: CallDeclaration[]; submit?: CallDeclaration[] } | undefined, where: string, problems: string[]) {
  for (const phase of ['load', 'submit'] as const) {
    (calls?.[phase] ?? []).forEach((call, i) => {
      const at = `${where}/calls/${phase}/${i}`;
      // Load calls are reads: runners cache them by path and read them again whenever the scope changes.
      if (phase === 'load' && call.method !== 'GET') problems.push(`${at}/method: a load call reads (GET)`);
      // A read is cached by its path alone, so a header could not tell two reads apart.
      if (phase === 'load' && call.headers !== undefined) problems.push(`${at}/headers: a load call sends no headers`);
    });
  }
}

/** Keys of a schema node holding one schema, and those holding schemas by name or by position. */
const ONE_SCHEMA = ['additionalProperties', 'additionalItems', 'items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const NAMED_SCHEMAS = ['properties', 'patternProperties', 'definitions', 'dependencies'];
const LISTED_SCHEMAS = ['allOf', 'anyOf', 'oneOf', 'items'];
/** Keys whose schemas describe a field's value (a field that says nothing of its value accepts anything). */
const FIELD_MEMBERS = new Set(['properties', 'patternProperties', 'additionalProperties', 'items', 'additionalItems']);
const VALUE_KEYWORDS = ['type', 'enum', 'const', '$ref', 'allOf', 'anyOf', 'oneOf'];

/**
 * Where a form's schema lets a value be as long as a request is: a string without `maxLength` (an `enum` or
 * `const` bounds it too), or a field that says nothing of its value. Every text a person sends has a limit the
 * document states, whoever wrote the document.
 */
export function unboundedFields(schema: unknown): string[] {
  const problems: string[] = [];
  const stack: Array<[node: unknown, pointer: string, field: boolean]> = [[schema, '', false]];
  while (stack.length > 0) {
    const [node, pointer, field] = stack.pop()!;
    if (!isObject(node)) continue;
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('string') && node.maxLength === undefined && node.enum === undefined && node.const === undefined) {
      problems.push(`${pointer}: a string field needs a maxLength`);
    }
    if (field && !VALUE_KEYWORDS.some((keyword) => keyword in node)) problems.push(`${pointer}: a field needs a type (and a string a maxLength)`);
    for (const key of ONE_SCHEMA) if (isObject(node[key])) stack.push([node[key], `${pointer}/${key}`, FIELD_MEMBERS.has(key)]);
    for (const key of LISTED_SCHEMAS) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((sub, i) => stack.push([sub, `${pointer}/${key}/${i}`, FIELD_MEMBERS.has(key)]));
    }
    for (const key of NAMED_SCHEMAS) {
      const named = node[key];
      if (isObject(named)) for (const [name, sub] of Object.entries(named)) stack.push([sub, `${pointer}/${key}/${escapeToken(name)}`, FIELD_MEMBERS.has(key)]);
    }
  }
  return problems.sort();
}

/**
 * Fields named like a key every JavaScript object has (constructor, toString, valueOf, __proto__...): code that
 * reads an answer by its field's name would find that key where no answer was given, so an unanswered optional
 * field would fail its check and no one could save the form.
 */
function inheritedFieldNames(node: unknown, pointer = ''): string[] {
  if (!isObject(node) && !Array.isArray(node)) return [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    const at = `${pointer}/${escapeToken(key)}`;
    if (key === 'properties' && isObject(value)) {
      for (const name of Object.keys(value)) if (name in Object.prototype) problems.push(`${at}/${escapeToken(name)}: '${name}' is a name JavaScript objects already have; name the field otherwise`);
    }
    problems.push(...inheritedFieldNames(value, at));
  }
  return problems;
}

function checkForm(doc: FormDocument, meta: MetaSchemas, problems: string[]) {
  // Refused before Ajv sees the schema: an $id would stay in the shared instance (schemaIdentifiers).
  const named = schemaIdentifiers(doc.schema);
  for (const pointer of named) problems.push(`/schema${pointer}: a form's schema may not have $id or $schema`);
  // A pattern the linear-time engine cannot run is named at its own pointer, before Ajv names only the schema.
  const unrunnable = patternProblems(doc.schema, '/schema');
  for (const { pointer, message } of unrunnable) problems.push(`${pointer}: ${message}`);
  if (named.length === 0 && unrunnable.length === 0) {
    try {
      compileWithAjv(doc.schema);
    } catch (error) {
      problems.push(`/schema: ${(error as Error).message}`);
    }
  }
  for (const problem of unboundedFields(doc.schema)) problems.push(`/schema${problem}`);
  for (const problem of inheritedFieldNames(doc.schema)) problems.push(`/schema${problem}`);
  const keys = new Set(Object.keys(doc.messages));
  const ids = new Set<string>();
  (doc.rules ?? []).forEach((rule, i) => {
    const at = `/rules/${i}`;
    if (ids.has(rule.id)) problems.push(`${at}/id: duplicate rule id '${rule.id}'`);
    ids.add(rule.id);
    if (!keys.has(rule.message)) problems.push(`${at}/message: no message '${rule.message}'`);
    if (rule.each !== undefined && !rule.path.startsWith(`${rule.each}/*`)) {
      problems.push(`${at}/path: with each '${rule.each}' the path must start with '${rule.each}/*'`);
    }
  });
  for (const [pointer, byKeyword] of Object.entries(doc.errorMessages ?? {})) {
    for (const [keyword, key] of Object.entries(byKeyword)) {
      if (!keys.has(key)) problems.push(`/errorMessages${pointer}/${keyword}: no message '${key}'`);
    }
  }
  checkUi(doc.uiSchema ?? {}, doc.schema, doc.schema, '/uiSchema', meta, keys, problems);
  if (meta.formContext) problems.push(...formVariableProblems(doc, meta.formContext));
  checkCalls(doc.calls, '', problems);
  const properties = propertiesOf(doc.schema, doc.schema) ?? {};
  for (const [name, part] of Object.entries(doc.parts ?? {})) {
    for (const field of part.fields) if (!(field in properties)) problems.push(`/parts/${name}/fields: no property '${field}' in the schema`);
    for (const [role, key] of Object.entries(part.messages ?? {})) if (!keys.has(key)) problems.push(`/parts/${name}/messages/${role}: no message '${key}'`);
  }
}

function checkFlow(doc: FlowDocument, meta: MetaSchemas, problems: string[]) {
  const callIds = new Set<string>();
  for (const [id, step] of Object.entries(doc.steps)) {
    for (const call of [...(step.calls?.load ?? []), ...(step.calls?.submit ?? [])]) {
      if (callIds.has(call.id)) problems.push(`/steps/${id}/calls: call id '${call.id}' is used twice in the flow`);
      callIds.add(call.id);
    }
  }
  const allowedVars = meta.flags ? new Set(declaredPaths(meta.flags)) : null;
  for (const [id, step] of Object.entries(doc.steps)) {
    const at = `/steps/${id}`;
    if (step.parent !== undefined) {
      const parent = doc.steps[step.parent];
      if (!parent) problems.push(`${at}/parent: no step '${step.parent}'`);
      else if (parent.parent !== undefined) problems.push(`${at}/parent: '${step.parent}' is itself a sub-step`);
      if (step.tabRow !== undefined) problems.push(`${at}/tabRow: only a major step joins a tab row`);
    }
    for (const part of ['when', 'formWhen', 'canProceed'] as const) {
      const logic = step[part];
      if (logic === undefined) continue;
      if (allowedVars) {
        for (const name of variablesOf(logic)) if (!allowedVars.has(name)) problems.push(`${at}/${part}: reads '${name}', not a declared flag`);
      }
    }
    checkCalls(step.calls, at, problems);
  }
}

/** Every problem of a document as 'pointer: reason' (empty when it may be served). */
export function checkDocument(doc: unknown, meta: MetaSchemas, evaluator: RuleEvaluator = defaultRules): string[] {
  if (!isObject(doc) || (doc.kind !== 'form' && doc.kind !== 'flow')) return ["/kind: must be 'form' or 'flow'"];
  const validate = metaValidator(doc.kind === 'form' ? meta.form : meta.flow);
  if (!validate(doc)) {
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? e.keyword}${e.params && 'additionalProperty' in e.params ? ` '${String(e.params.additionalProperty)}'` : ''}`);
  }
  const problems: string[] = [];
  if (doc.kind === 'form') checkForm(doc as FormDocument, meta, problems);
  else checkFlow(doc as FlowDocument, meta, problems);
  // Every expression, wherever the meta-schema marks one: allowed operations, each with its arity.
  for (const [pointer, logic] of logicIn(doc, doc.kind === 'form' ? meta.form : meta.flow)) checkLogic(logic, pointer, evaluator, problems);
  return problems;
}

/** Throws EngineConfigError listing every problem; answers the document typed when it may be served. */
export function assertDocument<T extends FormDocument | FlowDocument>(doc: unknown, meta: MetaSchemas, evaluator?: RuleEvaluator): T {
  const problems = checkDocument(doc, meta, evaluator);
  if (problems.length > 0) {
    const id = isObject(doc) && typeof doc.id === 'string' ? doc.id : 'document';
    throw new EngineConfigError(id, '', problems.join('; '));
  }
  return doc as T;
}

/**
 * What an override may not do besides making an invalid document: set or remove a message the base document does
 * not have and the document made (`merged`) does not use (a typo would add a text nobody reads and leave the one
 * meant unchanged). A new message an `errorMessages` entry or a rule shows is read: a field of the override's own
 * has its own messages so. Answers each problem as 'messages.<key> is not a message of <document>'.
 */
export function checkOverrideMessages(base: FormDocument | FlowDocument, patch: unknown, merged?: FormDocument | FlowDocument): string[] {
  if (!isObject(patch) || !isObject(patch.messages)) return [];
  const known = base.kind === 'form' ? base.messages : {};
  const used = new Set<string>();
  if (merged?.kind === 'form') {
    for (const byKeyword of Object.values(merged.errorMessages ?? {})) for (const key of Object.values(byKeyword)) used.add(key);
    for (const rule of merged.rules ?? []) used.add(rule.message);
  }
  return Object.keys(patch.messages)
    .filter((key) => !Object.hasOwn(known, key) && !used.has(key))
    .map((key) => `messages.${key} is not a message of ${base.id}`);
}
