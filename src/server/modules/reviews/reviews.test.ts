/**
 * Reviews from buyers (issue 51), through the real API on a real database: who may write one and
 * when, what is published at once and what waits for the owner, what the product page reads (first
 * name and initial, never the e-mail), "helpful" once, withdrawing, the owner's acts and their log,
 * and one shopper trying to act in another's name.
 */
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mailOutbox, orders, products, reviewEvents, reviews } from '../../db/schema/index.ts';
import { OWNER_REVIEWS_PAGE, REVIEW_WORDS, type ReviewSummary } from '../../../shared/reviews.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { jpegWithLocation, refusedWith, returnsShopForFile } from '../../test/returns-kit.ts';

const k = returnsShopForFile('Vastra Returns\n12, 4th Cross, Jayanagar\nBengaluru, Karnataka 560011');
const { p, db, shopperCookie, kurta, deliveredOrder, ask, step } = k;

const write = (body: Record<string, unknown>, cookie = shopperCookie()) => send(p.t, 'POST', '/api/reviews', body, cookie);
const good = (productId: number, extra: Record<string, unknown> = {}) => ({ productId, rating: 4, title: 'Soft chanderi, true colour', text: 'Wore it to a wedding.\n\nThe zari did not scratch.', fit: 'true', ...extra });
const reviewsOf = async (productId: number, query = '') => (await (await send(p.t, 'GET', `/api/products/${productId}/reviews${query}`)).json()) as { summary: ReviewSummary | null; items: { id: string; reviewer: string; size: string | null; title: string; text: string; helpful: number; photos: string[]; reply: { text: string } | null }[]; next: number | null };
const owner = (path: string, body: unknown = {}) => send(p.t, 'POST', `/api/admin/reviews/${path}`, body, p.owner.cookie);
/** A kurta in M and L, delivered to the shopper in M. */
async function deliveredKurta() {
  const id = await kurta({ M: 5, L: 5 });
  await deliveredOrder(id, 'M');
  return id;
}
/** A contract's refusal: 422, the field's own words. */
async function invalid(res: Response, field: string, message: string) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(422);
  expect(body.fields[field]).toBe(message);
}
const upload = (bytes: Buffer | Uint8Array, cookie = shopperCookie()) =>
  Promise.resolve(p.t.app.request('/api/uploads/review-photos', { method: 'POST', headers: { 'content-type': 'application/octet-stream', cookie }, body: new Uint8Array(bytes) }));

describe('writing a review', () => {
  it('publishes a text-only review at once, with the size bought, the first name and initial, and counts it on the product', async () => {
    const id = await deliveredKurta();
    const res = await write(good(id));
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({ state: 'published' });
    const page = await reviewsOf(id);
    expect(page.summary).toMatchObject({ count: 1, average: 4, histogram: [0, 1, 0, 0, 0], fit: { small: 0, true: 1, large: 0 }, fitSentence: null });
    const [shown] = page.items;
    expect(shown).toMatchObject({ size: 'M', title: 'Soft chanderi, true colour', text: 'Wore it to a wedding.\n\nThe zari did not scratch.', verified: true, reply: null });
    // First name and initial only: never the e-mail or the whole last name.
    const { firstName, lastName, email } = p.shopper.s;
    expect(shown!.reviewer).toBe(`${firstName} ${lastName[0]}.`);
    const answer = JSON.stringify(page);
    expect(answer).not.toContain(email);
    expect(answer).not.toContain(lastName);
    const [figures] = await db().select({ count: products.reviewCount, sum: products.ratingSum }).from(products).where(eq(products.id, id));
    expect(figures).toEqual({ count: 1, sum: 4 });
  });

  it('refuses a second review of the same product, also when both are sent at once', async () => {
    const id = await deliveredKurta();
    const both = await Promise.all([write(good(id)), write(good(id, { rating: 2 }))]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    await refusedWith(await write(good(id)), 409, REVIEW_WORDS.already);
    expect(await db().select().from(reviews).where(eq(reviews.productId, id))).toHaveLength(1);
  });

  it('refuses one who did not buy it (403), one whose piece has not arrived, and one past 180 days (409)', async () => {
    const id = await kurta({ M: 5 });
    await refusedWith(await write(good(id)), 403, REVIEW_WORDS.notBuyer);
    await p.paidOrder();
    await refusedWith(await write(good(p.productId, { fit: null })), 409, REVIEW_WORDS.notDelivered);
    const late = await kurta({ M: 5 });
    const { id: orderId } = await deliveredOrder(late, 'M');
    await db().update(orders).set({ deliveredAt: new Date(Date.now() - 181 * 86_400_000) }).where(eq(orders.id, orderId));
    await refusedWith(await write(good(late)), 409, REVIEW_WORDS.windowPassed);
    expect(await db().select().from(reviews).where(eq(reviews.productId, late))).toEqual([]);
  });

  it('refuses a piece sent back for a refund once it has left the buyer (409)', async () => {
    const id = await kurta({ M: 5 });
    const { id: orderId, lineId } = await deliveredOrder(id, 'M');
    const made = await ask(orderId, { lines: [{ lineId, quantity: 1 }], reason: 'quality', resolution: 'refund' });
    expect(made.status, await made.clone().text()).toBe(201);
    const { id: requestId } = await made.json();
    for (const s of ['approve', 'send-yourself', 'received']) expect((await step(requestId, s, s === 'send-yourself' ? { way: 'self' } : {})).status).toBe(200);
    await refusedWith(await write(good(id)), 409, REVIEW_WORDS.returned);
    expect(await db().select().from(reviews).where(eq(reviews.productId, id))).toEqual([]);
  });

  it('refuses bad input clearly, writing nothing', async () => {
    const id = await deliveredKurta();
    for (const rating of [0, 6, 3.5, '5']) await invalid(await write(good(id, { rating })), 'rating', REVIEW_WORDS.rating);
    await invalid(await write(good(id, { title: 'x'.repeat(81) })), 'title', REVIEW_WORDS.titleTooLong);
    await invalid(await write(good(id, { title: '   ' })), 'title', REVIEW_WORDS.titleNeeded);
    await invalid(await write(good(id, { text: 'x'.repeat(2001) })), 'text', REVIEW_WORDS.textTooLong);
    await invalid(await write(good(id, { photos: Array.from({ length: 6 }, (_, i) => String(i).repeat(64)) })), 'photos', REVIEW_WORDS.tooManyPhotos);
    await refusedWith(await write(good(id, { photos: ['ab'.repeat(32)] })), 422, REVIEW_WORDS.photoUnknown);
    await refusedWith(await write(good(id, { fit: null })), 422, REVIEW_WORDS.fit);
    await invalid(await write(good(id, { fit: 'tight' })), 'fit', REVIEW_WORDS.fit);
    expect(await db().select().from(reviews).where(eq(reviews.productId, id))).toEqual([]);
  });

  it('keeps script as text: stored as written, answered as JSON', async () => {
    const id = await deliveredKurta();
    const title = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';
    expect((await write(good(id, { title: title.slice(0, 80) }))).status).toBe(201);
    const res = await send(p.t, 'GET', `/api/products/${id}/reviews`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await res.json()).items[0].title).toBe(title.slice(0, 80));
  });

  it('asks no fit of a one-size piece', async () => {
    const made = await send(p.t, 'POST', '/api/admin/products', { name: 'Kota Doria Dupatta', price: 899_00, stock: 20 }, p.owner.cookie);
    const { id } = (await made.json()) as { id: number };
    await deliveredOrder(id);
    await refusedWith(await write(good(id)), 422, REVIEW_WORDS.noFitForOneSize);
    expect((await write(good(id, { fit: null }))).status).toBe(201);
    expect((await reviewsOf(id)).items[0]).toMatchObject({ size: null, fit: null });
  });
});

describe('what waits for the owner', () => {
  it('holds a review with a link, phone or e-mail; the owner publishes it, and every act is logged with who', async () => {
    const id = await deliveredKurta();
    const res = await write(good(id, { text: 'Cheaper at www.sareesale.in, call 98765 43210' }));
    const { id: reviewId, state } = await res.json();
    expect(state).toBe('pending');
    expect((await reviewsOf(id)).summary!.count).toBe(0);
    const listed = await (await send(p.t, 'GET', '/api/admin/reviews?state=pending', undefined, p.owner.cookie)).json();
    expect(listed.items.find((r: { id: string }) => r.id === reviewId)).toMatchObject({ heldFor: ['link', 'phone'], state: 'pending' });
    expect((await owner(`${reviewId}/publish`)).status).toBe(200);
    await refusedWith(await owner(`${reviewId}/publish`), 409, REVIEW_WORDS.notPending('Published'));
    expect((await reviewsOf(id)).summary!.count).toBe(1);
    const events = await db().select({ action: reviewEvents.action, by: reviewEvents.byUserId }).from(reviewEvents).where(eq(reviewEvents.reviewId, reviewId));
    expect(events).toEqual([
      { action: 'held', by: p.shopper.s.id },
      { action: 'published', by: p.owner.id },
    ]);
    // The owner's screen reads the same log with names, and the reviewer's whole name (shoppers see "Meera S.").
    const [shown] = (await (await send(p.t, 'GET', `/api/admin/reviews?productId=${id}`, undefined, p.owner.cookie)).json()).items;
    expect(shown).toMatchObject({ id: reviewId, state: 'published', productId: id, text: 'Cheaper at www.sareesale.in, call 98765 43210' });
    expect(shown.events.map((e: { action: string; by: string | null }) => e.action)).toEqual(['held', 'published']);
    expect(shown.events.every((e: { by: string | null; at: string }) => e.by && !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  it("holds a word on the owner's list; a rejected review's writer is told why by mail and may write again", async () => {
    const saved = await send(p.t, 'PUT', '/api/admin/reviews/words', { words: ['Bekaar', 'chutiya'] }, p.owner.cookie);
    expect((await saved.json()).words).toEqual(['bekaar', 'chutiya']);
    const id = await deliveredKurta();
    const { id: reviewId, state } = await (await write(good(id, { text: 'Ekdum bekaar' }))).json();
    expect(state).toBe('pending');
    await invalid(await owner(`${reviewId}/reject`, { reason: '' }), 'reason', REVIEW_WORDS.rejectReasonNeeded);
    // The owner's reason goes into a mail: written there as text, never as markup.
    const reason = 'Please say what was wrong with the piece, without abuse. <script>alert(1)</script><a href="https://evil.example">x</a>';
    expect((await owner(`${reviewId}/reject`, { reason })).status).toBe(200);
    const [mail] = await db().select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, p.shopper.s.email), eq(mailOutbox.kind, 'review_rejected')));
    expect(mail!.textBody).toContain(reason);
    expect(mail!.htmlBody).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;a href=&quot;https://evil.example&quot;&gt;');
    expect(mail!.htmlBody).not.toMatch(/<script|<a href="https:\/\/evil/);
    expect((await write(good(id, { text: 'The kurta ran small.' }))).status).toBe(201);
    await send(p.t, 'PUT', '/api/admin/reviews/words', { words: [] }, p.owner.cookie);
  });

  it('takes a photograph without its location, holds the review for the owner, and shows it once published', async () => {
    const id = await deliveredKurta();
    const up = await upload(await jpegWithLocation());
    expect(up.status, await up.clone().text()).toBe(201);
    const { id: photoId, url } = await up.json();
    const stored = await Promise.resolve(p.t.app.request(url));
    expect(stored.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    const { id: reviewId, state } = await (await write(good(id, { photos: [photoId] }))).json();
    expect(state).toBe('pending');
    expect((await owner(`${reviewId}/publish`)).status).toBe(200);
    const page = await reviewsOf(id);
    expect(page.summary!.photos).toEqual([{ reviewId, url: url.replace('-480.webp', '.webp') }]);
    expect(page.items[0]!.photos).toEqual([url.replace('-480.webp', '.webp')]);
    // Another shopper cannot use the photograph's id.
    const other = await signedUp(p.t, 'Nirmala');
    await refusedWith(await send(p.t, 'POST', '/api/reviews', good(id, { photos: [photoId] }), other.cookie), 403, REVIEW_WORDS.notBuyer);
  });

  it('refuses a HEIC photograph with how to send a JPEG, a file that is not one, and one over 10 MB', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(8), Buffer.from('mif1heic'), Buffer.alloc(64)]);
    await refusedWith(await upload(heic), 422, REVIEW_WORDS.photoHeic);
    await refusedWith(await upload(Buffer.from('%PDF-1.4 not a photo')), 422, REVIEW_WORDS.photoNotImage);
    await refusedWith(await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 1)), 413, REVIEW_WORDS.photoTooLarge);
  });
});

describe('reading, helpful, withdrawing and replying', () => {
  it('"Helpful" counts once per account, never on one\'s own review, also when sent at once', async () => {
    const id = await deliveredKurta();
    const { id: reviewId } = await (await write(good(id))).json();
    const helper = await signedUp(p.t, 'Radha');
    const tries = await Promise.all(Array.from({ length: 5 }, () => send(p.t, 'POST', `/api/reviews/${reviewId}/helpful`, undefined, helper.cookie)));
    expect(tries.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    await refusedWith(await send(p.t, 'POST', `/api/reviews/${reviewId}/helpful`, undefined, helper.cookie), 409, REVIEW_WORDS.helpfulTwice);
    await refusedWith(await send(p.t, 'POST', `/api/reviews/${reviewId}/helpful`, undefined, shopperCookie()), 403, REVIEW_WORDS.helpfulOwn);
    expect((await reviewsOf(id)).items[0]!.helpful).toBe(1);
    expect((await send(p.t, 'POST', `/api/reviews/${reviewId}/helpful`)).status).toBe(401);
  });

  it("another shopper cannot withdraw, reply to, or see one's reviews; the writer withdraws and writes again", async () => {
    const id = await deliveredKurta();
    const { id: reviewId } = await (await write(good(id))).json();
    const other = await signedUp(p.t, 'Kavitha');
    await refusedWith(await send(p.t, 'DELETE', `/api/reviews/${reviewId}`, undefined, other.cookie), 404, REVIEW_WORDS.notFound);
    expect((await send(p.t, 'POST', `/api/admin/reviews/${reviewId}/reply`, { text: 'Thank you!' }, other.cookie)).status).toBe(403);
    expect((await (await send(p.t, 'GET', '/api/reviews/mine', undefined, other.cookie)).json()).items).toEqual([]);
    expect((await (await send(p.t, 'GET', '/api/reviews/mine', undefined, shopperCookie())).json()).items.map((r: { id: string }) => r.id)).toContain(reviewId);
    expect((await send(p.t, 'DELETE', `/api/reviews/${reviewId}`, undefined, shopperCookie())).status).toBe(200);
    await refusedWith(await send(p.t, 'DELETE', `/api/reviews/${reviewId}`, undefined, shopperCookie()), 409, REVIEW_WORDS.withdrawn);
    expect((await reviewsOf(id)).summary!.count).toBe(0);
    const [figures] = await db().select({ count: products.reviewCount, sum: products.ratingSum }).from(products).where(eq(products.id, id));
    expect(figures).toEqual({ count: 0, sum: 0 });
    expect((await write(good(id, { rating: 5 }))).status).toBe(201);
  });

  it("shows the owner's reply under the review, and the fit bar and fit per size once three buyers have answered", async () => {
    const id = await deliveredKurta();
    const { id: reviewId } = await (await write(good(id, { fit: 'small' }))).json();
    await invalid(await owner(`${reviewId}/reply`, { text: '  ' }), 'text', REVIEW_WORDS.replyNeeded);
    expect((await owner(`${reviewId}/reply`, { text: 'Thank you, Meera! Our kurtas run a little small: take one size up.' })).status).toBe(200);
    expect((await reviewsOf(id)).items[0]!.reply).toMatchObject({ text: 'Thank you, Meera! Our kurtas run a little small: take one size up.' });
    for (const [name, fit] of [['Lalitha', 'small'], ['Shanthi', 'true']] as const) {
      const buyer = await signedUp(p.t, name);
      const address = await (await send(p.t, 'POST', '/api/addresses', { name: `${name} Rao`, phone: '9876543210', house: '7', street: 'Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016' }, buyer.cookie)).json();
      const { id: orderId } = await deliveredOrderAs(buyer.cookie, address.id, id);
      expect(orderId).toBeTruthy();
      expect((await write(good(id, { fit }), buyer.cookie)).status).toBe(201);
    }
    const { summary } = await reviewsOf(id);
    expect(summary!.fitSentence).toBe('67% say small, 33% true to size');
    const fit = await (await send(p.t, 'GET', `/api/admin/products/${id}/fit`, undefined, p.owner.cookie)).json();
    expect(fit.sizes).toEqual([{ size: 'M', small: 2, true: 1, large: 0 }]);
    // The cards carry the stars too: three reviews of 4 stars.
    const { items } = await (await send(p.t, 'GET', '/api/products?limit=48')).json();
    expect(items.find((c: { id: number }) => c.id === id)).toMatchObject({ reviewCount: 3, rating: 4 });
  });

  it("keeps the owner's side to owners", async () => {
    for (const [method, path] of [['GET', '/api/admin/reviews'], ['PUT', '/api/admin/reviews/words'], ['GET', `/api/admin/products/${p.productId}/fit`]] as const) {
      expect((await send(p.t, method, path, method === 'PUT' ? { words: [] } : undefined, shopperCookie())).status, path).toBe(403);
    }
  });

  it("pages the owner's list past its first page, each review once, newest first, ties kept in order", async () => {
    const id = await deliveredKurta();
    const { id: reviewId } = await (await write(good(id))).json();
    expect((await send(p.t, 'DELETE', `/api/reviews/${reviewId}`, undefined, shopperCookie())).status).toBe(200);
    // 70 more withdrawn reviews of the product, three to each minute (withdrawn ones leave room, so the one-live index allows them).
    await db().execute(sql`insert into reviews (product_id, user_id, order_item_id, rating, title, body, state, created_at)
      select product_id, user_id, order_item_id, rating, 'Copy ' || n, body, 'withdrawn', now() - (n / 3) * interval '1 minute'
      from reviews, generate_series(1, 70) n where id = ${reviewId}`);
    const pageOf = async (before?: string) => {
      const res = await send(p.t, 'GET', `/api/admin/reviews?state=withdrawn&productId=${id}${before ? `&before=${before}` : ''}`, undefined, p.owner.cookie);
      expect(res.status).toBe(200);
      return (await res.json()) as { items: { id: string; createdAt: string }[]; next: string | null };
    };
    const first = await pageOf();
    expect(first.items).toHaveLength(OWNER_REVIEWS_PAGE);
    expect(first.next).toBe(first.items.at(-1)!.id);
    const second = await pageOf(first.next!);
    expect(second.next).toBeNull();
    const all = [...first.items, ...second.items];
    expect(all).toHaveLength(71);
    expect(new Set(all.map((r) => r.id)).size).toBe(71);
    const times = all.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // A continuation that is not a review's id is refused, not a 500.
    expect((await send(p.t, 'GET', `/api/admin/reviews?before=${encodeURIComponent("x' or 1=1 --")}`, undefined, p.owner.cookie)).status).toBe(400);
  });
});

/** A delivered order of one M kurta placed by another buyer (the kit's own places as its shopper). */
async function deliveredOrderAs(cookie: string, addressId: string, productId: number) {
  const quote = await (await send(p.t, 'GET', `/api/checkout/quote?buyNow=${productId}&size=M`, undefined, cookie)).json();
  const started = await send(p.t, 'POST', '/api/checkout/orders', { addressId, buyNow: { productId, size: 'M' }, expectedTotal: quote.amounts.total }, cookie);
  expect(started.status, await started.clone().text()).toBe(201);
  const { orderId } = (await started.json()) as { orderId: string };
  const success = await (await send(p.t, 'POST', `/api/checkout/orders/${orderId}/test-payment`, undefined, cookie)).json();
  expect((await send(p.t, 'POST', `/api/checkout/orders/${orderId}/confirm`, success, cookie)).status).toBe(200);
  expect((await p.book(orderId)).status).toBe(200);
  const awb = await p.awbOf(orderId);
  await p.scan(awb, '42');
  await p.scan(awb, '7');
  return { id: orderId };
}
