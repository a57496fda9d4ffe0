import { describe, expect, it } from 'vitest';
import { VersionedCache } from './search-cache.ts';

describe('the versioned search cache', () => {
  it('answers from the cache within a version and asks again after it changes', async () => {
    const cache = new VersionedCache<number>();
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get(1, 'silk', compute)).toBe(1);
    expect(await cache.get(1, 'silk', compute)).toBe(1);
    expect(await cache.get(2, 'silk', compute)).toBe(2);
  });

  it('runs one query for concurrent misses of the same term', async () => {
    const cache = new VersionedCache<string>();
    let calls = 0;
    const slow = () => new Promise<string>((r) => setTimeout(() => r(`answer ${++calls}`), 10));
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get(7, 'saree', slow)));
    expect(new Set(answers)).toEqual(new Set(['answer 1']));
    expect(calls).toBe(1);
  });

  it('lets the caller see the latest entry and its version', async () => {
    const cache = new VersionedCache<string>();
    expect(cache.peek('silk')).toBeUndefined();
    await cache.get(3, 'silk', async () => 'v3');
    const seen = cache.peek('silk')!;
    expect(seen.version).toBe(3);
    expect(await seen.value).toBe('v3');
    await cache.get(4, 'silk', async () => 'v4');
    expect(cache.peek('silk')!.version).toBe(4);
  });

  it('does not keep a failure', async () => {
    const cache = new VersionedCache<string>();
    await expect(cache.get(1, 'x', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get(1, 'x', async () => 'ok')).toBe('ok');
  });

  it('forgets the least recently used entries beyond its size', async () => {
    const cache = new VersionedCache<string>(2);
    await cache.get(1, 'a', async () => 'a1');
    await cache.get(1, 'b', async () => 'b1');
    await cache.get(1, 'a', async () => 'a2'); // a is now the most recent
    await cache.get(1, 'c', async () => 'c1'); // b goes
    expect(await cache.get(1, 'a', async () => 'a3')).toBe('a1');
    expect(await cache.get(1, 'b', async () => 'b2')).toBe('b2');
  });

  it('lets no failure push an answer out (a flood of unknown pages keeps the real ones)', async () => {
    const cache = new VersionedCache<string>(2);
    await cache.get(1, 'a', async () => 'a1');
    await cache.get(1, 'b', async () => 'b1');
    for (const key of ['x', 'y', 'z']) await expect(cache.get(1, key, () => Promise.reject(new Error('404')))).rejects.toThrow();
    expect(await cache.get(1, 'a', async () => 'a2')).toBe('a1');
    expect(await cache.get(1, 'b', async () => 'b2')).toBe('b1');
  });

  it('keeps no more bytes than its limit, the least recently used going first, and counts what goes', async () => {
    const cache = new VersionedCache<string>({ entries: 100, bytes: 10, sizeOf: (v) => v.length });
    await cache.get(1, 'a', async () => 'aaaa');
    await cache.get(1, 'b', async () => 'bbbb');
    expect(cache.bytes).toBe(8);
    await cache.get(1, 'a', async () => 'never'); // a is now the most recent
    await cache.get(1, 'c', async () => 'cccc'); // 12 bytes: b goes
    expect([cache.size, cache.bytes]).toEqual([2, 8]);
    expect(await cache.get(1, 'a', async () => 'never')).toBe('aaaa');
    expect(await cache.get(1, 'b', async () => 'b2')).toBe('b2');
    // A new version replaces its key's bytes; an answer bigger than the whole limit is answered,
    // not kept, and pushes nothing out.
    await cache.get(2, 'b', async () => 'b');
    expect(cache.bytes).toBe(9);
    expect(await cache.get(1, 'huge', async () => 'x'.repeat(11))).toHaveLength(11);
    expect([cache.size, cache.bytes]).toEqual([3, 9]);
    expect(await cache.get(1, 'a', async () => 'never')).toBe('aaaa');
  });

  it('keeps nothing it cannot size, and still answers', async () => {
    const unsizable = () => {
      throw new Error('no size');
    };
    const cache = new VersionedCache<string>({ entries: 10, bytes: 100, sizeOf: unsizable });
    expect(await cache.get(1, 'a', async () => 'a1')).toBe('a1');
    await Promise.resolve();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});
