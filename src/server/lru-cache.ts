/**
 * A map of at most `limit` entries that forgets the least recently used one first: a value read or written becomes
 * the most recent. For the server's in-memory caches of things it can always make again (compiled validators,
 * verified tokens, quote answers, sessions, content codings). Given a `maxSize` and a `sizeOf`, it also forgets
 * the least recently used entries until the sizes of those kept add up to at most `maxSize`; an entry larger than
 * that is not kept at all.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();
  private sizes = 0;
  constructor(
    private readonly limit: number,
    private readonly bySize?: { maxSize: number; sizeOf: (value: V) => number },
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    if (this.bySize && size > this.bySize.maxSize) return;
    this.entries.set(key, value);
    this.sizes += size;
    while (this.entries.size > this.limit || (this.bySize && this.sizes > this.bySize.maxSize)) {
      this.delete(this.entries.keys().next().value!);
    }
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.sizes -= this.sizeOf(value);
  }

  clear(): void {
    this.entries.clear();
    this.sizes = 0;
  }

  /** The sum of the sizes of the entries kept (0 without `sizeOf`). */
  get totalSize(): number {
    return this.sizes;
  }

  private sizeOf(value: V): number {
    return this.bySize ? this.bySize.sizeOf(value) : 0;
  }
}
