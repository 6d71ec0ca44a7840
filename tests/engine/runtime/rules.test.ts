import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { createRuleEvaluator, loadOperationsOf, PATTERNS, registerPatterns, registerRuleOperations, RuleError, rules, STANDARD_OPERATIONS, toIsoDate } from '#engine/runtime/index.ts';

describe('the rule evaluator', () => {
  it('runs standard JSON Logic', () => {
    expect(rules.apply({ '==': [{ var: 'a.b' }, 1] }, { a: { b: 1 } })).toBe(true);
    expect(rules.apply({ if: [{ var: 'x' }, 'yes', 'no'] }, { x: 0 })).toBe('no');
    expect(rules.apply({ map: [{ var: 'l' }, { '*': [{ var: '' }, 2] }] }, { l: [1, 2] })).toEqual([2, 4]);
  });

  it('refuses operations off the allow-list, before running anything', () => {
    expect(() => rules.apply({ log: 'x' }, {})).toThrow(RuleError);
    expect(() => rules.apply({ and: [true, { 'Math.max': [1, 2] }] }, {})).toThrow(/not allowed: Math.max/);
    expect(() => rules.apply({ if: [false, { unknown_op: [] }, 1] }, {})).toThrow(/unknown_op/);
    expect(rules.check({ or: [{ log: 1 }, { bogus: 2 }, { '==': [1, 1] }] })).toEqual([
      { path: '/or/0', message: 'operation not allowed: log' },
      { path: '/or/1', message: 'operation not allowed: bogus' },
    ]);
    expect(rules.check({ date_between: [{ var: 'a' }, '1941-01-01', { var: 'b' }] })).toEqual([]);
  });

  it('knows the arity of every operation it allows', () => {
    expect(Object.keys(rules.arity).sort()).toEqual([...rules.operations].sort());
    expect(rules.arity['==']).toEqual([2, 2]);
    expect(rules.arity.date_between).toEqual([3, 3]);
    expect(rules.arity.and).toEqual([1, Number.POSITIVE_INFINITY]);
    expect(createRuleEvaluator({ operations: { twice: (x) => Number(x) * 2 }, arity: { twice: [1, 1] } }).arity.twice).toEqual([1, 1]);
    expect(createRuleEvaluator({ operations: { any: () => 1 } }).arity.any).toEqual([0, Number.POSITIVE_INFINITY]);
  });

  it('refuses a wrong number of arguments, naming where, before running anything', () => {
    expect(rules.check({ and: [{ '==': [{ var: 'a' }, 1, 2] }, { '!': [] }] })).toEqual([
      { path: '/and/0', message: "'==' takes 2 arguments, not 3" },
      { path: '/and/1', message: "'!' takes 1 argument, not 0" },
    ]);
    expect(rules.check({ if: [{ var: 'x' }, { date_between: [{ var: 'd' }, '1941-01-01'] }, { substr: ['abc'] }] })).toEqual([
      { path: '/if/1', message: "'date_between' takes 3 arguments, not 2" },
      { path: '/if/2', message: "'substr' takes 2 to 3 arguments, not 1" },
    ]);
    expect(rules.check({ and: [] })).toEqual([{ path: '', message: "'and' takes at least 1 argument, not 0" }]);
    // A lone argument that is not a list counts as one.
    expect(rules.check({ '!': { var: 'x' } })).toEqual([]);
    expect(() => rules.apply({ '==': [1] }, {})).toThrow(/'==' takes 2 arguments, not 1/);
  });

  it('refuses an object that is not one operation: JSON Logic would read it as a value, always truthy', () => {
    // What a merge of {"!=": [...]} with {"==": [...]} made: it used to pass and evaluate as true.
    const merged = { '!=': [{ var: 'a' }, 1], '==': [{ var: 'a' }, 1] };
    expect(rules.check(merged)).toEqual([{ path: '', message: "an object must be one operation, not '!=' and '=='" }]);
    expect(rules.check({ or: [false, {}] })).toEqual([{ path: '/or/1', message: 'an object must be one operation, not none' }]);
    expect(() => rules.apply(merged, { a: 2 })).toThrow(RuleError);
  });

  it('checks a very deep expression without overflowing the stack', () => {
    let deep: unknown = { var: 'x' };
    for (let i = 0; i < 20000; i += 1) deep = { '!': [deep] };
    expect(rules.check(deep)).toEqual([]);
  });

  it("never adds its operations to json-logic-js's shared registry", () => {
    rules.apply({ length: 'abc' }, {});
    expect(() => jsonLogic.apply({ length: 'abc' } as never, {})).toThrow(/Unrecognized operation/);
    expect(() => jsonLogic.apply({ date_between: ['2000-01-01', '1941-01-01', '2026-01-01'] } as never, {})).toThrow(/Unrecognized operation/);
  });

  it('compares ISO dates, rejecting impossible ones', () => {
    const between = (d: unknown) => rules.apply({ date_between: [d, '1941-01-01', '2026-11-21'] }, {});
    expect(between('1941-01-01')).toBe(true);
    expect(between('2026-11-21')).toBe(true);
    expect(between('2026-11-22')).toBe(false);
    expect(between('1940-12-31')).toBe(false);
    expect(between('1980-02-30')).toBe(false);
    expect(between('1980-05-04T00:00:00Z')).toBe(true);
    expect(between(null)).toBe(false);
    expect(toIsoDate('2024-02-29')).toBe('2024-02-29');
    expect(toIsoDate('2023-02-29')).toBeNull();
  });

  it('counts whole years between two dates as an age is counted', () => {
    const years = (from: unknown, to: unknown) => rules.apply({ years_between: [from, to] }, {});
    expect(years('2009-01-01', '2027-01-01')).toBe(18);
    expect(years('2009-01-02', '2027-01-01')).toBe(17);
    expect(years('2001-01-02', '2027-01-01')).toBe(25);
    expect(years('2001-01-01T00:00:00Z', '2027-01-01')).toBe(26);
    // Born on February 29: the year is full on March 1 of a common year, on February 29 of a leap one.
    expect(years('2008-02-29', '2026-02-28')).toBe(17);
    expect(years('2008-02-29', '2026-03-01')).toBe(18);
    expect(years('2008-02-29', '2028-02-29')).toBe(20);
    expect(years('2023-02-30', '2027-01-01')).toBeNull();
    expect(years(null, '2027-01-01')).toBeNull();
    expect(rules.check({ years_between: [{ var: 'a' }] })).toEqual([{ path: '', message: "'years_between' takes 2 arguments, not 1" }]);
  });

  it('tests strings against named patterns only', () => {
    expect(rules.apply({ matches: ['123456789', 'digits-9'] }, {})).toBe(true);
    expect(rules.apply({ matches: ['12345678a', 'digits-9'] }, {})).toBe(false);
    expect(rules.apply({ matches: [undefined, 'digits'] }, {})).toBe(false);
    expect(() => rules.apply({ matches: ['a', '^a$'] }, {})).toThrow(/Unknown pattern/);
  });

  it('has no operations for building request bodies: those are bindings (calls.ts)', () => {
    for (const op of ['object', 'assign', 'omit', 'except']) expect(rules.check({ [op]: [{ var: 'data' }, 'a'] }).length, op).toBe(1);
    expect(rules.apply({ length: [{ trim: '  ab ' }] }, {})).toBe(2);
  });

  it('evaluates engine operations inside standard ones with json-logic semantics', () => {
    const data = { items: [{ n: 'ab' }, { n: '' }], flag: false };
    expect(rules.apply({ map: [{ var: 'items' }, { length: { var: 'n' } }] }, data)).toEqual([2, 0]);
    expect(rules.apply({ filter: [{ var: 'items' }, { '>': [{ length: { var: 'n' } }, 0] }] }, data)).toEqual([{ n: 'ab' }]);
    expect(rules.apply({ all: [{ var: 'items' }, { '>=': [{ length: { var: 'n' } }, 0] }] }, data)).toBe(true);
    expect(rules.apply({ some: [{ var: 'items' }, { '==': [{ length: { var: 'n' } }, 2] }] }, data)).toBe(true);
    expect(rules.apply({ none: [{ var: 'items' }, { '>': [{ length: { var: 'n' } }, 5] }] }, data)).toBe(true);
    expect(rules.apply({ reduce: [{ var: 'items' }, { '+': [{ var: 'accumulator' }, { length: { var: 'current.n' } }] }, 0] }, data)).toBe(2);
    // if/and/or stay lazy: the branch not taken never runs (it would throw).
    expect(rules.apply({ if: [{ var: 'flag' }, { matches: ['x', 'no-such'] }, { length: 'abc' }] }, data)).toBe(3);
    expect(rules.apply({ and: [{ var: 'flag' }, { matches: ['x', 'no-such'] }] }, data)).toBe(false);
    expect(rules.apply({ or: [{ length: 'a' }, { matches: ['x', 'no-such'] }] }, data)).toBe(1);
    // Values computed by engine operations are passed on as values, never re-read as logic.
    expect(rules.apply({ '==': [{ trim: { var: 'o' } }, 1] }, { o: { var: 'x' }, x: 1 })).toBe(false);
    expect(rules.apply({ cat: [{ trim: ' a ' }, { var: 'x' }] }, { x: 'b' })).toBe('ab');
  });

  it('lets a caller add operations and narrow the standard list, but not shadow a standard one', () => {
    const custom = createRuleEvaluator({ operations: { twice: (x) => Number(x) * 2 }, standard: ['var', '=='] });
    expect(custom.apply({ '==': [{ twice: { var: 'n' } }, 4] }, { n: 2 })).toBe(true);
    expect(() => custom.apply({ '+': [1, 2] }, {})).toThrow(/not allowed: \+/);
    expect(() => createRuleEvaluator({ operations: { '==': () => true } })).toThrow(/shadow/);
    expect(() => createRuleEvaluator({ standard: ['log'] })).toThrow(/not a standard operation/);
    expect(rules.operations).toEqual(expect.arrayContaining([...STANDARD_OPERATIONS, 'date_between', 'matches']));
    expect(rules.operations).not.toContain('log');
  });

  it('takes the patterns and operations an application registers, and refuses one shadowing another', async () => {
    const hex = /^[0-9a-f]+$/;
    registerPatterns({ hex });
    registerPatterns({ hex });
    expect(rules.apply({ matches: ['c0ffee', 'hex'] }, {})).toBe(true);
    expect(rules.apply({ matches: ['coffee', 'hex'] }, {})).toBe(false);
    expect(() => registerPatterns({ hex: /^[0-9A-F]+$/ })).toThrow(/'hex' is registered already/);
    expect(() => registerPatterns({ digits: PATTERNS.email! })).toThrow(/'digits' is registered already/);

    let loads = 0;
    const thrice = { run: (x: unknown) => Number(x) * 3, arity: [1, 1] as const, load: async () => void (loads += 1) };
    expect(() => rules.apply({ thrice: 2 }, {})).toThrow(/not allowed: thrice/);
    registerRuleOperations({ thrice });
    expect(rules.apply({ '==': [{ thrice: { var: 'n' } }, 6] }, { n: 2 })).toBe(true);
    expect(rules.arity.thrice).toEqual([1, 1]);
    expect(createRuleEvaluator().operations).toContain('thrice');
    expect(() => registerRuleOperations({ thrice: { run: () => 0 } })).toThrow(/'thrice' is registered already/);
    expect(() => registerRuleOperations({ length: { run: () => 0 } })).toThrow(/'length' is an operation of the engine/);
    expect(() => registerRuleOperations({ '==': { run: () => 0 } })).toThrow(/'==' is an operation of the engine/);

    await loadOperationsOf({ rules: [{ assert: { '==': [1, 1] } }] });
    expect(loads).toBe(0);
    await loadOperationsOf({ rules: [{ assert: { '>': [{ thrice: { var: 'data.n' } }, 3] } }] });
    expect(loads).toBe(1);
  });
});
