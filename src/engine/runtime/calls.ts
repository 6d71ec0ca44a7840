/**
 * Declared API calls made concrete: the path filled and encoded, the body built, from a scope of values. Values
 * come from bindings (JSON Pointers into the scope, read at a glance); JSON Logic is only the `when` condition.
 */
import { getAtPointer, parsePointer, withoutPointers } from './pointer.ts';
import { rules as defaultRules, type RuleEvaluator } from './rules.ts';
import type { Binding, CallDeclaration, FilledCall, Source } from './types.ts';

/** A placeholder the scope has no value for: the call cannot be made. */
export class CallError extends Error {
  constructor(
    readonly callId: string,
    message: string,
  ) {
    super(`${callId}: ${message}`);
    this.name = 'CallError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** What a fallback moves past: nothing, null or an empty text. */
const hasValue = (value: unknown) => value !== undefined && value !== null && value !== '';

const lookupDotted = (scope: unknown, name: string) => getAtPointer(scope, `/${name.split('.').join('/')}`);

/**
 * The value a source gives over the scope (undefined: none, and the field it feeds is left out):
 * - `"/data/email"`: the value at that JSON Pointer of the scope;
 * - `{ value }`: that value as written;
 * - `{ from, omit?, default? }`: the first of `from` (one pointer or a list) that has a value (not null or ''),
 *   without the keys at the `omit` pointers, else `default`;
 * - `{ each, bind }`: the list at `each`, every item made by the binding `bind` with `item` and `index` in scope.
 */
export function resolveSource(source: Source, scope: Record<string, unknown>): unknown {
  if (typeof source === 'string') return getAtPointer(scope, source);
  if ('value' in source) return source.value;
  if ('each' in source) {
    const items = getAtPointer(scope, source.each);
    return Array.isArray(items) ? items.map((item, index) => applyBinding(source.bind, { ...scope, item, index })) : undefined;
  }
  const pointers = typeof source.from === 'string' ? [source.from] : source.from;
  const found = pointers.map((pointer) => getAtPointer(scope, pointer)).find(hasValue);
  if (found === undefined) return source.default;
  return source.omit ? withoutPointers(found, source.omit) : found;
}

const define = (target: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

/**
 * Sets `value` at `tokens` inside `target`, creating objects along the way. Only own keys are walked and
 * written, so a field named `__proto__` is a plain key, never the prototype.
 */
function place(target: Record<string, unknown>, tokens: string[], value: unknown): void {
  let here = target;
  for (const token of tokens.slice(0, -1)) {
    if (!Object.hasOwn(here, token) || !isObject(here[token])) define(here, token, {});
    here = here[token] as Record<string, unknown>;
  }
  define(here, tokens[tokens.length - 1]!, value);
}

/**
 * The object a binding builds over the scope: each target pointer (a field of the result; '' the whole result)
 * takes its source's value, in the binding's order; a source without a value leaves its field out.
 */
export function applyBinding(binding: Binding, scope: Record<string, unknown>): unknown {
  let result: unknown;
  for (const [target, source] of Object.entries(binding)) {
    const value = resolveSource(source, scope);
    if (value === undefined) continue;
    if (target === '') {
      result = isObject(value) ? { ...value } : value;
      continue;
    }
    if (!isObject(result)) result = {};
    place(result as Record<string, unknown>, parsePointer(target), value);
  }
  return result ?? {};
}

/** A path placeholder's or a header's value as text; CallError when it has none or is not a plain value. */
function plainText(callId: string, value: unknown, what: string): string {
  if (!hasValue(value)) throw new CallError(callId, `no value for ${what}`);
  if (typeof value === 'object') throw new CallError(callId, `${what} is not a plain value`);
  return String(value);
}

/**
 * Fills one call: `{name}` in the path takes `params.name` (a source) when declared, else the dotted name in the
 * scope (`{user.id}`); each value is URL-encoded. The body is the `body` binding over the scope; each of
 * `headers` is a source giving a plain value, sent as its string. Throws CallError when a placeholder or a header
 * has no value (null, undefined or '') or is not a plain value, when a placeholder is '.' or '..', and when the path
 * does not start with exactly one '/' (another origin).
 */
export function fillCall(call: CallDeclaration, scope: Record<string, unknown>): FilledCall {
  // An application's check of documents may allow only its own paths; a runner keeps to its own origin and
  // to the path written even with a document that was never checked: no '//host', no '.' or '..' segment.
  if (!call.path.startsWith('/') || /^\/[/\\]/.test(call.path)) throw new CallError(call.id, 'the path must be one of this site (one leading /)');
  const path = call.path.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const param = call.params?.[name];
    const value = param !== undefined ? resolveSource(param, scope) : lookupDotted(scope, name);
    const text = plainText(call.id, value, `{${name}}`);
    if (text === '.' || text === '..') throw new CallError(call.id, `{${name}} may not be '${text}'`);
    return encodeURIComponent(text);
  });
  const filled: FilledCall = { id: call.id, method: call.method, path };
  if (call.body !== undefined) filled.body = applyBinding(call.body, scope);
  if (call.headers !== undefined) {
    const headers: Record<string, string> = {};
    for (const [name, source] of Object.entries(call.headers)) headers[name] = plainText(call.id, resolveSource(source, scope), `header ${name}`);
    filled.headers = headers;
  }
  return filled;
}

/**
 * The scopes a call is made in: the scope itself, or with `each` (a pointer to a list) one per item, the scope
 * gaining `item` and `index`; a missing list makes none.
 */
export function callScopes(call: CallDeclaration, scope: Record<string, unknown>): Array<Record<string, unknown>> {
  if (call.each === undefined) return [scope];
  const items = getAtPointer(scope, call.each);
  return (Array.isArray(items) ? items : []).map((item, index) => ({ ...scope, item, index }));
}

/**
 * Every call of a list that should be made, in declaration order: a call is made in each of its scopes
 * (callScopes) where its `when` condition (JSON Logic) is true or absent.
 */
export function fillCalls(
  calls: readonly CallDeclaration[],
  scope: Record<string, unknown>,
  evaluator: RuleEvaluator = defaultRules,
): FilledCall[] {
  const result: FilledCall[] = [];
  for (const call of calls) {
    for (const s of callScopes(call, scope)) {
      if (call.when !== undefined && !evaluator.truthy(evaluator.apply(call.when, s))) continue;
      result.push(fillCall(call, s));
    }
  }
  return result;
}
