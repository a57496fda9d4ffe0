/**
 * Search answers cached in this process, each tagged with the catalog version that PostgreSQL bumps
 * on every catalog write. A request reads the version before it trusts an entry, so an app server
 * never serves an answer from before a write that another server made: the cache stays correct with
 * many servers. Only catalog data is cached; like counts are read fresh.
 *
 * The promise is what is cached, so concurrent requests for a term that just missed share one
 * query instead of each running it (after a catalog write, under load).
 */
/** What an entry was computed at: the catalog version, or a version and a like-change count. */
export type CacheTag = number | string;

export interface CacheEntry<V> {
  version: CacheTag;
  value: Promise<V>;
}

export class VersionedCache<V> {
  private readonly entries = new Map<string, CacheEntry<V>>();

  constructor(private readonly maxEntries = 1000) {}

  private evictBeyond(max: number) {
    while (this.entries.size > max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** The latest entry for the key, whatever its version: the caller checks the version. */
  peek(key: string): CacheEntry<V> | undefined {
    return this.entries.get(key);
  }

  /** The answer for the key at this version, computed (once) if the cache has none. */
  get(version: CacheTag, key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    // Map keeps insertion order: re-inserting makes this the most recently used.
    this.entries.delete(key);
    if (hit && hit.version === version) {
      this.entries.set(key, hit);
      return hit.value;
    }
    const entry = { version, value: compute() };
    this.entries.set(key, entry);
    // A failed query is not an answer: the next request tries again. Only an answer makes room
    // (the least recently used goes), so a flood of failures (unknown pages) pushes none out.
    entry.value.then(
      () => this.evictBeyond(this.maxEntries),
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }
}

/**
 * The one normalisation of a search term: it is both the cache key and the term the SQL searches
 * for, so two terms share a cache entry only if they send the same text to the database.
 *
 * Case folding beyond ASCII is left to PostgreSQL's lower(), which also folded the stored search
 * text: JavaScript folds differently (`İ` becomes `i̇`, PostgreSQL's C locale leaves it alone), and
 * a key folded by one with an answer folded by the other let whichever term came first decide what
 * the other got. ASCII letters fold the same everywhere, so `Silk` and `silk` still share an entry.
 * NFC makes a composed and a decomposed `é` one term.
 */
export function searchKey(term: string): string {
  return term.normalize('NFC').replace(/[A-Z]+/g, (s) => s.toLowerCase());
}
