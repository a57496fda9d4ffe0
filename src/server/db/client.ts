/**
 * One database handle for the whole app: embedded PGlite in a folder by default, or a PostgreSQL
 * server when a URL is given. The same Drizzle schema, queries and migrations serve both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataFolder } from './data-lock.ts';
import { DatabaseConnectError } from './db-errors.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server's URL, for work that needs a connection of its own (migration lock). */
  url?: string;
  /**
   * Hears NOTIFY on the channels from now on (resolves once listening). `lost` is called once if
   * the connection drops; the caller listens again. PGlite's never drops: it is this process.
   */
  listen(channels: string[], heard: Heard, lost: (err: Error) => void): Promise<{ stop(): Promise<void> }>;
  /**
   * The embedded database's folder as one gzipped tar, taken between statements (PGlite's
   * `dumpDataDir`): what `npm run backup` keeps. PostgreSQL has pg_dump and its provider's backups.
   */
  dump?(): Promise<Buffer>;
  close(): Promise<void>;
}

export type Heard = (channel: string, payload: string) => void;

export { DatabaseConnectError };

/** Extensions the migrations need; PGlite loads them from the package. */
export const pgliteExtensions = { pg_trgm };

/**
 * The embedded database: a folder of ours (locked for this process while open, db/data-lock.ts),
 * in memory (no `dir`), or an instance a test made. `logger` hears every statement (a test counting them).
 */
export async function openPglite(source: { dir?: string; pglite?: PGlite; shop?: boolean; logger?: Logger }): Promise<Database> {
  let client = source.pglite;
  let lock: { release(): void } | undefined;
  if (!client) {
    if (source.dir) {
      fs.mkdirSync(source.dir, { recursive: true });
      lock = lockDataFolder(source.dir, { shop: source.shop });
    }
    try {
      client = await PGlite.create({ dataDir: source.dir, extensions: pgliteExtensions });
    } catch (err) {
      lock?.release();
      throw err;
    }
  }
  const owned = client;
  return {
    db: drizzlePglite(owned, { schema, logger: source.logger }) as unknown as Db,
    kind: 'pglite',
    listen: async (channels, heard) => {
      const stops = await Promise.all(channels.map((channel) => owned.listen(channel, (payload) => heard(channel, payload))));
      return { stop: async () => void (await Promise.all(stops.map((stop) => stop()))) };
    },
    dump: async () => Buffer.from(await (await owned.dumpDataDir('gzip')).arrayBuffer()),
    close: async () => {
      try {
        await owned.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** How long a request may wait for a pooled connection before it is told the shop is busy. */
const POOL_WAIT_MS = 10_000;

export async function openPostgres(url: string, poolSize = 10, logger?: Logger): Promise<Database> {
  // A wrong URL must say so at start within seconds, not hang.
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await probe.connect();
  } catch (err) {
    throw new DatabaseConnectError(`Could not connect to the database at DATABASE_URL (${describeUrl(url)}): ${(err as Error).message}`);
  } finally {
    await probe.end().catch(() => {});
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: POOL_WAIT_MS });
  // Without a listener an idle client's network error would crash the process.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  return { db: drizzlePg(pool, { schema, logger }) as unknown as Db, kind: 'postgres', url, listen: (...args) => listenPostgres(url, ...args), close: () => pool.end() };
}

/** How the listening connection names itself in pg_stat_activity. */
export const LISTENER_NAME = 'vastra-listen';

/**
 * A connection of its own, outside the pool: a pooled one goes back to other work and its LISTEN
 * with it. (A pooler in transaction mode, PgBouncer's, cannot LISTEN at all: the URL must reach
 * PostgreSQL or a session-mode pooler.)
 */
async function listenPostgres(url: string, channels: string[], heard: Heard, lost: (err: Error) => void) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true, application_name: LISTENER_NAME });
  let gone = false;
  const drop = (err: Error) => {
    if (gone) return;
    gone = true;
    client.removeAllListeners('notification');
    void client.end().catch(() => {});
    lost(err);
  };
  client.on('error', drop);
  client.on('end', () => drop(new Error('The listening connection ended')));
  client.on('notification', (n) => heard(n.channel, n.payload ?? ''));
  try {
    await client.connect();
    for (const channel of channels) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  } catch (err) {
    gone = true;
    await client.end().catch(() => {});
    throw err;
  }
  return {
    stop: async () => {
      gone = true;
      await client.end().catch(() => {});
    },
  };
}

/** `shop`: the process is the shop itself, which takes the owner's commands while it holds the embedded folder. */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string }, as: { shop?: boolean } = {}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite({ dir: path.join(opts.dataDir, 'pgdata'), shop: as.shop });
}

/** node-postgres' words when no pooled connection came free in time: overload, not a bug. */
export function isPoolExhausted(err: unknown): boolean {
  return err instanceof Error && /timeout exceeded when trying to connect/i.test(err.message);
}

/** host:port/db without the password, for messages. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'unparseable URL';
  }
}
