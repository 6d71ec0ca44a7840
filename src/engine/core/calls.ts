/** Declared API calls made concrete: the path filled and encoded, the body built, from a scope of values. */
import { getAtPointer } from './pointer.ts';
import { rules as defaultRules, type RuleEvaluator } from './rules.ts';
import type { CallDeclaration, FilledCall } from './types.ts';

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

const lookupDotted = (scope: unknown, name: string) => getAtPointer(scope, `/${name.split('.').join('/')}`);

/**
 * Fills one call: `{name}` in the path takes `params.name` (JSON Logic over the scope) when declared, else the
 * dotted name in the scope (`{user.id}`); each value is URL-encoded. The body is the JSON Logic `body`
 * evaluated over the scope; each of `headers` is JSON Logic giving a plain value, sent as its string. Throws
 * CallError when a placeholder or a header has no value (null, undefined or '') or is not a plain value.
 */
export function fillCall(
  call: CallDeclaration,
  scope: Record<string, unknown>,
  evaluator: RuleEvaluator = defaultRules,
): FilledCall {
  const params: Record<string, unknown> = {};
  for (const [name, logic] of Object.entries(call.params ?? {})) params[name] = evaluator.apply(logic, scope);
  const path = call.path.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(params, name) ? params[name] : lookupDotted(scope, name);
    if (value === undefined || value === null || value === '') throw new CallError(call.id, `no value for {${name}}`);
    if (typeof value === 'object') throw new CallError(call.id, `{${name}} is not a plain value`);
    return encodeURIComponent(String(value));
  });
  const filled: FilledCall = { id: call.id, method: call.method, path };
  if (call.body !== undefined) filled.body = evaluator.apply(call.body, scope);
  if (call.headers !== undefined) {
    const headers: Record<string, string> = {};
    for (const [name, logic] of Object.entries(call.headers)) {
      const value = evaluator.apply(logic, scope);
      if (value === undefined || value === null || value === '') throw new CallError(call.id, `no value for header ${name}`);
      if (typeof value === 'object') throw new CallError(call.id, `header ${name} is not a plain value`);
      headers[name] = String(value);
    }
    filled.headers = headers;
  }
  return filled;
}

/**
 * Every call of a list that should be made, in declaration order: a call whose `when` is falsy is left out, a
 * call with `each` is filled once per item (scope gains `item` and `index`).
 */
export function fillCalls(
  calls: readonly CallDeclaration[],
  scope: Record<string, unknown>,
  evaluator: RuleEvaluator = defaultRules,
): FilledCall[] {
  const result: FilledCall[] = [];
  for (const call of calls) {
    let scopes = [scope];
    if (call.each !== undefined) {
      const items = evaluator.apply(call.each, scope);
      scopes = (Array.isArray(items) ? items : []).map((item, index) => ({ ...scope, item, index }));
    }
    for (const s of scopes) {
      if (call.when !== undefined && !evaluator.truthy(evaluator.apply(call.when, s))) continue;
      result.push(fillCall(call, s, evaluator));
    }
  }
  return result;
}
