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

/**
 * How much a cache may keep: so many entries, and (issue 53) so many bytes of them, as `sizeOf`
 * reckons an answer once it has come. A count alone let a stranger's crafted addresses fill a
 * cache of big answers (a drawn page is 50 KB): 4,000 of them took a server from 266 MB to 792.
 */
export interface CacheLimits<V> {
  entries: number;
  bytes?: number;
  /** An answer's bytes, with its key's where those could be many. */
  sizeOf?: (value: V, key: string) => number;
}

interface Kept<V> extends CacheEntry<V> {
  /** 0 until the answer has come and been sized. */
  bytes: number;
}

export class VersionedCache<V> {
  private readonly entries = new Map<string, Kept<V>>();
  private readonly limits: Required<CacheLimits<V>>;
  private keptBytes = 0;

  constructor(limits: number | CacheLimits<V> = 1000) {
    const given = typeof limits === 'number' ? { entries: limits } : limits;
    this.limits = { entries: given.entries, bytes: given.bytes ?? Infinity, sizeOf: given.sizeOf ?? (() => 0) };
  }

  /** The bytes the answers kept come to, as reckoned (the benchmark and tests read it). */
  get bytes() {
    return this.keptBytes;
  }

  get size() {
    return this.entries.size;
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.keptBytes -= entry.bytes;
  }

  /** The least recently used go until both limits hold. */
  private evict() {
    while (this.entries.size > this.limits.entries || this.keptBytes > this.limits.bytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
  }

  private sized(value: V, key: string): number | null {
    try {
      return this.limits.sizeOf(value, key);
    } catch {
      return null;
    }
  }

  /** The latest entry for the key, whatever its version: the caller checks the version. */
  peek(key: string): CacheEntry<V> | undefined {
    return this.entries.get(key);
  }

  /** The answer for the key at this version, computed (once) if the cache has none. */
  get(version: CacheTag, key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    this.drop(key);
    const entry: Kept<V> = { version, value: compute(), bytes: 0 };
    this.entries.set(key, entry);
    // A failed query is not an answer: the next request tries again. Only an answer makes room
    // (the least recently used goes), so a flood of failures (unknown pages) pushes none out.
    entry.value.then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        const bytes = this.sized(value, key);
        // Not kept: an answer bigger than the whole limit (it would push out everything else), or
        // one that could not be sized. It is still the answer to those who asked.
        if (bytes === null || bytes > this.limits.bytes) return this.drop(key);
        entry.bytes = bytes;
        this.keptBytes += bytes;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.drop(key);
      },
    );
    return entry.value;
  }
}

/**
 * An answer's bytes as kept: its objects, and the JSON text and gzip that `jsonAnswer` keeps beside
 * it once sent. About three times its JSON's length (measured with the benchmark's crafted
 * addresses, docs/decisions/0047); one JSON.stringify per answer computed, not per answer sent.
 */
export const answerBytes = (value: unknown) => 3 * (JSON.stringify(value)?.length ?? 0);

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
