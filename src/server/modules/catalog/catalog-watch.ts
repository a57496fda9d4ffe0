/**
 * What this app server knows of the catalog without asking the database (issue 19): its version,
 * pushed by PostgreSQL's NOTIFY (or PGlite's, in process) from the trigger on catalog_version
 * (drizzle/0026), and a count of like changes heard. While the watch is live a cached answer is
 * checked against memory, not a round trip; while it is not (starting, or its connection lost and
 * being made again) every request reads the version as before, and answers carrying like counts
 * are not cached at all. So a lost connection costs speed, never correctness.
 */
import type { Database } from '../../db/client.ts';
import { currentCatalogVersion } from './search.queries.ts';

const CATALOG = 'vastra_catalog';
const LIKES = 'vastra_likes';
/** Stock counts and the owner's settings (drizzle/0027): product ids, or empty for "anything". */
const SHOP = 'vastra_shop';
/** A notification lost without the connection noticing (a half-open socket) is caught by this read. */
const SAFETY_READ_MS = 30_000;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/** What a cached answer is tagged with: it stands while both are unchanged. */
export interface CatalogStamp {
  catalog: number;
  likes: number;
  /** Changes heard to what else a drawn page shows: the owner's settings, or stock beyond a few products. */
  shop: number;
  /** Changes heard to any product's stock counts (the filters' "in stock only" and sizes). */
  stock: number;
}

export interface CatalogWatch {
  /** The catalog's version: from memory while live, else read. */
  version(): Promise<number>;
  /** The stamp while live; null when answers carrying like counts must be read fresh. */
  live(): CatalogStamp | null;
  /** Changes heard to one product's stock counts (meaningful only beside a live stamp). */
  stockOf(productId: number): number;
  /**
   * After this server changed something: read the version now, so the next request here sees the
   * write even if the notification is still on its way.
   */
  refresh(): Promise<void>;
  /**
   * This server changed a like: answers carrying like counts are dropped now, not when the
   * notification comes. Said by the likes' own writes only: a cart line or a sign-in that did it
   * too emptied every kept page and rebuilt the filter index (2 s of a core at 100,000 pieces).
   */
  likesMoved(): void;
  /** Resolves when the first attempt to listen has finished, live or not (tests wait on it). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function createCatalogWatch(database: Database, log: (line: string) => void = () => {}): CatalogWatch {
  const { db } = database;
  let version = 0;
  let likes = 0;
  let shop = 0;
  let stockChanges = 0;
  // Grows only with the products whose stock moved while this server ran: at most the catalog.
  const stock = new Map<number, number>();
  let live = false;
  let closed = false;
  let listener: { stop(): Promise<void> } | null = null;
  let retryIn = RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;
  let safety: NodeJS.Timeout | undefined;

  // Versions only grow: a notification and a read racing each other keep the later one.
  const learn = (v: number) => {
    if (Number.isSafeInteger(v) && v > version) version = v;
  };
  const heard = (channel: string, payload: string) => {
    if (channel === CATALOG) learn(Number(payload));
    else if (channel === LIKES) likes++;
    else {
      const ids = payload.split(',').map(Number);
      stockChanges++;
      if (payload === '' || !ids.every(Number.isSafeInteger)) shop++;
      else for (const id of ids) stock.set(id, (stock.get(id) ?? 0) + 1);
    }
  };

  const lost = (err: Error) => {
    live = false;
    listener = null;
    clearInterval(safety);
    if (!closed) log(`Catalog watch lost its connection (${err.message}); reading the version per request until it is back.`);
    again();
  };

  function again() {
    if (closed) return;
    retry = setTimeout(() => void start(), retryIn).unref();
    retryIn = Math.min(retryIn * 2, RETRY_MAX_MS);
  }

  async function start(): Promise<void> {
    try {
      // Listen first, then read: a write committed in between is in the read or in a notification.
      listener = await database.listen([CATALOG, LIKES, SHOP], heard, lost);
      learn(await currentCatalogVersion(db));
      if (closed) return void (await listener.stop());
      // Likes, stock or settings that moved while nobody listened: whatever was cached before is dropped.
      likes++;
      shop++;
      live = true;
      retryIn = RETRY_FIRST_MS;
      safety = setInterval(() => void currentCatalogVersion(db).then(learn, () => {}), SAFETY_READ_MS).unref();
    } catch (err) {
      await listener?.stop().catch(() => {});
      listener = null;
      if (!closed) log(`Catalog watch could not listen (${(err as Error).message}); trying again.`);
      again();
    }
  }

  const ready = start();

  return {
    version: async () => (live ? version : currentCatalogVersion(db)),
    live: () => (live ? { catalog: version, likes, shop, stock: stockChanges } : null),
    stockOf: (productId) => stock.get(productId) ?? 0,
    async refresh() {
      if (live) learn(await currentCatalogVersion(db));
    },
    likesMoved() {
      if (live) likes++;
    },
    ready,
    async close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      clearInterval(safety);
      await listener?.stop();
    },
  };
}

/** No listening: every request reads the version (an app made without a watch, a test's second server). */
export function unwatchedCatalog(database: Pick<Database, 'db'>): CatalogWatch {
  return {
    version: () => currentCatalogVersion(database.db),
    live: () => null,
    stockOf: () => 0,
    refresh: async () => {},
    likesMoved: () => {},
    ready: Promise.resolve(),
    close: async () => {},
  };
}
