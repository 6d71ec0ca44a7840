/**
 * The override surface: what a scope's override may change in a base document, as the base document itself
 * declares it. A base document names its locked parts in `locked` (JSON pointer into the document as served ->
 * why, in words a specialist reads): which parts those are, and why, is the document's to say, never the engine's.
 * A locked part of the resolved document must equal the base document's but for its texts. Besides, in every
 * form: a field of the base document stays (it may be hidden when optional), a field it requires stays required and
 * shown, and its rules stay (rules may be added). Everything else is the override's: texts, titles and messages,
 * optional steps on or off, optional fields hidden or made required, fields of its own.
 * Pure: the documents in, problems as 'pointer: reason' out (the console marks the line at the pointer).
 */
import { sameJson } from '#engine/documents/merge.ts';
import { escapeToken, getAtPointer, parsePointer } from '#engine/runtime/pointer.ts';
import { RuleError, rules } from '#engine/runtime/rules.ts';
import { compileSchema } from '#engine/runtime/validate.ts';
import { SCHEMA_TEXTS, UI_OPTION_TEXTS, UI_TEXTS } from '#engine/runtime/texts.ts';
import type { FlowDocument, FormDocument, JsonSchema } from '#engine/runtime/types.ts';

type BaseDocument = FormDocument | FlowDocument;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A schema node's texts (and its notes), which are never locked. */
const SCHEMA_TEXT = new Set([...SCHEMA_TEXTS, '$comment', 'examples']);
/**
 * Keys of a schema node locked on their own: its fields (`properties`, each field locked when declared),
 * which of them are required (kept by the rule that a required field stays required) and its `definitions`
 * (each locked when a locked part refers to it).
 */
const SCHEMA_CHILDREN = new Set(['properties', 'required', 'definitions']);
/** Keys holding values, not schemas: compared as they are. */
const SCHEMA_VALUES = new Set(['enum', 'const', 'default']);
/** A uiSchema node's texts and presentation (the order of its fields). */
const UI_TEXT = new Set([...UI_TEXTS, 'ui:order']);
/** Texts among a widget's ui:options (which message a widget shows is a text too). */
const UI_OPTION_TEXT = new Set([...UI_OPTION_TEXTS, 'messages']);
/** A flow step's texts. */
const STEP_TEXT = new Set(['title', '$comment']);

function withoutSchemaText(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutSchemaText);
  if (!isObject(node)) return node;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_TEXT.has(key) || SCHEMA_CHILDREN.has(key)) continue;
    kept[key] = SCHEMA_VALUES.has(key) ? value : withoutSchemaText(value);
  }
  return kept;
}

function withoutUiText(node: unknown): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  if (!isObject(node)) return kept;
  for (const [key, value] of Object.entries(node)) {
    // A key not starting with 'ui:' is a field inside this one: locked on its own.
    if (UI_TEXT.has(key) || !key.startsWith('ui:')) continue;
    if (key === 'ui:options' && isObject(value)) {
      const options = Object.fromEntries(Object.entries(value).filter(([option]) => !UI_OPTION_TEXT.has(option)));
      if (Object.keys(options).length > 0) kept[key] = options;
    } else kept[key] = value;
  }
  return kept;
}

/** What a locked part is compared by: its value at `pointer` without its texts (and without the parts locked on their own). */
function comparable(value: unknown, pointer: string): unknown {
  if (pointer === '/schema' || pointer.startsWith('/schema/')) return withoutSchemaText(value);
  // An absent uiSchema node shows the field as its schema says: the same as one holding only texts.
  if (pointer === '/uiSchema' || pointer.startsWith('/uiSchema/')) return withoutUiText(value);
  if (/^\/steps\/[^/]+$/.test(pointer) && isObject(value)) return Object.fromEntries(Object.entries(value).filter(([key]) => !STEP_TEXT.has(key)));
  return value;
}

/**
 * The pointers (below `pointer`) where two JSON values differ: as deep as both are objects sharing a key, or
 * one is empty (two different operations of a condition differ as a whole), or lists of one length.
 */
function differences(a: unknown, b: unknown, pointer: string): string[] {
  if (sameJson(a, b)) return [];
  const [keysA, keysB] = [isObject(a) ? Object.keys(a) : null, isObject(b) ? Object.keys(b) : null];
  if (isObject(a) && isObject(b) && (keysA!.length === 0 || keysB!.length === 0 || keysA!.some((key) => Object.hasOwn(b, key)))) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((key) => differences(a[key], b[key], `${pointer}/${escapeToken(key)}`));
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) return a.flatMap((item, i) => differences(item, b[i], `${pointer}/${i}`));
  return [pointer];
}

const at = getAtPointer;

const DEFINITION_REF = /^#\/definitions\/([^/]+)$/;

/** The definitions a schema node refers to with `$ref` (as `#/definitions/<name>`), at any depth. */
function referencedDefinitions(node: unknown): string[] {
  const names: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!isObject(value)) return;
    const ref = typeof value.$ref === 'string' ? DEFINITION_REF.exec(value.$ref) : null;
    if (ref) names.push(ref[1]!);
    Object.values(value).forEach(walk);
  };
  walk(node);
  return names;
}

/** The uiSchema paths (as tokens) of every place the schema uses definition `name`: a field's, or the form's own. */
function usesOfDefinition(schema: JsonSchema, name: string): string[][] {
  const uses: string[][] = [];
  const walk = (node: unknown, ui: string[], depth: number) => {
    if (!isObject(node) || depth > 16) return;
    const ref = typeof node.$ref === 'string' ? DEFINITION_REF.exec(node.$ref) : null;
    if (ref?.[1] === name) uses.push(ui);
    else if (ref) walk(at(schema, `/definitions/${ref[1]}`), ui, depth + 1);
    if (isObject(node.properties)) for (const [field, sub] of Object.entries(node.properties)) walk(sub, [...ui, field], depth + 1);
    if (isObject(node.items)) walk(node.items, [...ui, 'items'], depth + 1);
  };
  walk(schema, [], 0);
  return uses;
}

/**
 * The uiSchema pointers of the field at a schema pointer ('/schema/properties/a/items/properties/b' ->
 * '/uiSchema/a/items/b'; a field of a definition, wherever the definition is used). None for a pointer that names
 * no field.
 */
export function uiPointersOf(schemaPointer: string, schema: JsonSchema): string[] {
  const tokens = parsePointer(schemaPointer).slice(1);
  const inDefinition = tokens[0] === 'definitions' && tokens.length >= 2;
  const prefixes = inDefinition ? usesOfDefinition(schema, tokens[1]!) : [[]];
  const rest = inDefinition ? tokens.slice(2) : tokens;
  const path: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    if (rest[i] === 'properties' && i + 1 < rest.length) path.push(rest[(i += 1)]!);
    else if (rest[i] === 'items') path.push('items');
    else return [];
  }
  return prefixes.map((prefix) => ['/uiSchema', ...[...prefix, ...path].map(escapeToken)].join('/'));
}

export type LockedPart = { pointer: string; why: string };

/**
 * Every locked part of a base document: those it declares, the definitions a locked schema part refers to (so
 * `/schema/definitions/date` cannot loosen a locked date field), and the uiSchema node of each locked field (so it
 * cannot be hidden).
 */
export function lockedParts(base: BaseDocument): LockedPart[] {
  const parts = new Map<string, string>(Object.entries(base.locked ?? {}));
  if (base.kind === 'form') {
    for (const [pointer, why] of Object.entries(base.locked ?? {})) {
      if (!pointer.startsWith('/schema')) continue;
      for (const ui of uiPointersOf(pointer, base.schema)) if (!parts.has(ui)) parts.set(ui, why);
    }
    const queue = [...parts.keys()].filter((pointer) => pointer === '/schema' || pointer.startsWith('/schema/'));
    while (queue.length > 0) {
      const pointer = queue.shift()!;
      for (const name of referencedDefinitions(comparable(at(base, pointer), pointer))) {
        const definition = `/schema/definitions/${escapeToken(name)}`;
        if (parts.has(definition)) continue;
        parts.set(definition, parts.get(pointer)!);
        queue.push(definition);
      }
    }
  }
  return [...parts].map(([pointer, why]) => ({ pointer, why }));
}

/** A base document's own declaration, checked when it is loaded: each locked pointer names a part it has. */
export function lockDeclarationProblems(base: BaseDocument): string[] {
  return Object.keys(base.locked ?? {})
    .filter((pointer) => at(base, pointer) === undefined)
    .map((pointer) => `/locked/${escapeToken(pointer)}: the document has nothing at '${pointer}'`);
}

/** The object nodes of a schema a person fills (the form, its fields, list items, definitions), by pointer. */
function schemaNodes(schema: unknown): Array<[pointer: string, node: Record<string, unknown>]> {
  const nodes: Array<[string, Record<string, unknown>]> = [];
  const stack: Array<[unknown, string]> = [[schema, '/schema']];
  while (stack.length > 0) {
    const [node, pointer] = stack.pop()!;
    if (!isObject(node)) continue;
    nodes.push([pointer, node]);
    for (const key of ['properties', 'definitions']) {
      if (isObject(node[key])) for (const [name, sub] of Object.entries(node[key])) stack.push([sub, `${pointer}/${key}/${escapeToken(name)}`]);
    }
    if (isObject(node.items)) stack.push([node.items, `${pointer}/items`]);
  }
  return nodes;
}

const requiredOf = (node: unknown): string[] => (isObject(node) && Array.isArray(node.required) ? node.required.filter((name): name is string => typeof name === 'string') : []);

/** A field the form requires cannot be hidden (nor shown only sometimes), unless the base document does so. */
function requiredShownProblems(doc: FormDocument, base: FormDocument | null): string[] {
  const problems: string[] = [];
  for (const [pointer, node] of schemaNodes(doc.schema)) {
    for (const name of requiredOf(node)) {
      for (const ui of uiPointersOf(`${pointer}/properties/${escapeToken(name)}`, doc.schema)) {
        const hints = at(doc, ui);
        if (!isObject(hints)) continue;
        const baseHints = base ? at(base, ui) : undefined;
        const baseOf = (key: string) => (isObject(baseHints) ? baseHints[key] : undefined);
        if (hints['ui:widget'] === 'hidden' && baseOf('ui:widget') !== 'hidden') problems.push(`${ui}/ui:widget: '${name}' is required, so it cannot be hidden`);
        if (hints['ui:showWhen'] !== undefined && !sameJson(hints['ui:showWhen'], baseOf('ui:showWhen'))) {
          problems.push(`${ui}/ui:showWhen: '${name}' is required, so it is always shown`);
        }
      }
    }
  }
  return problems;
}

/** The base form's fields stay, those it requires stay required, its rules stay (changed only in their message). */
function keptFormProblems(base: FormDocument, doc: FormDocument): string[] {
  const problems: string[] = [];
  for (const [pointer, node] of schemaNodes(base.schema)) {
    const now = at(doc, pointer);
    if (!isObject(now)) continue;
    const fields = isObject(now.properties) ? now.properties : {};
    for (const name of Object.keys(isObject(node.properties) ? node.properties : {})) {
      if (!Object.hasOwn(fields, name)) problems.push(`${pointer}/properties: the field '${name}' of the base document cannot be removed (an optional field may be hidden)`);
    }
    const required = requiredOf(now);
    for (const name of requiredOf(node)) {
      if (!required.includes(name)) problems.push(`${pointer}/required: '${name}' is required by the base document; an override may make fields required, not optional`);
    }
  }
  const rules = doc.rules ?? [];
  for (const rule of base.rules ?? []) {
    const index = rules.findIndex((r) => r.id === rule.id);
    if (index === -1) {
      problems.push(`/rules: the base document's rule '${rule.id}' cannot be removed (rules may be added)`);
      continue;
    }
    const { message: _message, ...checks } = rule;
    const { message: _now, ...nowChecks } = rules[index]!;
    for (const pointer of differences(checks, nowChecks, `/rules/${index}`)) {
      problems.push(`${pointer}: the base document's rule '${rule.id}' cannot change (only the message it shows)`);
    }
  }
  return problems;
}

/**
 * Why the resolved document (a base document with an override applied) leaves the override surface
 * of `base`, as 'pointer: reason' (empty: it stays on it). A locked part is named at each pointer inside it where
 * the override differs, with the base document's why.
 */
export function overrideSurfaceProblems(base: BaseDocument, doc: BaseDocument): string[] {
  const problems: string[] = [];
  if (!sameJson(doc.locked, base.locked)) problems.push('/locked: the locked parts are the base document\'s own; an override cannot change them');
  for (const { pointer, why } of lockedParts(base)) {
    for (const differs of differences(comparable(at(base, pointer), pointer), comparable(at(doc, pointer), pointer), pointer)) {
      problems.push(`${differs}: locked: ${why} An override may change only its texts.`);
    }
  }
  if (base.kind === 'form' && doc.kind === 'form') problems.push(...keptFormProblems(base, doc), ...requiredShownProblems(doc, base));
  return problems;
}

const NOTHING_REQUIRED = "a form of one's own lets a person go on answering nothing (a required question belongs on a base form, as a field of one's own)";

/**
 * Where a form of the override's own would stop a person who answers nothing: a keyword of its schema refusing the empty
 * answer (`/schema/required`), or a rule failing on it (`/rules/<n>`).
 */
function emptyAnswerProblems(doc: FormDocument): string[] {
  const validate = compileSchema(doc.schema, doc.id);
  const problems = validate({}) ? [] : (validate.errors ?? []).map((error) => `/schema${error.schemaPath.replace(/^#/, '')}: ${NOTHING_REQUIRED}`);
  (doc.rules ?? []).forEach((rule, i) => {
    if (rule.each !== undefined) return;
    const scope = { data: {}, context: {} };
    try {
      if (rule.when !== undefined && !rules.truthy(rules.apply(rule.when, scope))) return;
      if (!rules.truthy(rules.apply(rule.assert, scope))) problems.push(`/rules/${i}/assert: ${NOTHING_REQUIRED}`);
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      // An expression that cannot run is refused by the document's own checks.
    }
  });
  return [...new Set(problems)];
}

/**
 * Why a form of the override's own leaves the surface: it declares no locked parts, shows every field it requires,
 * and requires nothing, so the step showing it never stops a person (issue 19: only the base documents' required
 * fields may stop a person on the way).
 */
export function ownFormSurfaceProblems(doc: FormDocument): string[] {
  const problems = doc.locked === undefined ? [] : ['/locked: only a base document declares locked parts'];
  if (doc.guarded !== undefined) problems.push('/guarded: only a base document declares guarded texts');
  return [...problems, ...requiredShownProblems(doc, null), ...emptyAnswerProblems(doc)];
}

const NEVER_STOPS = "a step the base document does not lock (an optional step, a step of one's own) never stops a person on the way to the locked steps";

/**
 * Why a flow's unlocked steps (the optional ones and the override's own) could stop a person: a `canProceed` of
 * their own, a submit call whose failure stops Next (not `optional`), a form other than the base step's or one of
 * the override's own (which require nothing: ownFormSurfaceProblems). A locked step's parts are the base's anyway.
 */
export function unlockedStepProblems(base: FlowDocument, doc: FlowDocument, ownForms: ReadonlySet<string>): string[] {
  const locked = new Set(Object.keys(base.locked ?? {}));
  const problems: string[] = [];
  for (const [id, step] of Object.entries(doc.steps)) {
    const at = `/steps/${escapeToken(id)}`;
    if (locked.has(at)) continue;
    const baseStep = base.steps[id];
    if (step.canProceed !== undefined && !sameJson(step.canProceed, baseStep?.canProceed)) problems.push(`${at}/canProceed: ${NEVER_STOPS}: it has no condition for Next`);
    (step.calls?.submit ?? []).forEach((call, i) => {
      if (call.optional === true || (baseStep?.calls?.submit ?? []).some((kept) => sameJson(kept, call))) return;
      problems.push(`${at}/calls/submit/${i}/optional: ${NEVER_STOPS}: its calls are optional (a failure does not stop Next)`);
    });
    if (step.form !== undefined && step.form !== baseStep?.form && !ownForms.has(step.form)) {
      problems.push(`${at}/form: ${NEVER_STOPS}: it shows a form of one's own (which requires nothing)`);
    }
  }
  return problems;
}
