/**
 * The real server for browser tests, on a fresh embedded database each run. Pictures are kept in
 * node_modules/.cache between runs, since making them is the slow part and they never change.
 *
 * It has a store owner (e2e/owner.ts) for the admin journeys.
 *
 * Mail goes over real SMTP to a local server (smtp-server) started here, which files each mail it
 * receives as JSON in the port's mailbox folder, where the journeys read their links (e2e/mailbox.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { startSmtpInbox } from '../src/server/test/smtp-inbox.ts';
import { dataDirOf, e2eImagesDir, mailboxDir } from './cache-dirs.ts';

const port = Number(process.env.PORT ?? 3100);
// One data folder per port, so two test runs side by side do not wipe each other's database.
const dataDir = dataDirOf(port);
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.IMAGES_DIR = e2eImagesDir;
delete process.env.DATABASE_URL;
// The local courier plays Shiprocket (issue 48) at a port the journeys know, and moves a parcel only
// when a journey sends its next scan (e2e/parcels.spec.ts).
process.env.LOCAL_COURIER_PORT = String(port + 90);
process.env.LOCAL_COURIER_STEP_SECONDS = '0';

const mailbox = mailboxDir(port);
fs.rmSync(mailbox, { recursive: true, force: true });
fs.mkdirSync(mailbox, { recursive: true });
const inbox = await startSmtpInbox((mail, n) => {
  const to = mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [];
  const file = path.join(mailbox, `${String(n).padStart(5, '0')}.json`);
  fs.writeFileSync(file, JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html }));
});
process.env.SMTP_URL = inbox.url;

// The store owner of the admin journeys (e2e/shoppers.ts OWNER), made before the shop opens. The
// account goes through the real sign-up; the role is given as `npm run admin -- grant` gives it.
const { loadConfig } = await import('../src/server/env.ts');
const { startServer } = await import('../src/server/start.ts');
const { OWNER } = await import('./owner.ts');
await startServer(loadConfig(), async ({ app, database, shop }) => {
  const res = await app.request('/api/accounts/signup', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: OWNER.firstName, email: OWNER.email, phone: '9876543210', gender: 'female', password: OWNER.password }),
  });
  if (res.status !== 200) throw new Error(`The owner's sign-up answered ${res.status}: ${await res.text()}`);
  await shop.owners.setOwner(OWNER.email, true);
  // On the server that asks new accounts to verify their email, the owner has (as one would have).
  await database.db.execute(`update users set email_verified = true where email = '${OWNER.email}'`);
  // The journeys buy the same seeded sarees, run after run: each one-size piece in
  // stock gets plenty, through the stock module (its ledger stays whole), so none sells out under a
  // journey (several demo silk sarees are one of a kind). Pieces in sizes keep the demo's spread.
  const { stock } = shop;
  const { products } = await import('../src/server/db/schema/index.ts');
  const { isNull } = await import('drizzle-orm');
  const oneSize = (await database.db.select({ id: products.id }).from(products).where(isNull(products.sizeListId))).map((p) => p.id);
  const inStock = (await stock.levels(oneSize)).filter((s) => s.stock > 0);
  await database.db.transaction(async (tx) => {
    for (const s of inStock) await stock.set(tx, s, 500, { reason: 'restocked', note: 'browser journeys' });
  });
});
