/**
 * What a form's JSON Logic may read. Its rules (`when`, `assert`) and its fields' `ui:showWhen` run over
 * `{ data, context }` (validate.ts; document-form.tsx), a rule with `each` over `{ data, context, item, index,
 * number }`. A path a `var`, `missing` or `missing_some` names must be one the form declares: `data.<field>...`
 * along its schema (a list's items by index), `context.<name>` of the context the screens give forms
 * (schemas/meta/form-context.schema.json), `item.<field>...` along the listed items' schema. Inside `map`,
 * `filter`, `all`, `none`, `some` and `reduce` the data is an item of the list read: paths follow that list's
 * items (`reduce`: `current.<field>`, `accumulator`). A path nothing declares would read nothing, so a rule naming a
 * misspelt field would hold or fail for everyone.
 */
import { escapeToken, getAtPointer, parsePointer } from '#engine/runtime/pointer.ts';
import type { FormDocument, JsonSchema } from '#engine/runtime/types.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The schema node a (possibly `$ref`) node stands for, following local `$ref`s into the form's definitions. */
function resolved(node: unknown, root: JsonSchema): unknown {
  let current = node;
  for (let guard = 0; isObject(current) && typeof current.$ref === 'string' && guard < 16; guard += 1) {
    const ref = current.$ref as string;
    current = ref.startsWith('#') ? getAtPointer(root, decodeURIComponent(ref.slice(1))) : undefined;
  }
  return current;
}

/** The schema node of a dotted path below `node` (a list's items by a numeric token); undefined when undeclared. */
function schemaAt(node: unknown, tokens: readonly string[], root: JsonSchema): unknown {
  let current = resolved(node, root);
  for (const token of tokens) {
    if (!isObject(current)) return undefined;
    if (isObject(current.properties) && Object.hasOwn(current.properties, token)) current = resolved(current.properties[token], root);
    else if (/^\d+$/.test(token) && isObject(current.items)) current = resolved(current.items, root);
    else return undefined;
  }
  return current;
}

/** What a scope declares: the schema node a path names (anything but undefined), or undefined when it names none. */
type Scope = (path: string) => unknown;

const DECLARED = true;
const tokensOf = (path: string) => (path === '' ? [] : path.split('.'));

/** The scope of a list's items: '' the item, else the item's fields. */
const itemScope = (items: unknown, root: JsonSchema): Scope => (path) => (path === '' ? DECLARED : schemaAt(items, tokensOf(path), root));

/** The paths an operation reads, each with its pointer inside the expression (as rules.ts names them). */
function namesRead(op: string, raw: unknown, at: string): Array<[pointer: string, name: unknown]> {
  if (op === 'var') return Array.isArray(raw) ? (raw.length > 0 ? [[`${at}/0`, raw[0]]] : []) : [[at, raw]];
  if (op === 'missing') return Array.isArray(raw) ? raw.map((name, i): [string, unknown] => [`${at}/${i}`, name]) : [[at, raw]];
  if (op === 'missing_some' && Array.isArray(raw)) {
    const names = raw[1];
    return Array.isArray(names) ? names.map((name, i): [string, unknown] => [`${at}/1/${i}`, name]) : [[`${at}/1`, names]];
  }
  return [];
}

const SCOPED = new Set(['map', 'filter', 'reduce', 'all', 'none', 'some']);

/** The path a lone `{ var: path }` (or `{ var: [path, default] }`) reads; null for anything else. */
function plainVar(node: unknown): string | null {
  if (!isObject(node) || Object.keys(node).length !== 1 || !('var' in node)) return null;
  const name = Array.isArray(node.var) ? node.var[0] : node.var;
  return typeof name === 'string' || typeof name === 'number' ? String(name) : null;
}

/** Every path `logic` (at `pointer` in the document) reads that `scope` does not declare. */
function undeclaredReads(logic: unknown, pointer: string, scope: Scope, root: JsonSchema, problems: string[]): void {
  if (Array.isArray(logic)) {
    logic.forEach((item, i) => undeclaredReads(item, `${pointer}/${i}`, scope, root, problems));
    return;
  }
  if (!isObject(logic) || Object.keys(logic).length !== 1) return;
  const op = Object.keys(logic)[0]!;
  const raw = logic[op];
  const at = `${pointer}/${escapeToken(op)}`;
  for (const [where, name] of namesRead(op, raw, at)) {
    // A computed path is refused by the rule checker (rules.ts); null and no argument read the whole scope.
    if (typeof name !== 'string' && typeof name !== 'number') continue;
    if (scope(String(name)) === undefined) problems.push(`${where}: reads '${String(name)}', which the form does not declare`);
  }
  if (op === 'var' || op === 'missing' || op === 'missing_some') return;
  const args = Array.isArray(raw) ? raw : [raw];
  const argAt = (i: number) => (Array.isArray(raw) ? `${at}/${i}` : at);
  if (!SCOPED.has(op)) {
    args.forEach((arg, i) => undeclaredReads(arg, argAt(i), scope, root, problems));
    return;
  }
  undeclaredReads(args[0], argAt(0), scope, root, problems);
  const list = plainVar(args[0]);
  const listed = list === null ? undefined : scope(list);
  const items = isObject(listed) ? listed.items : undefined;
  // A list the form does not declare (or a computed one) has no fields to read.
  const inner: Scope = items === undefined ? () => undefined : itemScope(items, root);
  const body: Scope =
    op === 'reduce'
      ? (path) => (path === 'accumulator' ? DECLARED : path === 'current' || path.startsWith('current.') ? inner(path.slice('current.'.length)) : undefined)
      : inner;
  undeclaredReads(args[1], argAt(1), body, root, problems);
  if (op === 'reduce') undeclaredReads(args[2], argAt(2), scope, root, problems);
}

/** Every dotted path a context schema declares ('today', 'account', 'account.flag', ...). */
export function declaredPaths(schema: unknown, prefix = ''): string[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  return Object.entries(schema.properties).flatMap(([name, sub]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return [path, ...declaredPaths(sub, path)];
  });
}

/** The `ui:showWhen` conditions of a uiSchema, each at its pointer. */
function showWhens(ui: unknown, pointer: string): Array<[pointer: string, logic: unknown]> {
  if (!isObject(ui)) return [];
  return Object.entries(ui).flatMap(([key, value]): Array<[string, unknown]> => {
    if (key === 'ui:showWhen') return [[`${pointer}/ui:showWhen`, value]];
    return key.startsWith('ui:') ? [] : showWhens(value, `${pointer}/${escapeToken(key)}`);
  });
}

/**
 * Every path a form's rules and `ui:showWhen` conditions read that the form does not declare, as
 * 'pointer: reason' (the pointer is the `var`'s, or its path's inside `[path, default]`). `context` is the schema
 * of the context the screens give forms.
 */
export function formVariableProblems(doc: FormDocument, context: JsonSchema): string[] {
  const root = doc.schema;
  const contextDeclared = new Set(declaredPaths(context));
  const top: Scope = (path) => {
    const [head, ...rest] = tokensOf(path);
    if (path === '' || ((head === 'data' || head === 'context') && rest.length === 0)) return DECLARED;
    if (head === 'data') return schemaAt(root, rest, root);
    if (head === 'context') return contextDeclared.has(rest.join('.')) ? DECLARED : undefined;
    return undefined;
  };
  const problems: string[] = [];
  (doc.rules ?? []).forEach((rule, i) => {
    let scope = top;
    if (rule.each !== undefined) {
      const list = rule.each.startsWith('/') ? schemaAt(root, parsePointer(rule.each), root) : undefined;
      const item = itemScope(isObject(list) ? list.items : undefined, root);
      scope = (path) => {
        if (path === 'index' || path === 'number' || path === 'item') return DECLARED;
        if (path.startsWith('item.')) return item(path.slice('item.'.length));
        return top(path);
      };
    }
    for (const part of ['when', 'assert'] as const) {
      if (rule[part] !== undefined) undeclaredReads(rule[part], `/rules/${i}/${part}`, scope, root, problems);
    }
  });
  for (const [pointer, logic] of showWhens(doc.uiSchema, '/uiSchema')) undeclaredReads(logic, pointer, top, root, problems);
  return problems;
}
