/**
 * The owner's photographs through the storage port (issue 52), on PGlite and PostgreSQL: the same
 * upload in the local folder and in an S3 bucket (the local S3, spoken to by the real client) gives
 * the same name and the same pictures; a photograph uploaded through one app server is shown by
 * another; each is served with a year's immutable cache and its name as ETag; while the bucket is
 * down an upload is refused in words, nothing is answered for a product to name, and a product may
 * not name a photograph that is not stored. A shopper's return photograph is kept in the bucket too,
 * privately, and removed from it with its row.
 */
import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PRODUCT_IMAGE_WIDTHS } from '../../../shared/images.ts';
import { PHOTO_NOT_STORED } from '../../../shared/admin-product.contract.ts';
import { products, returnPhotos, storedPhotos } from '../../db/schema/index.ts';
import { startLocalS3, type LocalS3 } from '../../storage/local-s3.ts';
import { s3Storage } from '../../storage/s3-storage.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openPostgres } from '../../db/client.ts';
import { createPhotos, NOT_STORED } from './photos.ts';

let s3: LocalS3;
let inFolder: TestApp;
let inBucket: TestApp;
const owners = new Map<TestApp, string>();

beforeAll(async () => {
  s3 = await startLocalS3();
  inFolder = await createTestApp();
  inBucket = await createTestApp({ storage: s3Storage({ bucket: s3.bucket, region: s3.region, endpoint: s3.endpoint, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }) });
  for (const t of [inFolder, inBucket]) {
    const owner = await signedUp(t, 'Kamala');
    await t.shop.owners.setOwner(owner.email, true);
    owners.set(t, owner.cookie);
  }
});
afterAll(async () => {
  await inFolder.close();
  await inBucket.close();
  await s3.close();
});

const photo = (background: string) => sharp({ create: { width: 900, height: 1200, channels: 3, background } }).jpeg().toBuffer();
const upload = (t: TestApp, bytes: Buffer) =>
  Promise.resolve(t.app.request('/api/admin/uploads/photos', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream', Cookie: owners.get(t)! }, body: bytes as BodyInit }));
let made = 0;
const product = (t: TestApp, images: string[]) => send(t, 'POST', '/api/admin/products', { name: `Stored Photo Saree ${++made}`, price: 2_499_00, stock: 1, images }, owners.get(t));

describe('a photograph uploaded', () => {
  it('is the same name and the same pictures in the local folder and in the bucket', async () => {
    const bytes = await photo('#7a1f3d');
    const [a, b] = [await upload(inFolder, bytes), await upload(inBucket, bytes)];
    expect([a.status, b.status]).toEqual([201, 201]);
    const { url } = await a.json();
    expect(await b.json()).toEqual({ url });
    const stem = url.slice('/images/products/'.length, -'.webp'.length);
    expect([...s3.objects.keys()].filter((k) => k.includes(stem)).sort()).toEqual([`products/${stem}.webp`, ...PRODUCT_IMAGE_WIDTHS.map((w) => `products/${stem}-${w}.webp`)].sort());
    for (const w of PRODUCT_IMAGE_WIDTHS) {
      const [fromFolder, fromBucket] = await Promise.all([inFolder.get(`/images/products/${stem}-${w}.webp`), inBucket.get(`/images/products/${stem}-${w}.webp`)]);
      expect([fromFolder.status, fromBucket.status]).toEqual([200, 200]);
      expect(Buffer.from(await fromBucket.arrayBuffer())).toEqual(Buffer.from(await fromFolder.arrayBuffer()));
    }
  });

  it('through one app server is shown by another over the same bucket, kept a year, its name its ETag', async () => {
    const { url } = await (await upload(inBucket, await photo('#c8a96a'))).json();
    const second = inBucket.another(inBucket.database.db);
    const res = await Promise.resolve(second.request(url));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/webp');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('ETag');
    expect(etag).toBe(`"${url.slice('/images/products/'.length, -'.webp'.length)}"`);
    const again = await Promise.resolve(second.request(url, { headers: { 'If-None-Match': etag! } }));
    expect(again.status).toBe(304);
    // Kept in memory once fetched (its name never changes): shown while the bucket does not answer.
    s3.down(true);
    try {
      expect((await Promise.resolve(second.request(url))).status).toBe(200);
    } finally {
      s3.down(false);
    }
    expect((await inBucket.get('/images/products/u-00000000000000000000.webp')).status).toBe(404);
  });

  it('while the bucket is down is refused in words, with nothing a product could name; then taken', async () => {
    const bytes = await photo('#1f1a17');
    const before = s3.objects.size;
    s3.failNext(2, 'PUT');
    const refused = await upload(inBucket, bytes);
    expect(refused.status).toBe(503);
    expect((await refused.json()).message).toBe(NOT_STORED);
    expect(s3.objects.size).toBe(before);
    expect(await (await inBucket.get('/api/ready')).json()).toEqual({ ready: true, database: 'ok', storage: 'ok' });
    s3.down(true);
    expect((await inBucket.get('/images/products/u-00000000000000000000-320.webp')).status).toBe(503);
    // The proxy in front of several app servers is told this one cannot serve photographs now (its answer is kept 2 s).
    await new Promise((r) => setTimeout(r, 2100));
    const notReady = await inBucket.get('/api/ready');
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ ready: false, database: 'ok', storage: 'down' });
    s3.down(false);
    const taken = await upload(inBucket, bytes);
    expect(taken.status).toBe(201);
    expect((await product(inBucket, [(await taken.json()).url])).status).toBe(201);
  });

  it('may not be named by a product unless it was stored', async () => {
    for (const t of [inFolder, inBucket]) {
      const res = await product(t, ['/images/products/u-0123456789abcdef0123.webp']);
      expect(res.status).toBe(422);
      expect((await res.json()).fields.images).toBe(PHOTO_NOT_STORED);
    }
  });
});

describe('a photograph no product names', () => {
  it('is removed, row and objects, a day after its last upload; one another product names, or uploaded within the day, stays', async () => {
    for (const t of [inFolder, inBucket]) {
      const urls: string[] = [];
      for (const colour of ['#112233', '#223344', '#334455']) urls.push(((await (await upload(t, await photo(colour))).json()) as { url: string }).url);
      const [shared, alone, fresh] = urls as [string, string, string];
      const stem = (url: string) => url.slice('/images/products/'.length, -'.webp'.length);
      const kept = (url: string) => t.shop.storage.has(`products/${stem(url)}-320.webp`);
      const ids: number[] = [];
      for (const images of [[shared], [shared], [alone]]) ids.push(((await (await product(t, images)).json()) as { id: number }).id);
      // Uploaded two days ago (the fresh one just now), then two of the three products deleted.
      await t.database.db.update(storedPhotos).set({ uploadedAt: sql`now() - interval '2 days'` }).where(inArray(storedPhotos.stem, [stem(shared), stem(alone)]));
      for (const id of [ids[0], ids[2]]) expect((await send(t, 'DELETE', `/api/admin/products/${id}`, undefined, owners.get(t))).status).toBe(200);

      expect(await t.shop.photos.sweep()).toBe(1);
      expect([await kept(shared), await kept(alone), await kept(fresh)]).toEqual([true, false, true]);
      expect(await t.shop.storage.has(`products/${stem(alone)}.webp`)).toBe(false);
      const refused = await product(t, [alone]);
      expect(refused.status).toBe(422);
      expect((await refused.json()).fields.images).toBe(PHOTO_NOT_STORED);

      expect((await send(t, 'DELETE', `/api/admin/products/${ids[1]}`, undefined, owners.get(t))).status).toBe(200);
      expect(await t.shop.photos.sweep()).toBe(1);
      expect(await kept(shared)).toBe(false);
      expect(await t.shop.photos.sweep()).toBe(0);
      expect(await kept(fresh)).toBe(true);
      // Uploaded again, a swept photograph is stored whole again.
      expect(((await (await upload(t, await photo('#223344'))).json()) as { url: string }).url).toBe(alone);
      expect(await kept(alone)).toBe(true);
      expect((await product(t, [alone])).status).toBe(201);
    }
  });
});

describe('a sweep and a product’s save, after review', () => {
  it('reaches a loose photograph however many older ones products still name', async () => {
    const t = inFolder;
    const named = Array.from({ length: 25 }, () => `u-${crypto.randomBytes(10).toString('hex')}`);
    await t.database.db.insert(storedPhotos).values(named.map((stem) => ({ stem, uploadedAt: new Date(Date.now() - 3 * 86_400_000) })));
    const { id } = (await (await product(t, [])).json()) as { id: number };
    await t.database.db.update(products).set({ images: named.map((stem) => `/images/products/${stem}.webp`) }).where(eq(products.id, id));
    const { url } = (await (await upload(t, await photo('#556677'))).json()) as { url: string };
    const stem = url.slice('/images/products/'.length, -'.webp'.length);
    await t.database.db.update(storedPhotos).set({ uploadedAt: sql`now() - interval '2 days'` }).where(eq(storedPhotos.stem, stem));
    expect(await t.shop.photos.sweep()).toBe(1);
    expect(await t.shop.storage.has(`products/${stem}.webp`)).toBe(false);
  });

  it('refuses a product naming one width of an upload, or a photograph a failed sweep left without its plain name', async () => {
    for (const t of [inFolder, inBucket]) {
      const { url } = (await (await upload(t, await photo('#667788'))).json()) as { url: string };
      const width = await product(t, [url.replace('.webp', '-768.webp')]);
      expect(width.status).toBe(422);
      expect(JSON.stringify(await width.json())).toContain(PHOTO_NOT_STORED);
      // A sweep that removed the plain name, then failed and was rolled back: the row is there, the set is not whole.
      await t.shop.storage.remove(`products/${url.slice('/images/products/'.length)}`);
      const broken = await product(t, [url]);
      expect(broken.status).toBe(422);
      expect((await broken.json()).fields.images).toBe(PHOTO_NOT_STORED);
      // Uploaded again, it is whole again and may be named.
      expect((await upload(t, await photo('#667788'))).status).toBe(201);
      expect((await product(t, [url])).status).toBe(201);
    }
  });
});

describe.runIf(inject('dbKind') === 'postgres')('on PostgreSQL, a sweep and a product’s save at once', () => {
  it('leave the photograph to the save: the sweep passes over the row the save holds', async () => {
    const { url } = (await (await upload(inBucket, await photo('#445566'))).json()) as { url: string };
    const stem = url.slice('/images/products/'.length, -'.webp'.length);
    await inBucket.database.db.update(storedPhotos).set({ uploadedAt: sql`now() - interval '2 days'` }).where(eq(storedPhotos.stem, stem));
    const other = await openPostgres(inBucket.databaseUrl!, 2);
    try {
      let swept = -1;
      await inBucket.database.db.transaction(async (tx) => {
        expect(await inBucket.shop.photos.holdIn(tx, [url])).toBe(true);
        // Another app server's sweep, while this save holds the row.
        swept = await createPhotos(other.db, inBucket.shop.storage).sweep();
      });
      expect(swept).toBe(0);
      expect(await inBucket.shop.storage.has(`products/${stem}.webp`)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('a shopper’s photograph of a damaged piece', () => {
  it('is kept in the bucket under its random id, never under /images/, shown only to its shopper, and gone from the bucket a day after it was left unsent', async () => {
    const shopper = await signedUp(inBucket, 'Meera');
    const res = await Promise.resolve(inBucket.app.request('/api/uploads/return-photos', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream', Cookie: shopper.cookie }, body: (await photo('#5a3e2b')) as BodyInit }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(s3.objects.get(`return-photos/${id}.webp`)?.contentType).toBe('image/webp');
    expect((await inBucket.get(`/images/return-photos/${id}.webp`)).status).toBe(404);
    const stranger = await signedUp(inBucket, 'Stranger');
    expect((await send(inBucket, 'GET', `/api/returns/photos/${id}`, undefined, stranger.cookie)).status).toBe(404);
    const own = await send(inBucket, 'GET', `/api/returns/photos/${id}`, undefined, shopper.cookie);
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer())).toEqual(s3.objects.get(`return-photos/${id}.webp`)!.bytes);

    await inBucket.database.db.update(returnPhotos).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(returnPhotos.id, id));
    expect(await inBucket.shop.returns.dropLoosePhotos()).toBe(1);
    expect(s3.objects.has(`return-photos/${id}.webp`)).toBe(false);
    expect((await send(inBucket, 'GET', `/api/returns/photos/${id}`, undefined, shopper.cookie)).status).toBe(404);
  });
});
