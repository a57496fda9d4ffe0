/**
 * Search answers cached in this process, keyed by the catalog version that PostgreSQL bumps on
 * every catalog write. Each request reads the version first, so an app server never serves an
 * answer from before a write that another server made: the cache stays correct with many servers.
 * Only ids and counts are cached; like counts and product fields are read fresh for the ids.
 *
 * The promise is what is cached, so concurrent requests for a term that just missed share one
 * query instead of each running it (after a catalog write, under load).
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, Promise<V>>();

  constructor(private readonly maxEntries = 1000) {}

  get(version: number, key: string, compute: () => Promise<V>): Promise<V> {
    const k = `${version}\u0000${key}`;
    const hit = this.entries.get(k);
    if (hit) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.entries.delete(k);
      this.entries.set(k, hit);
      return hit;
    }
    const value = compute();
    this.entries.set(k, value);
    // A failed query is not an answer: the next request tries again.
    value.catch(() => this.entries.delete(k));
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }
}
