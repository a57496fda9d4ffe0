/**
 * A shop on the embedded database backed up to one file and restored into a new folder (issue 52):
 * every order, invoice and photograph is found there; a damaged file is refused before anything
 * moves; a folder a shop holds is refused. (On PostgreSQL the commands refuse: pg_dump's work.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { DataFolderInUse, lockDataFolder } from '../db/data-lock.ts';
import { invoices, orders } from '../db/schema/index.ts';
import { send } from '../test/accounts-kit.ts';
import { invoicingShop } from '../test/invoices-kit.ts';
import { paidBuyNow } from '../test/orders-kit.ts';
import type { TestApp } from '../test/test-app.ts';
import { DamagedBackup, writeBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';

describe.runIf(inject('dbKind') === 'pglite')('a backup of a shop on the embedded database', () => {
  let shop: Awaited<ReturnType<typeof invoicingShop>>;
  let t: TestApp;
  let dir: string;
  let file: string;
  let orderIds: string[];
  let photo: string;

  beforeAll(async () => {
    shop = await invoicingShop(() => new Date());
    t = shop.t;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-backup-test-'));
    orderIds = [await paidBuyNow(t, shop.shopper.cookie, shop.productId, shop.home.chennai), await paidBuyNow(t, shop.shopper.cookie, shop.productId, shop.home.kolkata)];
    for (const id of orderIds) expect((await send(t, 'POST', `/api/admin/orders/${id}/status`, { from: 'processing', to: 'shipped' }, shop.owner.cookie)).status).toBe(200);
    const jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#7a1f3d' } }).jpeg().toBuffer();
    const res = await Promise.resolve(t.app.request('/api/admin/uploads/photos', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream', Cookie: shop.owner.cookie }, body: jpeg as BodyInit }));
    photo = ((await res.json()) as { url: string }).url;
    expect((await send(t, 'POST', '/api/admin/products', { name: 'Backed Up Saree', price: 3_999_00, stock: 2, images: [photo] }, shop.owner.cookie)).status).toBe(201);
    file = path.join(dir, 'backups', 'shop.tar.gz');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const target = (name: string) => ({ dataDir: path.join(dir, name), productsDir: path.join(dir, name, 'images', 'products'), returnPhotosDir: path.join(dir, name, 'return-photos') });

  it('is one file, readable by its owner only, that restores into a new folder with every order, invoice and photograph', async () => {
    const written = await writeBackup(file, { dump: () => t.database.dump!(), storage: t.shop.storage });
    expect(written.photos).toBe(5); // the photograph at its four widths and its plain name
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['shop.tar.gz']);

    const into = target('restored');
    const restored = await restoreBackup(file, into);
    expect(restored.aside).toBeNull(); // a new folder: nothing to put aside
    expect(restored.orders).toBe(await t.database.db.$count(orders));
    const reopened = await openPglite({ dir: path.join(into.dataDir, 'pgdata') });
    try {
      for (const id of orderIds) {
        expect((await reopened.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status).toBe('shipped');
        expect(await reopened.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, id))).toHaveLength(1);
      }
    } finally {
      await reopened.close();
    }
    const stem = path.basename(photo, '.webp');
    expect(fs.readdirSync(into.productsDir).filter((n) => n.startsWith(stem))).toHaveLength(5);
  });

  it('puts the folders it replaces aside, never deletes them', async () => {
    const into = target('restored');
    const again = await restoreBackup(file, into);
    expect(fs.existsSync(path.join(again.aside!, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(path.join(again.aside!, 'products')).length).toBe(5);
  });

  it('refuses a damaged file, changing nothing', async () => {
    const into = target('untouched');
    fs.mkdirSync(path.join(into.dataDir, 'pgdata'), { recursive: true });
    fs.writeFileSync(path.join(into.dataDir, 'pgdata', 'marker'), 'the shop as it was');
    const bytes = fs.readFileSync(file);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
    const damaged = path.join(dir, 'damaged.tar.gz');
    for (const bad of [flipped, bytes.subarray(0, Math.floor(bytes.length / 3)), Buffer.from('not a backup at all')]) {
      fs.writeFileSync(damaged, bad);
      await expect(restoreBackup(damaged, into)).rejects.toBeInstanceOf(DamagedBackup);
      expect(fs.readdirSync(path.join(into.dataDir, 'pgdata'))).toEqual(['marker']);
      expect(fs.readdirSync(into.dataDir).filter((n) => n.startsWith('.restore-') || n.startsWith('before-restore'))).toEqual([]);
    }
  });

  it('refuses a folder a running shop holds, changing nothing', async () => {
    const into = target('held');
    fs.mkdirSync(path.join(into.dataDir, 'pgdata'), { recursive: true });
    fs.writeFileSync(path.join(into.dataDir, 'pgdata', 'marker'), 'the running shop');
    const held = lockDataFolder(path.join(into.dataDir, 'pgdata'), { shop: true });
    try {
      await expect(restoreBackup(file, into)).rejects.toBeInstanceOf(DataFolderInUse);
      expect(fs.readdirSync(path.join(into.dataDir, 'pgdata'))).toEqual(['marker']);
    } finally {
      held.release();
    }
  });
});
