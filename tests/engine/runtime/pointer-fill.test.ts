import { describe, expect, it } from 'vitest';
import { getAtPointer, setAtPointer, valuesFromAnswer, withoutPointers } from '#engine/runtime/index.ts';

describe('setAtPointer', () => {
  it('answers a copy with the value set, creating what is missing, leaving the original alone', () => {
    const original = { a: 1, nested: { b: 2 }, list: [{ c: 3 }] };
    const copy = setAtPointer(original, '/nested/b', 20) as typeof original;
    expect(copy).toEqual({ a: 1, nested: { b: 20 }, list: [{ c: 3 }] });
    expect(original.nested.b).toBe(2);
    expect(copy.list).toBe(original.list);
    expect(setAtPointer(original, '/list/0/c', 30)).toEqual({ a: 1, nested: { b: 2 }, list: [{ c: 30 }] });
    expect(setAtPointer({}, '/x/y', 'z')).toEqual({ x: { y: 'z' } });
    expect(setAtPointer({}, '/a~1b', 1)).toEqual({ 'a/b': 1 });
    expect(setAtPointer({ a: 1 }, '', 'whole')).toBe('whole');
  });
});

describe('valuesFromAnswer', () => {
  it('maps answer properties to field pointers and leaves out what the answer lacks', () => {
    expect(valuesFromAnswer({ city: 'Aurora', state: 'OR', share: 0.8 }, { '/city': 'city', '/stateorprovince': 'state', '/county': 'countyname' })).toEqual({
      '/city': 'Aurora',
      '/stateorprovince': 'OR',
    });
  });
});

describe('withoutPointers', () => {
  it('answers a copy without the values at each pattern, a * reaching every item, leaving the original alone', () => {
    const original = { ssn: '123456789', name: 'Jane', people: [{ ssn: '987654321', name: 'Sam' }, { name: 'Ann' }] };
    const copy = withoutPointers(original, ['/ssn', '/people/*/ssn']);
    expect(copy).toEqual({ name: 'Jane', people: [{ name: 'Sam' }, { name: 'Ann' }] });
    expect(JSON.stringify(copy)).not.toContain('ssn');
    expect(original.people[0]!.ssn).toBe('987654321');
    expect(original.ssn).toBe('123456789');
    expect(withoutPointers(original, ['/missing/*/x', '/name/deeper'])).toEqual(original);
    expect(withoutPointers('plain', ['/a'])).toBe('plain');
  });
});

describe('getAtPointer (RFC 6901)', () => {
  // RFC 6901 section 5: every example, as [pointer, value].
  const document = { foo: ['bar', 'baz'], '': 0, 'a/b': 1, 'c%d': 2, 'e^f': 3, 'g|h': 4, 'i\\j': 5, 'k"l': 6, ' ': 7, 'm~n': 8 };
  it.each([
    ['', document],
    ['/foo', ['bar', 'baz']],
    ['/foo/0', 'bar'],
    ['/', 0],
    ['/a~1b', 1],
    ['/c%d', 2],
    ['/e^f', 3],
    ['/g|h', 4],
    ['/i\\j', 5],
    ['/k"l', 6],
    ['/ ', 7],
    ['/m~0n', 8],
  ] as const)('%j is %j', (pointer, value) => {
    expect(getAtPointer(document, pointer)).toEqual(value);
  });

  it('answers nothing for a missing step or a key of the prototype, and refuses a pointer without its slash', () => {
    expect(getAtPointer(document, '/foo/2')).toBeUndefined();
    expect(getAtPointer(document, '/constructor')).toBeUndefined();
    expect(() => getAtPointer(document, 'foo')).toThrow(/Not a JSON pointer/);
  });
});
