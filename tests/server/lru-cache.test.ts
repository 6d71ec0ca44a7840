import { describe, expect, it } from 'vitest';
import { LruCache } from '#server/lru-cache.ts';

describe('LruCache', () => {
  it('forgets the least recently used entry past its limit; a read makes an entry the most recent', () => {
    const cache = new LruCache<string, number>(2);
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
});
