/**
 * Everything between "configuration is valid" and "ready for requests": open the database,
 * migrate, make the demo catalog on first run, build the app. Used by `npm start`, the browser
 * tests and the benchmark alike.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createApp, type PageRenderer } from './app.ts';
import { composeShop, folderStorageFor, type Shop } from './compose.ts';
import { threadedRenderer } from './web/drawing-threads.ts';
import type { DevPages } from './web/web.routes.ts';
import { createCatalogWatch } from './modules/catalog/catalog-watch.ts';
import { openDatabase, type Database } from './db/client.ts';
import { claimRun, type ClaimRun } from './db/job-runs.ts';
import { s3Storage } from './storage/s3-storage.ts';
import type { Storage } from './storage/storage.ts';
import { migrate } from './db/migrate.ts';
import { ensurePinDirectory } from './modules/delivery/pin-directory.ts';
import { ensureDemoImages } from './db/seed/demo-images.ts';
import { seedDemoCatalogOnce } from './db/seed/demo.ts';
import { ensureStoreImages } from './db/seed/store-images.ts';
import type { AppConfig } from './env.ts';
import { projectRoot } from './project-root.ts';
import { authSecretFor } from './modules/accounts/auth-secret.ts';
import { createMailSender } from './modules/mail/mail.service.ts';
import type { PaymentsService } from './modules/payments/payments.service.ts';
import { folderTransport, smtpTransport } from './modules/mail/mail.transports.ts';
import { startLocalChat } from './modules/notify/local-chat.ts';
import { startLocalPayouts } from './modules/payouts/local-payouts.ts';
import { startLocalCourier } from './modules/shipping/local-courier.ts';
import { WEBHOOK_PATHS } from './modules/shipping/shipping.service.ts';
import type { CourierName } from '../shared/parcels.ts';

export const builtWebDir = path.join(projectRoot, 'dist', 'web');
/** The web app's server build (vite.ssr.config.ts), which draws the public pages. */
export const builtSsrEntry = path.join(projectRoot, 'dist', 'ssr', 'entry-server.js');

/** The page renderer, when pages are drawn on the server and the build is there: on threads of its own (web/drawing-threads.ts). */
async function pageRenderer(config: AppConfig, log: (line: string) => void): Promise<PageRenderer | undefined> {
  if (!config.drawOnServer) return undefined;
  if (!fs.existsSync(builtSsrEntry)) {
    log('Pages are drawn in the browser: dist/ssr is not built (npm run build).');
    return undefined;
  }
  return threadedRenderer(builtSsrEntry);
}

/**
 * Orders left pending are asked about soon after start (a crash between payment and confirmation)
 * and every few minutes; in between, every minute, lapsed windows are closed (issue 53), so a
 * piece the product page says is "in someone's cart, back in N minutes" is back on time.
 */
const RECONCILE_EVERY_MS = 5 * 60_000;
const LAPSE_EVERY_MS = 60_000;
const RECONCILE_FIRST_MS = 15_000;

/** A minute's job is claimed a little under its minute, so a timer's drift never skips one. */
const SLACK_SECONDS = 10;

function reconciler(payments: PaymentsService, claim: ClaimRun, log: (line: string) => void) {
  let timer: NodeJS.Timeout | undefined;
  const said = ({ settled, expired, refunded = 0, checked }: { settled: number; expired: number; refunded?: number; checked?: number }) => {
    if (settled > 0) log(`Reconcile: ${settled}${checked === undefined ? '' : ` of ${checked}`} pending orders were paid; settled.`);
    if (expired > 0) log(`Reconcile: ${expired} unpaid orders passed their payment window; expired.`);
    if (refunded > 0) log(`Reconcile: tried ${refunded} refunds still owed.`);
  };
  // Each pass on one app server of however many (db/job-runs.ts): the provider is asked once about each order.
  const pass = async () => {
    if (await claim('payments-reconcile', RECONCILE_EVERY_MS / 1000 - SLACK_SECONDS)) return said(await payments.reconcile());
    if (await claim('payments-expire', LAPSE_EVERY_MS / 1000 - SLACK_SECONDS)) said(await payments.expireLapsed());
  };
  return {
    start() {
      timer = setTimeout(function again() {
        void pass()
          .catch((err: unknown) => log(`Reconcile: ${err instanceof Error ? err.message : String(err)}`))
          .finally(() => (timer = setTimeout(again, LAPSE_EVERY_MS).unref()));
      }, RECONCILE_FIRST_MS).unref();
    },
    stop: () => clearTimeout(timer),
  };
}

/**
 * Development: a courier with no keys is played by the local courier (issue 48), which books at
 * once and moves each parcel a step every LOCAL_COURIER_STEP_SECONDS (a minute), sending its scans
 * to this shop's webhook. Never in production (env.ts), nor when Shiprocket's keys are set.
 */
async function localCourierFor(config: AppConfig, authSecret: string, log: (line: string) => void) {
  if (!config.localCourier || (config.shiprocket && config.delhivery)) return null;
  const webhookToken = crypto.createHmac('sha256', authSecret).update('vastra local courier webhook').digest('hex');
  const target = (courier: CourierName) => `http://127.0.0.1:${config.port}${WEBHOOK_PATHS[courier]}`;
  const server = await startLocalCourier({ webhookToken, target, everyMs: config.localCourierStepSeconds * 1000, port: config.localCourierPort });
  const played = [!config.shiprocket && 'Shiprocket', !config.delhivery && 'Delhivery'].filter(Boolean).join(' and ');
  log(`Couriers: the local courier plays ${played} at ${server.apiBase.replace(/\/v1\/external$/, '')} (development: nothing real is booked).`);
  return {
    server,
    keys: {
      shiprocket: config.shiprocket ?? { email: server.email, password: server.password, webhookToken, apiBase: server.apiBase },
      delhivery: config.delhivery ?? { token: server.delhiveryToken, webhookToken, apiBase: server.delhiveryBase },
    },
  };
}

/** Development: RazorpayX's payouts played by the local payouts stand-in (nothing real is paid). */
async function localPayoutsFor(config: AppConfig, log: (line: string) => void) {
  if (!config.localCourier || config.razorpayx) return null;
  const server = await startLocalPayouts();
  log(`Payouts: the local payouts stand-in plays RazorpayX at ${server.apiBase} (development: nothing real is paid).`);
  return { server, keys: { keyId: server.keyId, keySecret: server.keySecret, accountNumber: server.accountNumber, apiBase: server.apiBase } };
}

/** Development: WhatsApp played by the local chat stand-in, which records and logs each message. */
async function localChatFor(config: AppConfig, log: (line: string) => void) {
  if (!config.localCourier || config.whatsapp || config.msg91) return null;
  const server = await startLocalChat(log);
  return { server, keys: { token: server.token, phoneNumberId: '1000000001', apiBase: server.whatsappBase } };
}

/**
 * Every minute, WhatsApp and SMS messages still due are sent (a failed try, a nudge lost with a
 * crash); every few hours, parcels the couriers have not mentioned for a day are asked about
 * (issue 48): a webhook lost on the way is caught up with, and a courier with no webhook still
 * moves orders. The same minute lets go of exchange holds past their time (issue 49).
 */
const MESSAGES_EVERY_MS = 60_000;
const POLL_EVERY_MS = 4 * 3600_000;
const SWEEP_EVERY_MS = 3600_000;
const ASKS_EVERY_MS = 3600_000;

function parcelPoller({ shipping, notifier, returns, photos, reviews }: Pick<Shop, 'shipping' | 'notifier' | 'returns' | 'photos' | 'reviews'>, claim: ClaimRun, log: (line: string) => void) {
  let timer: NodeJS.Timeout | undefined;
  const said = (err: unknown) => log(`Parcels: ${err instanceof Error ? err.message : String(err)}`);
  const pass = async () => {
    // The minute's pass on one app server of however many (db/job-runs.ts).
    if (!(await claim('minute-pass', MESSAGES_EVERY_MS / 1000 - SLACK_SECONDS).catch((err: unknown) => (said(err), false)))) return;
    // A report kept but not applied (a crash in between, a failed try) is applied here.
    await shipping.applyKept(log).catch(said);
    await notifier.sendDue().catch(said);
    // An exchange's new size held past its ten days goes back on sale (issue 49).
    await returns.lapseHolds().then((n) => n > 0 && log(`Returns: ${n} exchange holds ran out; their sizes are back on sale.`), said);
    // A return's refund the provider could not make at the check is asked again, with the same key.
    await returns.refundsDue().catch(said);
    // A payout of a COD refund owed, or on its way, is asked again, with the same key (issue 49).
    await returns.payoutsDue().catch(said);
    await returns.dropLoosePhotos().catch(said);
    await reviews.dropLoosePhotos().catch(said);
    // Buyers asked for a review a few days after delivery (issue 51): hourly, on one app server.
    if (await claim('review-asks', ASKS_EVERY_MS / 1000).catch((err: unknown) => (said(err), false))) {
      await reviews.asksDue().then((n) => n > 0 && log(`Reviews: asked the buyers of ${n} delivered orders for a review.`), said);
    }
    // The owner's photographs no product names any more, a day after their last upload (issue 52).
    if (await claim('photo-sweep', SWEEP_EVERY_MS / 1000).catch((err: unknown) => (said(err), false))) {
      await photos.sweep().then((n) => n > 0 && log(`Photographs: removed ${n} that no product shows.`), said);
    }
    if (!(await claim('parcels-poll', POLL_EVERY_MS / 1000).catch((err: unknown) => (said(err), false)))) return;
    await shipping.pollSilent(log).then((asked) => asked > 0 && log(`Parcels: asked the couriers about ${asked} quiet parcels.`), said);
  };
  return {
    start() {
      timer = setTimeout(function again() {
        void pass().finally(() => (timer = setTimeout(again, MESSAGES_EVERY_MS).unref()));
      }, MESSAGES_EVERY_MS).unref();
    },
    stop: () => clearTimeout(timer),
  };
}

/** npm run dev (src/server/dev-server.ts): pages and their drawing from Vite's dev server, not the build. */
export interface DevWeb {
  pages: DevPages;
  ssr?: PageRenderer;
}

/** The shop's files in the bucket when S3_* are set (several app servers), else in the local folders. */
function storageFor(config: AppConfig): Storage {
  return config.s3 ? s3Storage(config.s3) : folderStorageFor(config);
}

export async function boot(config: AppConfig, log: (line: string) => void = console.log, dev?: DevWeb) {
  const database: Database = await openDatabase(config, { shop: true });
  const storage = storageFor(config);
  try {
    // A bucket that cannot be reached, or refuses the keys, stops the start here with the setting to fix.
    await storage.check();
    if (config.s3) log(`Files: the bucket "${config.s3.bucket}"${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ` in ${config.s3.region}`}.`);
    await migrate(database);
    const pins = await ensurePinDirectory(database.db);
    if (pins > 0) log(`Loaded India Post's directory: ${pins.toLocaleString('en-IN')} PIN codes.`);
    await ensureStoreImages(config.imagesDir);
    if (config.seedDemo) {
      const started = Date.now();
      await ensureDemoImages(config.imagesDir, log);
      if (await seedDemoCatalogOnce(database.db)) log(`Seeded the demo catalog in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
  } catch (err) {
    await database.close();
    throw err;
  }
  // The catalog version in memory, pushed by NOTIFY: cached answers stop costing a round trip (issue 19).
  const watch = createCatalogWatch(database, log);
  await watch.ready;
  // Mails go through SMTP_URL, or into DATA_DIR/outbox with their links in the log. A mail that
  // names a tax invoice carries its PDF, drawn by the shop's invoices when it is sent (issue 18).
  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : folderTransport(config.outboxDir, config.mailFrom, log);
  const mail = createMailSender(database.db, transport, log, (letter) => shop.invoiceFiles.attachmentsOf(letter));
  const authSecret = authSecretFor(config);
  const courier = await localCourierFor(config, authSecret, log);
  const chat = await localChatFor(config, log);
  const payouts = await localPayoutsFor(config, log);
  const shopConfig = { ...config, authSecret, ...(courier && { ...courier.keys, couriersAreLocal: true }), ...(chat && { whatsapp: chat.keys }), ...(payouts && { razorpayx: payouts.keys }) };
  const shop = composeShop({ db: database.db, config: shopConfig, watch, mailWritten: () => mail.nudge(), storage });
  const claim: ClaimRun = (name, everySeconds) => claimRun(database.db, name, everySeconds);
  shop.catalog.warmFilters(log).catch((error: unknown) => log(`Filters: the index could not be built yet (${String(error)}); the first filtered list will build it.`));
  const ssr = dev ? (config.drawOnServer ? dev.ssr : undefined) : await pageRenderer(config, log);
  const app = createApp(shop, { webDir: builtWebDir, ssr, devPages: dev?.pages });
  const closeLocal = async () => {
    await courier?.server.close();
    await chat?.server.close();
    await payouts?.server.close();
  };
  return { app, shop, database, mail, watch, reconciler: reconciler(shop.payments, claim, log), parcels: parcelPoller(shop, claim, log), closeLocal };
}
