/**
 * The behaviours of lru-cache the server's caches rely on (compiled validators, verified tokens, quote answers,
 * sessions, content codings), so an upgrade that changed them fails here first.
 */
import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';

describe('lru-cache, as the server uses it', () => {
  it('forgets the least recently used entry past its max; a read makes an entry the most recent', () => {
    const cache = new LRUCache<string, number>({ max: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });

  it('with sizes, also forgets the least recently used entries until the sizes kept fit, and keeps none too large', () => {
    const cache = new LRUCache<string, string>({ max: 10, maxSize: 10, sizeCalculation: (value) => value.length });
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual(['aaaa', 'cccc']);
    expect(cache.calculatedSize).toBe(8);
    cache.set('a', 'aa');
    expect(cache.calculatedSize).toBe(6);
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.calculatedSize).toBe(6);
    cache.delete('c');
    expect(cache.calculatedSize).toBe(2);
  });
});
