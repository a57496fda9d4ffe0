/**
 * What this app server knows of the catalog without asking the database (issue 19): its version,
 * pushed by PostgreSQL's NOTIFY (or PGlite's, in process) from the trigger on catalog_version
 * (drizzle/0026), and a count of like changes heard. While the watch is live a cached answer is
 * checked against memory, not a round trip; while it is not (starting, or its connection lost and
 * being made again) every request reads the version as before, and answers carrying like counts
 * are not cached at all. So a lost connection costs speed, never correctness.
 */
import crypto from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { notifyFence } from './catalog-watch.queries.ts';
import { currentCatalogVersion } from './search.queries.ts';

const CATALOG = 'vastra_catalog';
const LIKES = 'vastra_likes';
/** Stock counts and the owner's settings (drizzle/0027): product ids, or empty for "anything". */
const SHOP = 'vastra_shop';
/** An order's status or its parcel moved (drizzle/0031): the order's number. */
const PARCELS = 'vastra_parcels';
/** Orders whose parcels moved, remembered one by one up to this many; past it, all of them are forgotten at once. */
const PARCELS_REMEMBERED = 50_000;
/** A write's fence (refresh): each server hears its own among every server's. */
const FENCE = 'vastra_fence';
/** How long a write's answer waits to hear its fence before dropping everything kept instead. */
const FENCE_WAIT_MS = 2_000;
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
  /** Changes heard to one order's status or parcel (issue 48; meaningful only beside a live stamp). */
  parcelOf(orderNumber: string): string;
  /**
   * After this server changed something, before its answer leaves: wait until this server has
   * heard every notification of what was committed so far (its own fence, NOTIFY'd now, comes
   * back after them), so the writer's next request here never sees the world before its write:
   * a like, a sale's stock, the owner's settings or catalog, whatever wrote them. What the write
   * did not touch stays kept. Dropping everything kept on every write instead (a sign-in, a cart
   * line) emptied every kept page and rebuilt the filter index, 2 s of a core at 100,000 pieces.
   */
  refresh(): Promise<void>;
  /** Resolves when the first attempt to listen has finished, live or not (tests wait on it). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Orders whose status or parcel moved, each with a count of changes heard; all forgotten at once when too many, or when something may have been missed. */
function parcelMemory() {
  const moves = new Map<string, number>();
  let forgotten = 0;
  const forget = () => {
    moves.clear();
    forgotten++;
  };
  return {
    forget,
    moved(orderNumber: string) {
      if (moves.size >= PARCELS_REMEMBERED) forget();
      moves.set(orderNumber, (moves.get(orderNumber) ?? 0) + 1);
    },
    of: (orderNumber: string) => `${forgotten}.${moves.get(orderNumber) ?? 0}`,
  };
}

export function createCatalogWatch(database: Database, log: (line: string) => void = () => {}): CatalogWatch {
  const { db } = database;
  let version = 0;
  let likes = 0;
  let shop = 0;
  let stockChanges = 0;
  // Grows only with the products whose stock moved while this server ran: at most the catalog.
  const stock = new Map<number, number>();
  const parcels = parcelMemory();
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
  // This server's fences waiting to be heard, by token.
  const fences = new Map<string, () => void>();
  const fencePrefix = `${crypto.randomUUID()}:`;
  let fenceCount = 0;
  /** What a write could have changed, all of it: for when its fence is not heard. */
  const dropAll = () => {
    likes++;
    shop++;
    stockChanges++;
    parcels.forget();
  };

  const heard = (channel: string, payload: string) => {
    if (channel === FENCE) fences.get(payload)?.();
    else if (channel === CATALOG) learn(Number(payload));
    else if (channel === LIKES) likes++;
    else if (channel === PARCELS) parcels.moved(payload);
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
      listener = await database.listen([CATALOG, LIKES, SHOP, PARCELS, FENCE], heard, lost);
      learn(await currentCatalogVersion(db));
      if (closed) return void (await listener.stop());
      // Likes, stock or settings that moved while nobody listened: whatever was cached before is dropped.
      likes++;
      shop++;
      parcels.forget();
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
    parcelOf: parcels.of,
    async refresh() {
      if (!live) return;
      const token = `${fencePrefix}${++fenceCount}`;
      let timer: NodeJS.Timeout | undefined;
      const back = new Promise<boolean>((resolve) => {
        fences.set(token, () => resolve(true));
        timer = setTimeout(() => resolve(false), FENCE_WAIT_MS);
      });
      try {
        await notifyFence(db, FENCE, token);
        if (await back) return;
      } catch {
        // The fence could not be sent: the same as not heard.
      } finally {
        clearTimeout(timer);
        fences.delete(token);
      }
      dropAll();
      learn(await currentCatalogVersion(db));
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
    parcelOf: () => '0',
    refresh: async () => {},
    ready: Promise.resolve(),
    close: async () => {},
  };
}
