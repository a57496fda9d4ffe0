/**
 * A fresh database and the whole app for one test file. Requests go through Hono's app.request,
 * the same code path a socket takes, with the same middleware and error handling.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { testPasswordHashing } from './password-hashing.ts';
import pg from 'pg';
import type { Logger } from 'drizzle-orm';
import { inject } from 'vitest';
import { createApp, type PageRenderer } from '../app.ts';
import { composeShop, type Shop, type ShopConfig } from '../compose.ts';
import type { AppConfig } from '../env.ts';
import { openPglite, openPostgres, pgliteExtensions, type Database } from '../db/client.ts';
import { createCatalogWatch, type CatalogWatch } from '../modules/catalog/catalog-watch.ts';
import type { Storage } from '../storage/storage.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: Database;
  imagesDir: string;
  /** The import folder (IMPORT_DIR), not made until a test makes it. */
  importDir: string;
  /** On PostgreSQL: the database's URL, for a second app server over it. */
  databaseUrl?: string;
  /** The services `app` serves, as compose.ts made them (the payments' reconcile step, the owner's grant). */
  shop: Shop;
  /** Another app over the same database with the same configuration, as a second app server is. */
  another(db: Database['db'], watch?: CatalogWatch): ReturnType<typeof createApp>;
  /** The catalog watch, when the app was made with one (`watch: true`). */
  watch?: CatalogWatch;
  get(url: string): Promise<Response>;
  close(): Promise<void>;
}

interface Throwaway {
  database: Database;
  /** On PostgreSQL, where a second app server would connect. */
  url?: string;
  drop: () => Promise<void>;
}

/** A new database on the test server: a copy of the migrated, seeded template, or empty. */
export async function throwawayPostgres(from: 'template' | 'empty', poolSize = 4, logger?: Logger): Promise<Throwaway> {
  const template = new URL(inject('pgTemplateUrl'));
  const name = `vastra_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}${from === 'template' ? ` template ${template.pathname.slice(1)}` : ''}`);
  const url = new URL(template);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), poolSize, logger);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close().catch(() => {});
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function freshDatabase(logger?: Logger): Promise<Throwaway> {
  if (inject('dbKind') === 'postgres') return throwawayPostgres('template', 4, logger);
  const loadDataDir = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  const pglite = await PGlite.create({ loadDataDir, extensions: pgliteExtensions });
  return { database: await openPglite({ pglite, logger }), drop: async () => {} };
}

/** A stand-in for Vite's output: an index.html shaped like the real one. Removed with the app. */
export const FAKE_INDEX_HTML =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Vastra</title><meta name="description" content="built" /></head><body><div id="root"><div class="app-loading" role="status">Loading application...</div></div></body></html>';

export interface TestAppOptions {
  /** Serve the web app's pages too (from a stand-in index.html). */
  web?: boolean;
  publicUrl?: string;
  requireEmailVerification?: boolean;
  trustProxyHops?: number;
  /** Called when a mail is written to the outbox (a test's own sender may go at once). */
  mailWritten?: () => void;
  /** Razorpay's keys and API (a local stand-in, src/server/test/razorpay-standin.ts); unset, the test mode. */
  razorpay?: AppConfig['razorpay'];
  /** Shiprocket's API user (the local courier's, src/server/modules/shipping/local-courier.ts); unset, no courier. */
  shiprocket?: ShopConfig['shiprocket'];
  /** The shop's own password hashing, as in production (src/server/test/password-hashing.ts says why the others use less). */
  shopPasswordHashing?: boolean;
  /** RazorpayX for payouts (issue 49): the local payouts stand-in's keys. */
  razorpayx?: ShopConfig['razorpayx'];
  delhivery?: ShopConfig['delhivery'];
  whatsapp?: ShopConfig['whatsapp'];
  msg91?: ShopConfig['msg91'];
  /** The clock delivery dates count from (a fixed moment, for dates a test can name). */
  now?: () => Date;
  /**
   * Hear catalog and like changes as the shop does (boot.ts), so cached answers skip the database.
   * Off by default: a test that writes the catalog with its own SQL on PostgreSQL would race the notification.
   */
  watch?: boolean;
  /** The web app's server build, to draw pages (src/server/test/ssr-build.ts builds one). */
  ssr?: PageRenderer;
  /** Hears every statement the app sends to the database (drizzle's logger): a test counting reads. */
  logQuery?: Logger['logQuery'];
  /** Where the shop keeps its files (a bucket on the local S3, src/server/storage/local-s3.ts); unset, the test's folders. */
  storage?: Storage;
  /** The bucket's public address the pages fetch the owner's photographs from (IMAGES_PUBLIC_URL). */
  imagesPublicUrl?: string;
}

/** Signs the test apps' sessions: every app over one database must share it, as app servers do. */
export const TEST_AUTH_SECRET = 'vastra-test-secret-for-sessions-and-links';

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop, url: databaseUrl } = await freshDatabase(options.logQuery && { logQuery: options.logQuery });
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-files-'));
  const imagesDir = path.join(files, 'images');
  fs.mkdirSync(imagesDir);
  // The owner's import folders: made by the tests that import (absent, the shop says where to put them).
  const importDir = path.join(files, 'import');
  let webDir: string | undefined;
  if (options.web) {
    webDir = path.join(files, 'web');
    fs.mkdirSync(webDir);
    fs.writeFileSync(path.join(webDir, 'index.html'), FAKE_INDEX_HTML);
  }
  const { publicUrl, requireEmailVerification, trustProxyHops, mailWritten, razorpay, razorpayx, shiprocket, delhivery, whatsapp, msg91, now, ssr, imagesPublicUrl } = options;
  const watch = options.watch ? createCatalogWatch(database) : undefined;
  await watch?.ready;
  const passwordHashing = options.shopPasswordHashing ? undefined : testPasswordHashing;
  const config = { imagesDir, importDir, publicUrl, requireEmailVerification, trustProxyHops, razorpay, razorpayx, shiprocket, delhivery, whatsapp, msg91, couriersAreLocal: !!(shiprocket || delhivery), imagesPublicUrl, authSecret: TEST_AUTH_SECRET, passwordHashing };
  const shop = composeShop({ db: database.db, config, mailWritten, now, watch, storage: options.storage });
  const app = createApp(shop, { webDir, ssr });
  return {
    app,
    shop,
    database,
    imagesDir,
    importDir,
    databaseUrl,
    // The same files as the first: its folders (a shared disk) or its bucket.
    another: (db, otherWatch) => createApp(composeShop({ db, config, mailWritten, now, watch: otherWatch, storage: shop.storage }), { webDir, ssr }),
    watch,
    get: (url) => Promise.resolve(app.request(url)),
    close: async () => {
      await watch?.close();
      if (inject('dbKind') === 'pglite') await database.close();
      await drop();
      fs.rmSync(files, { recursive: true, force: true });
    },
  };
}
