import { describe, expect, it } from 'vitest';
import { mergePatch, resolveDocument } from '#engine/core/index.ts';

// RFC 7396 Appendix A: every example, as [target, patch, result].
const rfcExamples: Array<[unknown, unknown, unknown]> = [
  [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
  [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
  [{ a: 'b' }, { a: null }, {}],
  [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
  [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
  [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
  [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
  [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
  [['a', 'b'], ['c', 'd'], ['c', 'd']],
  [{ a: 'b' }, ['c'], ['c']],
  [{ a: 'foo' }, null, null],
  [{ a: 'foo' }, 'bar', 'bar'],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [[1, 2], { a: 'b', c: null }, { a: 'b' }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
];

describe('mergePatch (RFC 7396)', () => {
  it.each(rfcExamples)('%j patched with %j is %j', (target, patch, result) => {
    expect(mergePatch(target, patch)).toEqual(result);
  });

  it('changes neither the target nor the patch, and shares no objects with the patch', () => {
    const target = { a: { b: 1 }, list: [1] };
    const patch = { a: { c: 2 }, list: [{ x: 1 }] };
    const merged = mergePatch(target, patch) as { list: unknown[] };
    expect(target).toEqual({ a: { b: 1 }, list: [1] });
    expect(patch).toEqual({ a: { c: 2 }, list: [{ x: 1 }] });
    expect(merged.list[0]).not.toBe(patch.list[0]);
  });

  it('keeps a __proto__ member of a patch as a plain member', () => {
    const merged = mergePatch({}, JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.keys(merged)).toEqual(['__proto__']);
  });
});

describe('resolveDocument', () => {
  it('answers a copy of the base without a patch, and the merged document with one', () => {
    const base = { id: 'x', messages: { a: 'A', b: 'B' } };
    const copy = resolveDocument(base);
    expect(copy).toEqual(base);
    expect(copy).not.toBe(base);
    expect(resolveDocument(base, { messages: { a: 'Changed', b: null } })).toEqual({ id: 'x', messages: { a: 'Changed' } });
  });
});
