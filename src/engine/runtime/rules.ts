/**
 * The one way documents' JSON Logic runs. Standard operations are delegated to json-logic-js; the engine's own
 * operations are evaluated here, so json-logic-js's shared operation registry is never changed. Every
 * expression is checked against the allow-list before it runs, in the browser and on the server alike.
 * What an application adds (operations of its own, named patterns) it registers at start (registerRuleOperations,
 * registerPatterns), before any document runs, in each place documents run.
 */
import jsonLogic from 'json-logic-js';

export type Operation = (...args: unknown[]) => unknown;

/** How many arguments an operation takes: [min, max] (max Infinity: any number more). */
export type Arity = readonly [min: number, max: number];

/** A fault of an expression: where it is (a JSON pointer into the expression, '' for the whole) and what. */
export type LogicProblem = { path: string; message: string };

const ANY = Number.POSITIVE_INFINITY;

/** The json-logic-js operations documents may use (no `log`, no dotted method calls). */
export const STANDARD_OPERATIONS = [
  'var', 'missing', 'missing_some',
  'if', '?:', 'and', 'or', '!', '!!',
  '==', '===', '!=', '!==', '>', '>=', '<', '<=',
  '+', '-', '*', '/', '%', 'min', 'max',
  'map', 'filter', 'reduce', 'all', 'none', 'some', 'merge', 'in',
  'cat', 'substr',
] as const;

/**
 * The number of arguments each standard operation takes, as json-logic-js reads them (a lone argument that is not
 * a list counts as one). A call outside its arity is refused before anything runs.
 */
export const STANDARD_ARITY: Readonly<Record<(typeof STANDARD_OPERATIONS)[number], Arity>> = {
  var: [0, 2], missing: [0, ANY], missing_some: [2, 2],
  if: [1, ANY], '?:': [3, 3], and: [1, ANY], or: [1, ANY], '!': [1, 1], '!!': [1, 1],
  '==': [2, 2], '===': [2, 2], '!=': [2, 2], '!==': [2, 2], '>': [2, 2], '>=': [2, 2], '<': [2, 3], '<=': [2, 3],
  '+': [1, ANY], '-': [1, 2], '*': [1, ANY], '/': [2, 2], '%': [2, 2], min: [1, ANY], max: [1, ANY],
  map: [2, 2], filter: [2, 2], reduce: [2, 3], all: [2, 2], none: [2, 2], some: [2, 2], merge: [0, ANY], in: [2, 2],
  cat: [0, ANY], substr: [2, 3],
};

/**
 * Fixed patterns for the `matches` operation: documents name a pattern, they never bring a regular expression,
 * so an override cannot introduce a slow or unsafe one. An application adds its own (registerPatterns).
 */
export const PATTERNS: Readonly<Record<string, RegExp>> = {
  digits: /^\d+$/,
  'digits-5': /^\d{5}$/,
  'digits-9': /^\d{9}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
};

const registeredPatterns: Record<string, RegExp> = {};

/** The pattern `matches` uses for a name: the engine's or a registered one (own keys only: no 'constructor'). */
const patternNamed = (name: string): RegExp | undefined =>
  Object.hasOwn(PATTERNS, name) ? PATTERNS[name] : Object.hasOwn(registeredPatterns, name) ? registeredPatterns[name] : undefined;

/** Adds named patterns for `matches`; a name the engine or an earlier registration gave another pattern is refused. */
export function registerPatterns(patterns: Readonly<Record<string, RegExp>>): void {
  for (const [name, pattern] of Object.entries(patterns)) {
    const known = patternNamed(name);
    if (known !== undefined && known !== pattern) throw new RuleError(`the pattern '${name}' is registered already`);
    registeredPatterns[name] = pattern;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** 'YYYY-MM-DD' of a date or date-time string that names a real calendar day; otherwise null. */
export function toIsoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return value.slice(0, 10);
}

/** The engine's own operations (generic: dates, lengths, named patterns). */
export const ENGINE_OPERATIONS: Readonly<Record<string, Operation>> = {
  /** `{date: x}`: x as 'YYYY-MM-DD', or null when x is not a real date. */
  date: (value) => toIsoDate(value),
  /** `{date_between: [x, min, max]}`: x is a real date and min <= x <= max (inclusive). */
  date_between: (value, min, max) => {
    const [d, lo, hi] = [toIsoDate(value), toIsoDate(min), toIsoDate(max)];
    return d !== null && lo !== null && hi !== null && lo <= d && d <= hi;
  },
  /**
   * `{years_between: [from, to]}`: the whole years from one date to a later one, as an age is counted (a year is
   * full on the same month and day; one born on February 29 completes it on March 1 of a common year); null when
   * either is not a real date.
   */
  years_between: (from, to) => {
    const [start, end] = [toIsoDate(from), toIsoDate(to)];
    if (start === null || end === null) return null;
    const years = Number(end.slice(0, 4)) - Number(start.slice(0, 4));
    return end.slice(5) >= start.slice(5) ? years : years - 1;
  },
  /** `{trim: x}`: a string without surrounding white space; anything else unchanged. */
  trim: (value) => (typeof value === 'string' ? value.trim() : value),
  /** `{length: x}`: characters of a string or items of a list; 0 for anything else. */
  length: (value) => (typeof value === 'string' || Array.isArray(value) ? value.length : 0),
  /** `{matches: [x, 'pattern-name']}`: x is a string matching one of PATTERNS or the registered patterns. */
  matches: (value, name) => {
    const pattern = typeof name === 'string' ? patternNamed(name) : undefined;
    if (!pattern) throw new RuleError(`Unknown pattern '${String(name)}'`);
    return typeof value === 'string' && pattern.test(value);
  },
};

/** The number of arguments each of the engine's operations takes. */
export const ENGINE_ARITY: Readonly<Record<keyof typeof ENGINE_OPERATIONS, Arity>> = {
  date: [1, 1], date_between: [3, 3], years_between: [2, 2], trim: [1, 1], length: [1, 1], matches: [2, 2],
};

/** An expression that cannot run: an operation off the allow-list, or a malformed argument. */
export class RuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleError';
  }
}

export type RuleEvaluator = {
  /** Evaluates an expression over data; throws RuleError when it uses an operation off the allow-list. */
  apply(logic: unknown, data: unknown): unknown;
  /** JSON Logic truthiness (an empty list is falsy). */
  truthy(value: unknown): boolean;
  /**
   * Every fault of the expression, each with its pointer inside the expression (empty when it may run): an
   * operation off the allow-list, an operation given too few or too many arguments, an object that is not one
   * operation (JSON Logic reads an object of several keys as a value, so a merged condition would be truthy).
   */
  check(logic: unknown): LogicProblem[];
  /** Every operation this evaluator allows. */
  readonly operations: readonly string[];
  /** Each allowed operation's arity. */
  readonly arity: Readonly<Record<string, Arity>>;
};

const isLogic = (logic: unknown): logic is Record<string, unknown> => isObject(logic) && Object.keys(logic).length === 1;
const argsOf = (logic: Record<string, unknown>, op: string): unknown[] => {
  const values = logic[op];
  return Array.isArray(values) ? values : [values];
};

/** The paths a data-reading operation names, each with its pointer inside the expression. */
function namesRead(op: string, raw: unknown, at: string): Array<[pointer: string, name: unknown]> {
  if (op === 'var') return Array.isArray(raw) ? (raw.length > 0 ? [[`${at}/0`, raw[0]]] : []) : [[at, raw]];
  if (op === 'missing') return Array.isArray(raw) ? raw.map((name, i) => [`${at}/${i}`, name]) : [[at, raw]];
  if (op === 'missing_some' && Array.isArray(raw)) {
    const names = raw[1];
    return Array.isArray(names) ? names.map((name, i) => [`${at}/1/${i}`, name]) : [[`${at}/1`, names]];
  }
  return [];
}

const SCOPED = new Set(['map', 'filter', 'reduce', 'all', 'none', 'some']);
const DATA_READERS = new Set(['var', 'missing', 'missing_some']);

/**
 * An operation an application adds to every document's rules: what it computes, its arity (any number of
 * arguments when not given) and, when its code is too large to ship with every form, how the browser loads it
 * before it shows a document using it (loadOperationsOf).
 */
export type RuleExtension = { run: Operation; arity?: Arity; load?: () => Promise<void> };

const registered: Record<string, RuleExtension> = {};

/**
 * Builds an evaluator that allows the standard operations listed in STANDARD_OPERATIONS (or `standard`), the
 * engine's operations, the registered ones and `operations` (extra ones a caller adds; they may not shadow a
 * standard operation).
 */
export function createRuleEvaluator(
  options: { operations?: Record<string, Operation>; arity?: Record<string, Arity>; standard?: readonly string[] } = {},
): RuleEvaluator {
  const standard = new Set<string>(options.standard ?? STANDARD_OPERATIONS);
  for (const op of standard) {
    if (!(STANDARD_OPERATIONS as readonly string[]).includes(op)) throw new RuleError(`'${op}' is not a standard operation`);
  }
  const extensions = Object.fromEntries(Object.entries(registered).map(([op, extension]) => [op, extension.run]));
  const custom: Record<string, Operation> = { ...ENGINE_OPERATIONS, ...extensions, ...options.operations };
  for (const op of Object.keys(custom)) {
    if ((STANDARD_OPERATIONS as readonly string[]).includes(op)) throw new RuleError(`'${op}' would shadow a standard operation`);
  }
  const allowed = new Set([...standard, ...Object.keys(custom)]);
  // An added operation without a declared arity takes any number of arguments.
  const arity: Record<string, Arity> = Object.fromEntries(
    [...allowed].map((op) => [op, options.arity?.[op] ?? registered[op]?.arity ?? (STANDARD_ARITY as Record<string, Arity>)[op] ?? (ENGINE_ARITY as Record<string, Arity>)[op] ?? [0, ANY]]),
  );
  const checked = new WeakSet<object>();
  const usesCustom = new WeakMap<object, boolean>();

  const check = (logic: unknown): LogicProblem[] => {
    const problems: LogicProblem[] = [];
    // Iterative, so a deeply nested expression cannot overflow the stack.
    const stack: Array<[node: unknown, path: string]> = [[logic, '']];
    while (stack.length > 0) {
      const [node, path] = stack.pop()!;
      if (Array.isArray(node)) {
        for (let i = node.length - 1; i >= 0; i -= 1) stack.push([node[i], `${path}/${i}`]);
        continue;
      }
      if (!isObject(node)) continue;
      const keys = Object.keys(node);
      if (keys.length !== 1) {
        problems.push({ path, message: `an object must be one operation, not ${keys.length === 0 ? 'none' : keys.map((k) => `'${k}'`).join(' and ')}` });
        continue;
      }
      const op = keys[0]!;
      const at = `${path}/${op.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (!allowed.has(op)) {
        problems.push({ path, message: `operation not allowed: ${op}` });
        continue;
      }
      const raw = node[op];
      const args = argsOf(node, op);
      const [min, max] = arity[op]!;
      if (args.length < min || args.length > max) {
        const wanted = min === max ? `${min}` : max === ANY ? `at least ${min}` : `${min} to ${max}`;
        problems.push({ path, message: `'${op}' takes ${wanted} argument${wanted === '1' || wanted === 'at least 1' ? '' : 's'}, not ${args.length}` });
      }
      // A path is written, never computed: `{"var": {"cat": [...]}}` could read any variable, so nothing could
      // say which ones an expression reads (a flow may read only its declared flags).
      for (const [where, name] of namesRead(op, raw, at)) {
        if (name !== null && typeof name === 'object') problems.push({ path: where, message: `'${op}' takes a path written as text, not computed` });
      }
      if (Array.isArray(raw)) {
        for (let i = args.length - 1; i >= 0; i -= 1) stack.push([args[i], `${at}/${i}`]);
      } else {
        stack.push([raw, at]);
      }
    }
    return problems;
  };

  const containsCustom = (node: unknown): boolean => {
    if (Array.isArray(node)) return node.some(containsCustom);
    if (!isLogic(node)) return false;
    const cached = usesCustom.get(node);
    if (cached !== undefined) return cached;
    const op = Object.keys(node)[0]!;
    const result = op in custom || argsOf(node, op).some(containsCustom);
    usesCustom.set(node, result);
    return result;
  };

  const truthy = (value: unknown) => jsonLogic.truthy(value);

  const evaluate = (logic: unknown, data: unknown): unknown => {
    if (Array.isArray(logic)) return logic.map((item) => evaluate(item, data));
    if (!isLogic(logic)) return logic;
    if (!containsCustom(logic)) return jsonLogic.apply(logic as jsonLogic.RulesLogic, data);
    const op = Object.keys(logic)[0]!;
    const args = argsOf(logic, op);
    if (op in custom) return custom[op]!(...args.map((arg) => evaluate(arg, data)));
    // A standard operation with an engine operation somewhere inside: mirror json-logic-js's semantics here.
    if (op === 'if' || op === '?:') {
      let i = 0;
      for (; i < args.length - 1; i += 2) if (truthy(evaluate(args[i], data))) return evaluate(args[i + 1], data);
      return i === args.length - 1 ? evaluate(args[i], data) : null;
    }
    if (op === 'and' || op === 'or') {
      let current: unknown;
      for (const arg of args) {
        current = evaluate(arg, data);
        if (truthy(current) === (op === 'or')) return current;
      }
      return current;
    }
    if (SCOPED.has(op)) {
      const list = evaluate(args[0], data);
      const inner = args[1];
      if (op === 'reduce') {
        const initial = args[2] === undefined ? null : evaluate(args[2], data);
        if (!Array.isArray(list)) return initial;
        return list.reduce((accumulator, current) => evaluate(inner, { current, accumulator }), initial);
      }
      if (!Array.isArray(list)) return op === 'none' ? true : op === 'map' || op === 'filter' ? [] : false;
      if (op === 'map') return list.map((item) => evaluate(inner, item));
      if (op === 'filter') return list.filter((item) => truthy(evaluate(inner, item)));
      if (op === 'all') return list.length > 0 && list.every((item) => truthy(evaluate(inner, item)));
      if (op === 'some') return list.some((item) => truthy(evaluate(inner, item)));
      return !list.some((item) => truthy(evaluate(inner, item)));
    }
    const values = args.map((arg) => evaluate(arg, data));
    if (DATA_READERS.has(op)) {
      if (values.some(isObject)) throw new RuleError(`'${op}' arguments must be names, not objects`);
      return jsonLogic.apply({ [op]: values } as jsonLogic.RulesLogic, data);
    }
    // The evaluated arguments become the data and each is read back by index, so no value is re-read as logic.
    return jsonLogic.apply({ [op]: values.map((_, i) => ({ var: String(i) })) } as jsonLogic.RulesLogic, values);
  };

  return {
    operations: [...allowed],
    arity,
    truthy,
    check,
    apply(logic, data) {
      if (isObject(logic) || Array.isArray(logic)) {
        if (!checked.has(logic)) {
          const problems = check(logic);
          if (problems.length > 0) throw new RuleError(problems.map((p) => `${p.path || '/'}: ${p.message}`).join('; '));
          checked.add(logic);
        }
      }
      return evaluate(logic, data);
    },
  };
}

let current = createRuleEvaluator();

/** The evaluator documents use: the standard allow-list, the engine's operations and the registered ones. */
export const rules: RuleEvaluator = {
  apply: (logic, data) => current.apply(logic, data),
  truthy: (value) => current.truthy(value),
  check: (logic) => current.check(logic),
  get operations() {
    return current.operations;
  },
  get arity() {
    return current.arity;
  },
};

/**
 * Adds operations to every document's rules (`rules`, and each evaluator built after). A name the engine or the
 * standard list has, or one registered already with another operation, is refused.
 */
export function registerRuleOperations(operations: Readonly<Record<string, RuleExtension>>): void {
  for (const [op, extension] of Object.entries(operations)) {
    if (Object.hasOwn(ENGINE_OPERATIONS, op) || (STANDARD_OPERATIONS as readonly string[]).includes(op)) throw new RuleError(`'${op}' is an operation of the engine`);
    if (Object.hasOwn(registered, op) && registered[op] !== extension) throw new RuleError(`the operation '${op}' is registered already`);
    registered[op] = extension;
  }
  current = createRuleEvaluator();
}

/** Whether a document names an operation anywhere (`"<op>"` in its JSON). */
const names = (document: unknown, op: string) => JSON.stringify(document ?? null).includes(JSON.stringify(op));

/** Loads the code of every registered operation a document uses that has a loader, before the document runs. */
export async function loadOperationsOf(document: unknown): Promise<void> {
  await Promise.all(Object.entries(registered).filter(([op, extension]) => extension.load !== undefined && names(document, op)).map(([, extension]) => extension.load!()));
}
