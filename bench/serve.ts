/**
 * The server under test, in a process of its own (started by bench/run.ts with fork): the real app
 * from createApp on 127.0.0.1, port chosen by the OS, over the throwaway database named by
 * BENCH_DATABASE_URL or BENCH_PGLITE_DIR (pool of 10 connections on PostgreSQL, as in production).
 *
 * It also runs the "busy admin" for the uncached scenarios (see run.ts): on {type: 'bump', on: true}
 * it bumps catalog_version every BUMP_INTERVAL_MS until {on: false}, then reports how many times.
 * It lives here because a PGlite folder can be open in one process only. For the same reason it
 * answers {type: 'audit'} after a checkout scenario: SQL counts of that checkout's orders, payments
 * and confirmation mails, which run.ts holds against what the shoppers were answered; and marks the
 * checkout shoppers verified on {type: 'verify'} (Cash on Delivery is for verified addresses).
 *
 * It trusts one proxy hop (X-Forwarded-For), as behind a load balancer: the checkout's 50 shoppers
 * sign up from addresses of their own, as real shoppers do, instead of all from 127.0.0.1, which the
 * sign-up limit (30 an hour per address) would stop. Requests without the header (every other
 * scenario) are counted by their socket's address as before.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createApp } from '../src/server/app.ts';
import { offerContract } from '../src/shared/offers.contract.ts';
import { composeShop } from '../src/server/compose.ts';
import { threadedRenderer } from '../src/server/web/drawing-threads.ts';
import { builtSsrEntry, builtWebDir } from '../src/server/boot.ts';
import { openPostgres, type Database } from '../src/server/db/client.ts';
import { listen } from '../src/server/http/listen.ts';
import { createCatalogWatch } from '../src/server/modules/catalog/catalog-watch.ts';
import { startLocalS3 } from '../src/server/storage/local-s3.ts';
import { s3Storage } from '../src/server/storage/s3-storage.ts';
import sharp from 'sharp';
import { auditCheckout, auditCod, forgetCodCancels, verifyShoppers } from './checkout-audit.ts';
import { BUMP_INTERVAL_MS, DRAIN_LIMIT_MS, type FromServer, type ToServer } from './messages.ts';
import { openFromEnv } from './throwaway-db.ts';

const send = (m: FromServer) => process.send?.(m);
const url = process.env.BENCH_DATABASE_URL;
/** The benchmark's shoppers sign in with sessions this secret signs. */
const BENCH_AUTH_SECRET = 'vastra-bench-secret-for-sessions-only';

const imagesDir = process.env.BENCH_IMAGES_DIR;
if (!imagesDir || !process.send) {
  console.error('bench/serve.ts is started by bench/run.ts (the database location, BENCH_IMAGES_DIR, IPC).');
  process.exit(2);
}

const database: Database = await openFromEnv();
// On PostgreSQL the bumps use a connection of their own, so they never queue behind requests.
const bumper: Database = url ? await openPostgres(url, 1) : database;
// As the shop runs (boot.ts): the catalog version in memory, pushed by NOTIFY.
const watch = createCatalogWatch(database);
await watch.ready;
// And the pages, drawn on the server as `npm start` draws them, on threads of their own (run.ts builds dist/web and dist/ssr first).
const ssr = threadedRenderer(builtSsrEntry);
// The filters' index built at the start, as the shop builds it (its line goes to the server's log).
const shop = composeShop({ db: database.db, watch, config: { imagesDir, authSecret: BENCH_AUTH_SECRET, trustProxyHops: 1 } });
shop.catalog.warmFilters((line) => console.log(line)).catch((error: unknown) => console.log(`Filters: the index could not be built yet (${String(error)})`));
const app = createApp(shop, { webDir: builtWebDir, ssr });

// Issue 52: the same shop with its photographs in a bucket (the local S3, the real S3 client), on a
// port of its own; one owner's photograph stored in both, for the rows that fetch it from each.
const bucket = await startLocalS3();
const bucketShop = composeShop({ db: database.db, watch, config: { imagesDir, authSecret: BENCH_AUTH_SECRET, trustProxyHops: 1 }, storage: s3Storage({ bucket: bucket.bucket, region: bucket.region, endpoint: bucket.endpoint, accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey }) });
const bucketApp = createApp(bucketShop, { webDir: builtWebDir, ssr });
// Grain, not a flat colour: about a real photograph's weight (the 768 px width about 75 KB; a flat one is a few hundred bytes).
const photoBytes = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#7a1f3d', noise: { type: 'gaussian', mean: 128, sigma: 12 } } }).jpeg({ quality: 90 }).toBuffer();
const photo = (await shop.photos.store(photoBytes)).replace('.webp', '-768.webp');
await bucketShop.photos.store(photoBytes);
const bucketServer = listen((req, env) => bucketApp.fetch(req, env as never), 0, '127.0.0.1');
const bucketListening = new Promise<number>((resolve) => bucketServer.once('listening', () => resolve((bucketServer.address() as AddressInfo).port)));

// When a scenario ends autocannon hangs up, but the server goes on with what it was sent: handlers
// holding database connections, and (PGlite) requests still unread in socket buffers, because
// PGlite runs each query synchronously and one request at a time can monopolise the event loop.
// The next scenario, and closing the database, wait until nothing has happened for QUIET_MS.
const QUIET_MS = 1000;
let inflight = 0;
let lastActivity = performance.now();
/**
 * Issue 47's yardstick: a bare Node server in this same process giving the shop's own answers
 * (status, headers and body, taken from the shop once per path and Accept-Encoding, in process,
 * and then replayed), with no framework and no middleware, measured as rows beside the shop's own:
 * robots.txt, so what every request pays in front of its route shows, and not what the answer
 * itself weighs (its thirteen security headers cost a bare server a third of its rate); and a kept
 * page, so what the shop adds to sending a page shows apart from what sending its bytes costs.
 */
interface Sample {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}
const samples = new Map<string, Sample>();
async function sampleOf(url: string, acceptEncoding: string): Promise<Sample> {
  const res = await app.request(`http://127.0.0.1${url}`, { headers: { 'accept-encoding': acceptEncoding } });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: { ...Object.fromEntries(res.headers), 'content-length': String(body.length) }, body };
}
const bare = http.createServer((req, res) => {
  const key = `${req.url}|${req.headers['accept-encoding'] ?? ''}`;
  const replay = (sample: Sample) => {
    res.writeHead(sample.status, sample.headers);
    res.end(sample.body);
  };
  const known = samples.get(key);
  if (known) return replay(known);
  void sampleOf(req.url ?? '/', req.headers['accept-encoding'] ?? '').then((sample) => {
    samples.set(key, sample);
    replay(sample);
  });
});
const bareListening = new Promise<number>((resolve) => bare.listen(0, '127.0.0.1', () => resolve((bare.address() as AddressInfo).port)));

const settled = () => {
  inflight--;
  lastActivity = performance.now();
};
const server = listen(
  // Not async: an answer the app gives at once goes out at once, as under `npm start` (http/edge.ts).
  (req, env) => {
    inflight++;
    lastActivity = performance.now();
    let answer: Response | Promise<Response>;
    try {
      answer = app.fetch(req, env as never);
    } catch (error) {
      settled();
      throw error;
    }
    if (answer instanceof Promise) return answer.finally(settled);
    settled();
    return answer;
  },
  0,
  '127.0.0.1',
  (info: AddressInfo) => void Promise.all([bareListening, bucketListening]).then(([barePort, bucketPort]) => send({ type: 'listening', port: info.port, barePort, bucketPort, photo })),
);

async function drain(): Promise<void> {
  const started = performance.now();
  const busy = () => inflight > 0 || performance.now() - lastActivity < QUIET_MS;
  while (busy() && performance.now() - started < DRAIN_LIMIT_MS) await new Promise((r) => setTimeout(r, 10));
  // Reported without the quiet period itself, which every scenario spends.
  send({ type: 'drained', inflight, ms: Math.max(0, performance.now() - started - QUIET_MS) });
}

let bumping: Promise<void> | undefined;
let bumpOn = false;

async function bumpLoop(): Promise<void> {
  const started = performance.now();
  let bumps = 0;
  while (bumpOn) {
    await bumper.db.execute(sql`update catalog_version set version = version + 1 where id = 1`);
    bumps++;
    await new Promise((r) => setTimeout(r, BUMP_INTERVAL_MS));
  }
  send({ type: 'bumped', bumps, ms: performance.now() - started });
}

async function close(): Promise<void> {
  bumpOn = false;
  await bumping;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => bare.close(() => resolve()));
  bucketServer.closeAllConnections();
  await new Promise<void>((resolve) => bucketServer.close(() => resolve()));
  await bucket.close();
  await drain();
  clearInterval(forgetting);
  await watch.close();
  if (bumper !== database) await bumper.close();
  await database.close();
  process.exit(0);
}

/** The checkout shoppers' Cash on Delivery cancels, forgotten as they loop (checkout-audit.ts says why). */
let forgetting: NodeJS.Timeout | undefined;

process.on('message', (m: ToServer) => {
  if (m.type === 'bump' && m.on && !bumpOn) {
    bumpOn = true;
    bumping = bumpLoop().catch((err: unknown) => {
      console.error('catalog_version bump failed:', err);
      process.exit(1);
    });
  } else if (m.type === 'bump' && !m.on) {
    bumpOn = false;
  } else if (m.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    send({ type: 'cpu', micros: user + system });
  } else if (m.type === 'drain') {
    void drain();
  } else if (m.type === 'audit') {
    (m.kind === 'cod' ? auditCod(database.db) : auditCheckout(database.db, m.kind)).then(
      (result) => send({ type: 'audited', audit: result }),
      (err: unknown) => send({ type: 'audit-failed', message: err instanceof Error ? err.message : String(err) }),
    );
  } else if (m.type === 'verify') {
    const prefix = m.emailPrefix;
    forgetting ??= setInterval(() => void forgetCodCancels(database.db, prefix).catch(() => undefined), 100).unref();
    verifyShoppers(database.db, prefix).then(
      (shoppers) => send({ type: 'verified', shoppers }),
      (err: unknown) => send({ type: 'audit-failed', message: err instanceof Error ? err.message : String(err) }),
    );
  } else if (m.type === 'offers') {
    (m.on ? benchOffers(shop) : endOffers(shop)).then(
      (code) => send({ type: 'offers-made', code }),
      (err: unknown) => send({ type: 'audit-failed', message: err instanceof Error ? err.message : String(err) }),
    );
  } else if (m.type === 'memory') {
    // Started with --expose-gc by run.ts; twice, so what the first freed in finalizers goes too.
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    gc?.();
    const { heapUsed, external, rss } = process.memoryUsage();
    send({ type: 'memory', reading: { heapUsed, external, rss } });
  } else if (m.type === 'close') {
    void close();
  }
});
// The orchestrator went away without saying goodbye (killed): do not linger.
process.on('disconnect', () => process.exit(0));

/**
 * Issue 50's checkout with offers: 5% off every order, applied by itself, and a 10% code anyone may
 * use on any number of orders, both made as the owner would, through the offers service.
 */
async function benchOffers(on: typeof shop): Promise<string> {
  const code = `BENCH-${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  // On sale pieces too, so that every order of the run carries both (its audit tells them by their discount).
  const common = { type: 'percent', perShopperMax: null, includeSaleItems: true } as const;
  await on.offers.create(null, offerContract.parse({ ...common, name: '5% off every order', mode: 'automatic', kind: 'order', percent: 5 }));
  await on.offers.create(null, offerContract.parse({ ...common, name: '10% off', mode: 'code', code, percent: 10 }));
  return code;
}

/** The offers' run is over: its offers end, so the checkouts after it buy without them. */
async function endOffers(on: typeof shop): Promise<null> {
  for (const { offer } of await on.offers.list()) if (offer.status !== 'ended') await on.offers.move(offer.id, 'end');
  return null;
}
