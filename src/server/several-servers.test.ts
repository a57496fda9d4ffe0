/**
 * Several app servers for real (issue 52), on PostgreSQL: two app servers over one database and one
 * bucket (the local S3), each with its own connections, its own catalog watch and its own drawing
 * threads. The owner uploads a photograph and changes a price on A, and B's drawn product page shows
 * both within a second; a shopper's cart filled on A is paid on B; 100 orders placed across both
 * send exactly 100 confirmation mails, each once, with the two servers' senders at work together.
 */
import { eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Address } from '../shared/addresses.ts';
import type { CheckoutStart, Quote } from '../shared/orders.ts';
import { openPostgres, type Database } from './db/client.ts';
import { mailOutbox, orders } from './db/schema/index.ts';
import { createCatalogWatch, type CatalogWatch } from './modules/catalog/catalog-watch.ts';
import { createMailSender } from './modules/mail/mail.service.ts';
import { smtpTransport } from './modules/mail/mail.transports.ts';
import { startLocalS3, type LocalS3 } from './storage/local-s3.ts';
import { s3Storage } from './storage/s3-storage.ts';
import { send, signedUp } from './test/accounts-kit.ts';
import { startSmtpInbox } from './test/smtp-inbox.ts';
import { buildPageRenderer } from './test/ssr-build.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

type App = TestApp['app'];
type Drawing = Awaited<ReturnType<typeof buildPageRenderer>>;

describe.runIf(inject('dbKind') === 'postgres')('two app servers on one PostgreSQL and one bucket', () => {
  let s3: LocalS3;
  let drawing: Drawing;
  let a: TestApp;
  let second: Database;
  let watchB: CatalogWatch;
  let b: App;
  let owner: string;

  beforeAll(async () => {
    // The owner's photographs readable by anyone at the bucket's address, as a bucket policy allows (IMAGES_PUBLIC_URL's test).
    s3 = await startLocalS3({ publicRead: ['products/'] });
    drawing = await buildPageRenderer();
    a = await createTestApp({ web: true, ssr: drawing.renderer, watch: true, storage: s3Storage({ bucket: s3.bucket, region: s3.region, endpoint: s3.endpoint, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }) });
    second = await openPostgres(a.databaseUrl!, 4);
    watchB = createCatalogWatch(second);
    await watchB.ready;
    b = a.another(second.db, watchB);
    const kamala = await signedUp(a, 'Kamala');
    await a.shop.owners.setOwner(kamala.email, true);
    owner = kamala.cookie;
  }, 120_000);
  afterAll(async () => {
    await watchB?.close();
    await second?.close();
    await a?.close();
    await drawing?.remove();
    await s3?.close();
  });

  const drawnProduct = async (id: number) => {
    const html = await (await Promise.resolve(b.request(`/product/${id}`))).text();
    const block = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(html);
    const data = JSON.parse(block![1]!) as { queries: { queryKey: unknown[]; state: { data: { price: number; images: string[] } } }[] };
    return data.queries.find((q) => q.queryKey[0] === 'products')!.state.data;
  };
  const piece = { name: 'Two Servers Banarasi Saree', price: 4_999_00, stock: 300, tax: { hsnCode: '5007', taxRule: 'fixed', fixedRateBp: 500 } };

  it("shows the owner's new photograph and price, made on A, in B's drawn page within a second", async () => {
    const { id } = (await (await send(a, 'POST', '/api/admin/products', piece, owner)).json()) as { id: number };
    expect((await drawnProduct(id)).price).toBe(4_999_00);
    const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#7a1f3d' } }).jpeg().toBuffer();
    const uploaded = await Promise.resolve(a.app.request('/api/admin/uploads/photos', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream', Cookie: owner }, body: photo as BodyInit }));
    const { url } = (await uploaded.json()) as { url: string };
    expect((await send(a, 'PUT', `/api/admin/products/${id}`, { ...piece, price: 4_499_00, images: [url] }, owner)).status).toBe(200);
    const changed = Date.now();
    await expect.poll(() => drawnProduct(id), { timeout: 1000, interval: 50 }).toMatchObject({ price: 4_499_00, images: [url] });
    expect(Date.now() - changed).toBeLessThan(1000);
    const shown = await Promise.resolve(b.request(url));
    expect(shown.status).toBe(200);
    expect(shown.headers.get('Content-Type')).toBe('image/webp');
  });

  /** A shopper with an address, signed up on A. */
  async function shopper(name: string) {
    const s = await signedUp(a, name);
    const address = (await (await send(a, 'POST', '/api/addresses', { name: `${name} Rao`, phone: '9876543210', house: '7', street: 'Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016' }, s.cookie)).json()) as Address;
    return { ...s, address };
  }
  /** Buys with online payment on `on` (test mode): the quote, the order, the payment and its confirmation. */
  async function pay(on: { app: App }, who: Awaited<ReturnType<typeof shopper>>, query: string, buyNow?: number) {
    const quote = (await (await send(on, 'GET', `/api/checkout/quote${query}`, undefined, who.cookie)).json()) as Quote;
    const started = await send(on, 'POST', '/api/checkout/orders', { addressId: who.address.id, ...(buyNow && { buyNow: { productId: buyNow } }), expectedTotal: quote.amounts.total }, who.cookie);
    expect(started.status, await started.clone().text()).toBe(201);
    const { orderId } = (await started.json()) as CheckoutStart;
    const success = await (await send(on, 'POST', `/api/checkout/orders/${orderId}/test-payment`, undefined, who.cookie)).json();
    expect((await send(on, 'POST', `/api/checkout/orders/${orderId}/confirm`, success, who.cookie)).status).toBe(200);
    return orderId;
  }

  it('takes a cart filled on A and pays it on B', async () => {
    const { id } = (await (await send(a, 'POST', '/api/admin/products', { ...piece, name: 'Cart Across Servers Kurta' }, owner)).json()) as { id: number };
    const meera = await shopper('Meera');
    expect((await send(a, 'POST', '/api/cart/items', { productId: id }, meera.cookie)).status).toBe(200);
    const orderId = await pay({ app: b }, meera, '');
    const [order] = await a.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paymentStatus: 'paid', source: 'cart' });
    expect((await (await send(a, 'GET', '/api/cart', undefined, meera.cookie)).json()).items).toEqual([]);
  });

  it('sends exactly 100 confirmation mails for 100 orders placed across both, each once, with both senders at work', async () => {
    const { id } = (await (await send(a, 'POST', '/api/admin/products', { ...piece, name: 'Hundred Orders Dupatta' }, owner)).json()) as { id: number };
    const buyers = await Promise.all(['Asha', 'Bina', 'Chitra', 'Deepa', 'Esha', 'Farah', 'Gita', 'Hema', 'Indu', 'Jaya'].map(shopper));
    const placed: string[] = [];
    // Ten shoppers at once, each buying ten times, every other purchase on the other server.
    await Promise.all(buyers.map(async (who, i) => {
      for (let n = 0; n < 10; n++) placed.push(await pay((i + n) % 2 ? { app: b } : a, who, `?buyNow=${id}`, id));
    }));
    expect(new Set(placed).size).toBe(100);
    const inbox = await startSmtpInbox();
    try {
      const senders = [createMailSender(a.database.db, smtpTransport(inbox.url, 'care@vastra.in'), () => {}), createMailSender(second.db, smtpTransport(inbox.url, 'care@vastra.in'), () => {})];
      const emails = new Set(buyers.map((bu) => bu.email));
      const ours = () => inbox.mails.filter((m) => m.subject?.endsWith('is confirmed') && emails.has(m.to && 'text' in m.to ? m.to.text : ''));
      for (let pass = 0; pass < 20 && ours().length < 100; pass++) await Promise.all(senders.flatMap((s) => [s.sendDue(), s.sendDue()]));
      expect(ours()).toHaveLength(100);
      expect(new Set(ours().map((m) => m.messageId)).size).toBe(100);
      // Nothing left to send, and nothing sent twice: every confirmation's row is sent once.
      const rows = await a.database.db.select({ sentAt: mailOutbox.sentAt, attempts: mailOutbox.attempts }).from(mailOutbox).where(like(mailOutbox.subject, '%is confirmed'));
      expect(rows.filter((r) => r.sentAt === null)).toEqual([]);
      await Promise.all(senders.map((s) => s.stop()));
    } finally {
      await inbox.close();
    }
  }, 180_000);

  // Last: the app made here says where every page of this process fetches photographs from.
  describe("with IMAGES_PUBLIC_URL, the owner's photographs from the bucket's public address", () => {
    let c: TestApp;
    let base: string;
    beforeAll(async () => {
      base = `${s3.endpoint}/${s3.bucket}`;
      c = await createTestApp({ web: true, ssr: drawing.renderer, storage: a.shop.storage, imagesPublicUrl: base });
      const lata = await signedUp(c, 'Lata');
      await c.shop.owners.setOwner(lata.email, true);
      owner = lata.cookie;
    }, 60_000);
    afterAll(async () => {
      await c?.close();
    });

    it('names them there in the drawn page, its preload, its Open Graph picture and its policy; the bucket serves them for a year', async () => {
      const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#1f5c7a' } }).jpeg().toBuffer();
      const uploaded = await Promise.resolve(c.app.request('/api/admin/uploads/photos', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream', Cookie: owner }, body: photo as BodyInit }));
      const { url } = (await uploaded.json()) as { url: string };
      const stem = /^\/images\/(products\/u-[0-9a-f]{20})\.webp$/.exec(url)![1]!;
      const { id } = (await (await send(c, 'POST', '/api/admin/products', { ...piece, name: 'Public Address Chanderi Saree', images: [url] }, owner)).json()) as { id: number };
      const res = await Promise.resolve(c.app.request(`/product/${id}`));
      const html = await res.text();
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="ssr-data"'));
      expect(root).toContain(`src="${base}/${stem}-768.webp"`);
      expect(root).toContain(`${base}/${stem}-1080.webp 1080w`);
      expect(root).not.toContain(`/images/${stem}`);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(`<meta name="photos-from" content="${base}" />`);
      expect(head).toMatch(new RegExp(`<link rel="preload" as="image" href="${base}/${stem}-768\\.webp"`));
      expect(head).toContain(`<meta property="og:image" content="${base}/${stem}.webp" />`);
      // The product keeps its own name for the photograph: the browser's takeover writes the same address from it.
      expect(html.slice(html.indexOf('id="ssr-data"'))).toContain(url);
      expect(res.headers.get('Content-Security-Policy')).toMatch(new RegExp(`img-src 'self' https://\\*\\.razorpay\\.com ${s3.endpoint}(;|$)`));
      // Anyone may fetch it from the bucket, with the year's cache the shop stored it with; /images/ still answers (old links).
      const fromBucket = await fetch(`${base}/${stem}-768.webp`);
      expect(fromBucket.status).toBe(200);
      expect(fromBucket.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(fromBucket.headers.get('Content-Type')).toBe('image/webp');
      const fromShop = await Promise.resolve(c.app.request(`/images/${stem}-768.webp`));
      expect(Buffer.from(await fromBucket.arrayBuffer()).equals(Buffer.from(await fromShop.arrayBuffer()))).toBe(true);
      // Only the owner's photographs: a shopper's return photograph is not read without a signature.
      await c.shop.storage.put('return-photos/r-private.webp', photo, 'image/webp');
      expect((await fetch(`${base}/return-photos/r-private.webp`)).status).toBe(403);
    });
  });
});
