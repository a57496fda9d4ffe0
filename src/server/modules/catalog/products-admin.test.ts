/**
 * The owner's products through the real API on PGlite and PostgreSQL: the table (search, paging,
 * sort), create and edit every field and see it in the shop at once (on another app server too),
 * every refusal with its message and nothing written, delete (hidden instead when orders name the
 * product), and photographs: checked by content, bounded in bytes and pixels, stored as WebP at the
 * shop's widths without their metadata.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_DEFAULTS, type ProductInputDraft } from '../../../shared/admin-product.contract.ts';
import { PRODUCT_IMAGE_WIDTHS } from '../../../shared/images.ts';
import { products } from '../../db/schema/index.ts';
import { demoProducts } from '../../db/seed/demo-catalog.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { plentyOfStock } from '../../test/orders-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { NOT_A_PHOTO, PHOTO_TOO_BIG, TOO_MANY_PIXELS } from '../admin/photos.ts';
import { DELETED, HIDDEN } from './products-admin.service.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
let customer: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  t = await createTestApp();
  await plentyOfStock(t);
  owner = await signedUp(t, 'Meera');
  customer = await signedUp(t, 'Kabir');
  await t.shop.owners.setOwner(owner.email, true);
});
afterAll(() => t.close());

const asOwner = (method: string, url: string, body?: unknown) => send(t, method, url, body, owner.cookie);
const upload = (bytes: Uint8Array | Buffer, cookie = owner.cookie, type = 'application/octet-stream') =>
  Promise.resolve(t.app.request('/api/admin/uploads/photos', { method: 'POST', headers: { 'Content-Type': type, Cookie: cookie }, body: bytes as BodyInit }));

const jpeg = (width = 600, height = 800, colour = { r: 122, g: 31, b: 61 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer();

const silk: ProductInputDraft = {
  name: 'Kanjivaram Silk Saree in Temple Red',
  price: 12_499_00,
  offerPrice: 9_999_00,
  stock: 10,
  description: 'Handwoven in Kanchipuram.',
  keyHighlights: [
    { label: 'Fabric', text: 'Pure mulberry silk' },
    { label: 'Length', text: '6.3 m with blouse piece' },
  ],
  fullDescription: 'A temple border in gold zari.\n\nWoven over eleven days.',
  manufactureAndCare: 'Dry clean only.',
  returnPolicy: IMPORT_DEFAULTS.returnPolicy,
  deliveryInfo: { standardDelivery: true, expressDelivery: false, pincodeDelivery: true },
  featured: true,
  categories: ['sarees'],
  collections: ['festive'],
};

async function created(input: ProductInputDraft = silk) {
  const res = await asOwner('POST', '/api/admin/products', input);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

describe('create and edit', () => {
  it('creates a product with every field and it is in the shop at once, on another app server too', async () => {
    const photo = (await (await upload(await jpeg())).json()).url;
    const product = await created({ ...silk, images: [photo] });
    expect(product).toMatchObject({ ...silk, images: [photo], thumbnail: photo, hidden: false, orderCount: 0 });

    const other = t.another(t.database.db);
    const shown = await (await other.request(`/api/products/${product.id}`)).json();
    expect(shown).toMatchObject({
      name: silk.name,
      price: silk.price,
      offerPrice: silk.offerPrice,
      keyHighlights: { Fabric: 'Pure mulberry silk', Length: '6.3 m with blouse piece' },
      deliveryInfo: silk.deliveryInfo,
      images: [photo],
      thumbnail: photo,
    });
    expect(shown.categories.map((c: { slug: string }) => c.slug)).toEqual(['sarees']);
    const found = await (await other.request(`/api/products/search?q=${encodeURIComponent('temple red')}`)).json();
    expect(found.items.map((p: { id: number }) => p.id)).toContain(product.id);
  });

  it('edits the price and the shop shows the new price and discount at once', async () => {
    const product = await created();
    const cached = await (await t.get(`/api/products/search?q=kanjivaram`)).json();
    expect(cached.items.find((p: { id: number }) => p.id === product.id).offerPrice).toBe(9_999_00);

    const res = await asOwner('PUT', `/api/admin/products/${product.id}`, { ...silk, offerPrice: 6_249_50, categories: [], collections: ['festive', 'bridal'] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ offerPrice: 6_249_50, categories: [], collections: ['bridal', 'festive'] });
    const other = t.another(t.database.db);
    const shown = await (await other.request(`/api/products/${product.id}`)).json();
    expect(shown).toMatchObject({ price: 12_499_00, offerPrice: 6_249_50 });
    expect(shown.categories).toEqual([]);
    const again = await (await other.request(`/api/products/search?q=kanjivaram`)).json();
    expect(again.items.find((p: { id: number }) => p.id === product.id).offerPrice).toBe(6_249_50);
  });

  it.each([
    [{ name: '   ' }, 'name', 'Enter the product name.'],
    [{ name: 'x'.repeat(151) }, 'name', 'The name must be at most 150 characters.'],
    [{ price: '1299' }, 'price', 'Enter the price in rupees, such as 1299 or 1299.50.'],
    [{ price: 50 }, 'price', 'The price must be at least ₹1.'],
    [{ price: 12.5 }, 'price', 'The price must be in whole paise.'],
    [{ price: 10_00_000_01 }, 'price', 'The price must be at most ₹10,00,000.'],
    [{ offerPrice: 13_000_00 }, 'offerPrice', 'The offer price cannot be above the price.'],
    [{ stock: -1 }, 'stock', 'Stock cannot be below 0.'],
    [{ stock: 1.5 }, 'stock', 'Stock is a whole number of pieces.'],
    [{ stock: 100_000 }, 'stock', 'Stock can be at most 99,999 pieces.'],
    [{ stock: '12' }, 'stock', 'Enter how many pieces are in stock.'],
    [{ description: 'x'.repeat(501) }, 'description', 'The description must be at most 500 characters.'],
    [{ keyHighlights: [{ label: 'Fabric', text: 'Silk' }, { label: 'fabric', text: 'Cotton' }] }, 'keyHighlights', 'Each highlight needs a label of its own.'],
    [{ keyHighlights: [{ label: '', text: 'Silk' }] }, 'keyHighlights', 'Give each highlight a label, such as Fabric.'],
    [{ categories: ['no-such-group'] }, 'categories', 'No category no-such-group.'],
    [{ collections: ['../etc'] }, 'collections', 'Unknown collection.'],
    [{ images: ['https://evil.example/x.webp'] }, 'images', 'Add photographs by uploading them.'],
    [{ images: ['/images/products/../../secret.webp'] }, 'images', 'Add photographs by uploading them.'],
    [{ images: [], thumbnail: '/images/products/a.webp' }, 'thumbnail', 'The thumbnail must be one of the photographs.'],
  ])('refuses %j with its message and writes nothing', async (change, field, message) => {
    const before = await (await asOwner('GET', '/api/admin/products')).json();
    const res = await asOwner('POST', '/api/admin/products', { ...silk, ...change });
    expect(res.status).toBe(422);
    expect((await res.json()).fields).toMatchObject({ [field]: message });
    expect((await (await asOwner('GET', '/api/admin/products')).json()).total).toBe(before.total);
  });

  it('keeps hostile text as text: markup, a NUL, and a replacement pattern', async () => {
    const name = '<img src=x onerror=alert(1)> $& $1 Saree\u0000';
    const product = await created({ ...silk, name, description: '<script>alert(1)</script>' });
    expect(product.name).toBe('<img src=x onerror=alert(1)> $& $1 Saree');
    const page = await (await t.get(`/api/products/${product.id}`)).json();
    expect(page.description).toBe('<script>alert(1)</script>');
  });

  it('answers 404 for a product that is not there, and for ids that are not ids', async () => {
    for (const id of ['999999', '0', '-1', 'abc', '1e3', '99999999999']) {
      const res = await asOwner('PUT', `/api/admin/products/${id}`, silk);
      expect(res.status, id).toBe(404);
      expect((await res.json()).message).toBe('Product not found');
    }
  });
});

describe('the table', () => {
  it('searches by name or id, pages and sorts', async () => {
    for (const name of ['Qilted Organza Dupatta', 'Qilted Tissue Saree', 'Qilted Chanderi Kurta']) await created({ ...silk, name, price: 1_000_00 + name.length * 100, offerPrice: null });
    const zari = await (await asOwner('GET', '/api/admin/products?search=QILTED&sort=name')).json();
    expect(zari.items.map((p: { name: string }) => p.name)).toEqual(['Qilted Chanderi Kurta', 'Qilted Organza Dupatta', 'Qilted Tissue Saree']);
    expect(zari.total).toBe(3);
    const cheap = await (await asOwner('GET', '/api/admin/products?search=qilted&sort=price-low')).json();
    expect(cheap.items.map((p: { price: number }) => p.price)).toEqual([...cheap.items.map((p: { price: number }) => p.price)].sort((a, b) => a - b));
    const byId = await (await asOwner('GET', `/api/admin/products?search=${zari.items[0].id}`)).json();
    expect(byId.items[0].id).toBe(zari.items[0].id);
    const all = await (await asOwner('GET', '/api/admin/products?page=2')).json();
    expect(all).toMatchObject({ page: 2, pageSize: 20 });
    expect(all.items).toHaveLength(20);
    const literal = await (await asOwner('GET', `/api/admin/products?search=${encodeURIComponent('%_')}`)).json();
    expect(literal.total).toBe(0);
  });

  it.each(['page=0', 'page=x', 'sort=cheapest'])('refuses ?%s with 400', async (query) => {
    expect((await asOwner('GET', `/api/admin/products?${query}`)).status).toBe(400);
  });
});

describe('delete', () => {
  it('destroys a product no order names', async () => {
    const product = await created();
    const res = await asOwner('DELETE', `/api/admin/products/${product.id}`);
    expect(await res.json()).toEqual({ outcome: 'deleted', message: DELETED });
    expect((await asOwner('GET', `/api/admin/products/${product.id}`)).status).toBe(404);
    expect((await asOwner('DELETE', `/api/admin/products/${product.id}`)).status).toBe(404);
  });

  it('hides a product an order names: gone from the shop and carts, the order whole, and it can come back', async () => {
    const product = await created({ ...silk, name: 'Xenial Silk Saree in Peacock Blue', featured: false });
    const address = await (
      await send(t, 'POST', '/api/addresses', { name: 'Kabir Shah', phone: '9876543210', house: '12', street: 'FC Road', city: 'Pune', state: 'Maharashtra', pincode: '411004' }, customer.cookie)
    ).json();
    const quote = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${product.id}`, undefined, customer.cookie)).json();
    const order = await send(t, 'POST', '/api/checkout/orders', { addressId: address.id, buyNow: { productId: product.id }, expectedTotal: quote.amounts.total }, customer.cookie);
    expect(order.status).toBe(201);
    expect((await send(t, 'POST', '/api/cart/items', { productId: product.id }, customer.cookie)).status).toBe(200);
    expect((await send(t, 'PUT', `/api/wishlist/${product.id}`, undefined, customer.cookie)).status).toBe(200);

    const res = await asOwner('DELETE', `/api/admin/products/${product.id}`);
    expect(await res.json()).toEqual({ outcome: 'hidden', message: HIDDEN });
    expect((await t.get(`/api/products/${product.id}`)).status).toBe(404);
    expect((await (await t.get('/api/products/search?q=xenial')).json()).items).toEqual([]);
    expect((await (await t.get('/api/products?limit=48')).json()).items.map((p: { id: number }) => p.id)).not.toContain(product.id);
    const session = await (await send(t, 'GET', '/api/accounts/session', undefined, customer.cookie)).json();
    expect(session.shelf).toEqual({ likedProductIds: [], cartPieces: 0 });
    expect((await send(t, 'POST', '/api/cart/items', { productId: product.id }, customer.cookie)).status).toBe(404);
    const [mine] = (await (await send(t, 'GET', '/api/orders', undefined, customer.cookie)).json()).items;
    expect(mine.items[0]).toMatchObject({ name: 'Xenial Silk Saree in Peacock Blue' });
    expect(await (await asOwner('GET', `/api/admin/products/${product.id}`)).json()).toMatchObject({ hidden: true, orderCount: 1 });

    const back = await asOwner('POST', `/api/admin/products/${product.id}/show`);
    expect(await back.json()).toMatchObject({ hidden: false });
    expect((await t.get(`/api/products/${product.id}`)).status).toBe(200);
    expect((await (await t.get('/api/products/search?q=xenial')).json()).items).toHaveLength(1);
  });
});

describe('photographs', () => {
  it('stores a JPEG as WebP at every width, upright, with no camera metadata, once however often it comes', async () => {
    const withExif = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7a1f3d' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneCam', Model: 'X1' } } })
      .toBuffer();
    const res = await upload(withExif);
    expect(res.status).toBe(201);
    const { url } = await res.json();
    expect(url).toMatch(/^\/images\/products\/u-[0-9a-f]{20}\.webp$/);
    const stem = path.basename(url, '.webp');
    for (const w of PRODUCT_IMAGE_WIDTHS) {
      const meta = await sharp(fs.readFileSync(path.join(t.imagesDir, 'products', `${stem}-${w}.webp`))).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Math.min(w, 600)); // turned upright: 600 wide, never enlarged
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    expect((await t.get(url)).status).toBe(200);
    expect(await (await upload(withExif)).json()).toEqual({ url });
  });

  it('takes PNG and WebP', async () => {
    const png = await sharp({ create: { width: 300, height: 400, channels: 4, background: '#c8a96a' } }).png().toBuffer();
    const webp = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#1f1a17' } }).webp().toBuffer();
    expect((await upload(png)).status).toBe(201);
    expect((await upload(webp)).status).toBe(201);
  });

  it.each([
    ['a text file', Buffer.from('just some text, not a picture')],
    ['an SVG (script can hide in one)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['HTML named photo.jpg', Buffer.from('<!doctype html><html><body>hi</body></html>')],
    ['a GIF', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')],
    ['nothing at all', Buffer.alloc(0)],
  ])('refuses %s', async (_, bytes) => {
    const res = await upload(bytes);
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(NOT_A_PHOTO);
  });

  it('refuses a file over the size limit before reading it whole', async () => {
    const res = await upload(Buffer.alloc(15 * 1024 * 1024 + 1, 0xff));
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe(PHOTO_TOO_BIG);
  });

  it('refuses a decompression bomb from its header, unopened', async () => {
    const res = await upload(await pngClaiming(20_000, 20_000));
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe(TOO_MANY_PIXELS);
  });

  it('refuses a truncated JPEG clearly', async () => {
    const whole = await jpeg();
    const res = await upload(whole.subarray(0, 200));
    expect(res.status).toBe(422);
  });

  it('takes the bytes only as a file: a form post from another page is refused', async () => {
    expect((await upload(await jpeg(), owner.cookie, 'multipart/form-data; boundary=x')).status).toBe(415);
    expect((await upload(await jpeg(), customer.cookie)).status).toBe(403);
    expect((await Promise.resolve(t.app.request('/api/admin/uploads/photos', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: await jpeg() }))).status).toBe(401);
  });
});

/** A small PNG whose header claims the given size: a decoder would allocate width × height pixels. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer());
  // IHDR's data starts at byte 16 (8 signature, 4 length, 4 type); its CRC follows its 13 bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

describe('saree and kurta details (issue 16)', () => {
  it('are written by the owner and shown by the product page; what is left unsaid stays unsaid', async () => {
    const details = { sareeLengthM: 5.5, blousePiece: 'included', blouseLengthM: 0.8, fallPico: true, fit: null, length: null };
    const res = await asOwner('POST', '/api/admin/products', { name: 'Gadwal Silk Cotton Saree', price: 7999_00, stock: 1, details });
    expect(res.status).toBe(201);
    const made = await res.json();
    expect(made.details).toEqual(details);
    const page = await (await send(t, 'GET', `/api/products/${made.id}`)).json();
    expect(page.details).toEqual(details);
    const kurta = await (await asOwner('POST', '/api/admin/products', { name: 'Lucknowi Kurta', price: 1899_00, stock: 4, details: { fit: '  A-line ', length: 'Knee length' } })).json();
    expect(kurta.details).toEqual({ sareeLengthM: null, blousePiece: null, blouseLengthM: null, fallPico: null, fit: 'A-line', length: 'Knee length' });
  });

  it.each([
    [{ sareeLengthM: 55 }, 'The saree length must be at most 10 m.'],
    [{ sareeLengthM: -1 }, 'The saree length must be at least 4 m.'],
    [{ sareeLengthM: 5.555 }, 'Give the saree length to the centimetre, such as 4.5.'],
    [{ sareeLengthM: '5.5 m' }, 'Give the saree length in metres, such as 4.5.'],
    [{ blousePiece: 'maybe' }, 'Say whether a blouse piece comes with it.'],
    [{ blouseLengthM: 0.8 }, 'A blouse piece length needs the blouse piece included.'],
    [{ fallPico: 'yes' }, 'Say whether fall and pico are done.'],
    [{ length: 'Floor length' }, 'The length is one of Hip length, Knee length, Calf length, Ankle length.'],
    [{ fit: 'x'.repeat(61) }, 'The fit must be at most 60 characters.'],
  ])('refuses %j with its words, writing nothing', async (details, message) => {
    const before = (await (await asOwner('GET', '/api/admin/products')).json()).total;
    const res = await asOwner('POST', '/api/admin/products', { name: 'Refused Saree', price: 999_00, stock: 1, details });
    expect(res.status).toBe(422);
    expect((await res.json()).fields.details).toBe(message);
    expect((await (await asOwner('GET', '/api/admin/products')).json()).total).toBe(before);
  });

  it('fills every demo saree from its own highlights', async () => {
    const sarees = demoProducts.filter((p) => p.image.kind === 'saree').map((p) => p.name);
    const rows = await t.database.db.select({ name: products.name, details: products.details }).from(products).where(inArray(products.name, sarees));
    expect(rows).toHaveLength(sarees.length);
    for (const r of rows) expect(r.details, r.name).toMatchObject({ sareeLengthM: expect.any(Number), blousePiece: expect.any(String), fallPico: expect.any(Boolean) });
  });
});
