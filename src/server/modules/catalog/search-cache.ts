/**
 * Search answers cached in this process, keyed by the catalog version that PostgreSQL bumps on
 * every catalog write. Each request reads the version first, so an app server never serves an
 * answer from before a write that another server made: the cache stays correct with many servers.
 * Only ids and counts are cached; like counts are read fresh with the products.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly maxEntries = 1000) {}

  get(version: number, key: string): V | undefined {
    const k = `${version}\u0000${key}`;
    const hit = this.entries.get(k);
    if (hit !== undefined) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.entries.delete(k);
      this.entries.set(k, hit);
    }
    return hit;
  }

  set(version: number, key: string, value: V): void {
    const k = `${version}\u0000${key}`;
    this.entries.set(k, value);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
