/**
 * Asking for a return or an exchange (issue 49), through the real API on PGlite and PostgreSQL:
 * orders delivered by the courier's scan, the window counted from it, final sale, how many may come
 * back, one request at a time per line, an exchange's size held at once and never sold to another,
 * photographs checked and stripped, another shopper's order not found; nothing written when refused.
 */
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RETURN_WORDS } from '../../../shared/returns.ts';
import { orderItems, orders, returnLines, returnPhotos, returnRequests } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { jpegWithLocation, refusedWith, returnsShopForFile } from '../../test/returns-kit.ts';

const k = returnsShopForFile();
const { p, db, shopperCookie, kurta, deliveredOrder, ask, requestsOf, stockOf, lineName, upload } = k;

describe('a refund request', () => {
  it('is taken for a delivered piece within the window, once per line, and shown to the shopper', async () => {
    const { id, lineId } = await deliveredOrder(p.productId);
    const res = await ask(id, { lines: [{ lineId, quantity: 1 }], reason: 'quality', resolution: 'refund', note: 'The zari is coming off' });
    expect(res.status, await res.clone().text()).toBe(201);
    const shown = (await (await send(p.t, 'GET', `/api/orders/${id}/returns`, undefined, shopperCookie())).json()) as { requests: (Record<string, unknown> & { lines: unknown })[]; lines: { lineId: number; most: number; underWay: boolean }[] };
    expect(shown.requests).toHaveLength(1);
    expect(shown.lines).toEqual([expect.objectContaining({ lineId, most: 0, underWay: true })]);
    expect(shown.requests[0]).toMatchObject({ state: 'requested', reason: 'quality', resolution: 'refund', note: 'The zari is coming off' });
    expect(shown.requests[0]!.lines).toEqual([expect.objectContaining({ orderItemId: lineId, quantity: 1, exchangeSize: null })]);
    // Sent again (a double tap): the first is under way, nothing more written.
    await refusedWith(await ask(id, { lines: [{ lineId, quantity: 1 }], reason: 'quality', resolution: 'refund' }), 409, RETURN_WORDS.openRequest((await lineName(lineId))));
    expect(await requestsOf(id)).toHaveLength(1);
  });

  it('is refused before delivery, after the window (naming its last day), for more than was delivered, and for a line not in the order', async () => {
    const { id, lineId } = await deliveredOrder(p.productId);
    await refusedWith(await ask(id, { lines: [{ lineId, quantity: 2 }], reason: 'quality', resolution: 'refund' }), 409, RETURN_WORDS.tooMany(await lineName(lineId), 1));
    await refusedWith(await ask(id, { lines: [{ lineId: lineId + 100_000, quantity: 1 }], reason: 'quality', resolution: 'refund' }), 400, RETURN_WORDS.noSuchLine);
    // Delivered eight days ago (India's calendar): the default window of 7 days closed yesterday.
    await db().update(orders).set({ deliveredAt: new Date('2026-01-10T06:00:00Z') }).where(eq(orders.id, id));
    await refusedWith(await ask(id, { lines: [{ lineId, quantity: 1 }], reason: 'quality', resolution: 'refund' }), 409, 'The return window for this order closed on 17 January 2026.');
    const undelivered = await p.paidOrder();
    const [line] = await db().select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, undelivered));
    await refusedWith(await ask(undelivered, { lines: [{ lineId: Number(line!.id), quantity: 1 }], reason: 'quality', resolution: 'refund' }), 409, RETURN_WORDS.notDelivered);
    expect([...(await requestsOf(id)), ...(await requestsOf(undelivered))]).toHaveLength(0);
  });

  it('of a final-sale piece is taken only when it arrived damaged or wrong, with photographs', async () => {
    const productId = await kurta({ M: 5 }, { finalSale: true });
    // The product page says so.
    expect((await (await p.t.get(`/api/products/${productId}`)).json()).finalSale).toBe(true);
    const { id, lineId } = await deliveredOrder(productId, 'M');
    const name = await lineName(lineId);
    await refusedWith(await ask(id, { lines: [{ lineId, quantity: 1 }], reason: 'changed_mind', resolution: 'refund' }), 409, RETURN_WORDS.finalSale(name));
    const noPhotos = await ask(id, { lines: [{ lineId, quantity: 1 }], reason: 'damaged', resolution: 'refund' });
    expect(noPhotos.status).toBe(422);
    expect(JSON.stringify(await noPhotos.json())).toContain(RETURN_WORDS.photosNeeded);
    const photo = await upload(await jpegWithLocation());
    expect(photo.status, await photo.clone().text()).toBe(201);
    const { id: photoId } = await photo.json();
    expect((await ask(id, { lines: [{ lineId, quantity: 1 }], reason: 'damaged', resolution: 'refund', photos: [photoId] })).status).toBe(201);
    const [kept] = await db().select().from(returnPhotos).where(eq(returnPhotos.id, photoId));
    expect(kept!.requestId).not.toBeNull();
  });
});

describe('an exchange', () => {
  it('holds the new size at once, so the last piece is never sold to another shopper', async () => {
    const productId = await kurta({ M: 5, L: 1 });
    const { id, lineId } = await deliveredOrder(productId, 'M');
    expect((await ask(id, { lines: [{ lineId, quantity: 1, exchangeSize: 'L' }], reason: 'too_small', resolution: 'exchange' })).status).toBe(201);
    expect(await stockOf(productId, 'L')).toBe(0);
    const [request] = await requestsOf(id);
    expect(request!.holdUntil!.getTime() - Date.now()).toBeGreaterThan(9.9 * 86_400_000);
    const [line] = await db().select().from(returnLines).where(eq(returnLines.requestId, request!.id));
    expect(line).toMatchObject({ exchangeSize: 'L', held: true });
    // Another shopper asking for the last L is told it is gone.
    const other = await signedUp(p.t, 'Ishaan');
    const quote = await send(p.t, 'GET', `/api/checkout/quote?buyNow=${productId}&size=L`, undefined, other.cookie);
    expect(JSON.stringify(await quote.json())).toMatch(/sold out|Out of Stock|left/i);
  });

  it('is refused to the same size, a sold-out size, and a one-size piece, offering the refund; nothing is held', async () => {
    const productId = await kurta({ M: 5, L: 0 });
    const { id, lineId } = await deliveredOrder(productId, 'M');
    const name = await lineName(lineId);
    await refusedWith(await ask(id, { lines: [{ lineId, quantity: 1, exchangeSize: 'M' }], reason: 'too_small', resolution: 'exchange' }), 409, RETURN_WORDS.sameSize('M'));
    await refusedWith(await ask(id, { lines: [{ lineId, quantity: 1, exchangeSize: 'L' }], reason: 'too_small', resolution: 'exchange' }), 409, RETURN_WORDS.sizeGone(name, 'L'));
    expect(await stockOf(productId, 'M')).toBe(4);
    const oneSize = await deliveredOrder(p.productId);
    await refusedWith(await ask(oneSize.id, { lines: [{ lineId: oneSize.lineId, quantity: 1, exchangeSize: 'L' }], reason: 'too_large', resolution: 'exchange' }), 409, RETURN_WORDS.noSizes(await lineName(oneSize.lineId)));
    expect([...(await requestsOf(id)), ...(await requestsOf(oneSize.id))]).toHaveLength(0);
  });

  it('of the last piece, asked by two tabs at once, is held once', async () => {
    const productId = await kurta({ M: 5, L: 1 });
    const first = await deliveredOrder(productId, 'M');
    const second = await deliveredOrder(productId, 'M');
    const answers = await Promise.all([first, second, first].map((o) => ask(o.id, { lines: [{ lineId: o.lineId, quantity: 1, exchangeSize: 'L' }], reason: 'too_small', resolution: 'exchange' })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await stockOf(productId, 'L')).toBe(0);
    expect([...(await requestsOf(first.id)), ...(await requestsOf(second.id))]).toHaveLength(1);
  });
});

describe('photographs', () => {
  it('are re-encoded without their location, kept private, and refused when not a picture or too large', async () => {
    const res = await upload(await jpegWithLocation());
    const { id } = await res.json();
    const own = await send(p.t, 'GET', `/api/returns/photos/${id}`, undefined, shopperCookie());
    expect(own.status).toBe(200);
    const meta = await sharp(Buffer.from(await own.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    const stranger = await signedUp(p.t, 'Rohan');
    expect((await send(p.t, 'GET', `/api/returns/photos/${id}`, undefined, stranger.cookie)).status).toBe(404);
    expect((await p.t.app.request(`/api/returns/photos/${id}`)).status).toBe(401);
    await refusedWith(await upload(Buffer.from('<svg onload="alert(1)"></svg>')), 422, RETURN_WORDS.photoNotImage);
    await refusedWith(await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 0xff)), 413, RETURN_WORDS.photoTooLarge);
    // A photograph that is not the shopper's own cannot be named in a request.
    const { id: orderId, lineId } = await deliveredOrder(p.productId);
    const theirs = (await (await upload(await jpegWithLocation(90), stranger.cookie)).json()) as { id: string };
    await refusedWith(await ask(orderId, { lines: [{ lineId, quantity: 1 }], reason: 'damaged', resolution: 'refund', photos: [theirs.id] }), 400, RETURN_WORDS.photoUnknown);
    expect(await requestsOf(orderId)).toHaveLength(0);
  });
});

describe('hostile input', () => {
  it('a NUL in the note is tidied away, one in a size is refused; a second picture of the same thing is a photograph of its own', async () => {
    const { id, lineId } = await deliveredOrder(await kurta({ M: 5, L: 2 }), 'M');
    const badSize = await ask(id, { lines: [{ lineId, quantity: 1, exchangeSize: 'L\u0000' }], reason: 'too_small', resolution: 'exchange' });
    expect(badSize.status).toBe(422);
    const picture = await jpegWithLocation(120);
    const [one, two] = [await (await upload(picture)).json(), await (await upload(picture)).json()] as { id: string }[];
    expect(one!.id).not.toBe(two!.id);
    const made = await ask(id, { lines: [{ lineId, quantity: 1 }], reason: 'damaged', resolution: 'refund', note: 'Torn\u0000 <b>hem</b>', photos: [one!.id] });
    expect(made.status, await made.clone().text()).toBe(201);
    const [request] = await requestsOf(id);
    expect(request!.note).toBe('Torn <b>hem</b>');
  });

  it('a photograph never sent with a request is cleared away after a day; one with a request stays', async () => {
    const loose = (await (await upload(await jpegWithLocation(90))).json()) as { id: string };
    const kept = (await (await upload(await jpegWithLocation(120))).json()) as { id: string };
    const { id, lineId } = await deliveredOrder(p.productId);
    expect((await ask(id, { lines: [{ lineId, quantity: 1 }], reason: 'damaged', resolution: 'refund', photos: [kept.id] })).status).toBe(201);
    await db().update(returnPhotos).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) }).where(inArray(returnPhotos.id, [loose.id, kept.id]));
    expect(await p.t.shop.returns.dropLoosePhotos()).toBeGreaterThanOrEqual(1);
    expect((await send(p.t, 'GET', `/api/returns/photos/${loose.id}`, undefined, shopperCookie())).status).toBe(404);
    expect((await send(p.t, 'GET', `/api/returns/photos/${kept.id}`, undefined, shopperCookie())).status).toBe(200);
  });

  it('photographs are limited per shopper: the 31st in an hour is refused with when to try again', async () => {
    const shopper = await signedUp(p.t, 'Farida');
    const picture = await jpegWithLocation(200);
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await upload(picture, shopper.cookie)).status);
    expect(answers.filter((s) => s === 201)).toHaveLength(30);
    const refused = await upload(picture, shopper.cookie);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^Too many photographs added\. Please try again in/);
  });
});

describe('another shopper', () => {
  it('cannot ask back, or see the requests of, an order not theirs (404)', async () => {
    const { id, lineId } = await deliveredOrder(p.productId);
    const stranger = await signedUp(p.t, 'Zoya');
    await refusedWith(await ask(id, { lines: [{ lineId, quantity: 1 }], reason: 'quality', resolution: 'refund' }, stranger.cookie), 404, 'Order not found.');
    expect((await ask(id, { lines: [{ lineId, quantity: 1 }], reason: 'quality', resolution: 'refund' })).status).toBe(201);
    expect((await send(p.t, 'GET', `/api/orders/${id}/returns`, undefined, stranger.cookie)).status).toBe(404);
    expect((await send(p.t, 'GET', `/api/orders/not-an-id/returns`, undefined, stranger.cookie)).status).toBe(404);
  });
});

describe('the owner’s decision', () => {
  const exchangeAsked = async () => {
    const productId = await kurta({ M: 5, L: 1 });
    const order = await deliveredOrder(productId, 'M');
    const res = await ask(order.id, { lines: [{ lineId: order.lineId, quantity: 1, exchangeSize: 'L' }], reason: 'too_small', resolution: 'exchange' });
    return { productId, ...(await res.json()) as { id: string } };
  };
  const decide = (id: string, how: 'approve' | 'refuse', cookie = p.owner.cookie, reason = 'The tags were removed and the kurta was worn.') => send(p.t, 'POST', `/api/admin/returns/${id}/${how}`, how === 'refuse' ? { reason } : undefined, cookie);

  it('lists open requests; approving is the owner’s alone, and once', async () => {
    const { id } = await exchangeAsked();
    expect((await decide(id, 'approve', shopperCookie())).status).toBe(403);
    const listed = (await (await send(p.t, 'GET', '/api/admin/returns', undefined, p.owner.cookie)).json()) as { items: { id: string; orderNumber: string; shopper: string }[] };
    expect(listed.items.find((r) => r.id === id)).toMatchObject({ orderNumber: expect.stringMatching(/^VA\d+$/), shopper: expect.any(String) });
    const answers = await Promise.all(Array.from({ length: 5 }, () => decide(id, 'approve')));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    await refusedWith(await decide(id, 'refuse'), 409, RETURN_WORDS.stepDone('Approved'));
  });

  it('refusing says why and puts the held size back on sale, once however often it is sent', async () => {
    const { id, productId } = await exchangeAsked();
    expect(await stockOf(productId, 'L')).toBe(0);
    await refusedWith(await decide(id, 'refuse', p.owner.cookie, 'no'), 422, 'Say why the request is not accepted');
    const answers = await Promise.all(Array.from({ length: 5 }, () => decide(id, 'refuse')));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await stockOf(productId, 'L')).toBe(1);
    const [request] = await db().select().from(returnRequests).where(eq(returnRequests.id, id));
    expect(request).toMatchObject({ state: 'refused', ownerNote: 'The tags were removed and the kurta was worn.' });
    expect((await send(p.t, 'POST', `/api/admin/returns/${crypto.randomUUID()}/approve`, undefined, p.owner.cookie)).status).toBe(404);
  });

  it('an exchange hold past its ten days gives the size back once, and the request stays open', async () => {
    const { id, productId } = await exchangeAsked();
    await db().update(returnRequests).set({ holdUntil: new Date(Date.now() - 60_000) }).where(eq(returnRequests.id, id));
    const passes = await Promise.all([p.t.shop.returns.lapseHolds(), p.t.shop.returns.lapseHolds()]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await p.t.shop.returns.lapseHolds()).toBe(0);
    expect(await stockOf(productId, 'L')).toBe(1);
    const [request] = await db().select().from(returnRequests).where(eq(returnRequests.id, id));
    expect(request!.state).toBe('requested');
  });
});

describe('the owner’s rules', () => {
  it('are saved within their bounds, and the window follows them', async () => {
    const bad = await send(p.t, 'PUT', '/api/admin/returns/settings', { windowDays: 31, pickupFeePaise: 0, feeAfterReturns: null, codRefund: 'store_credit', returnAddress: '' }, p.owner.cookie);
    expect(bad.status).toBe(422);
    expect((await send(p.t, 'PUT', '/api/admin/returns/settings', { windowDays: 7, pickupFeePaise: 0, feeAfterReturns: null, codRefund: 'store_credit', returnAddress: '' }, shopperCookie())).status).toBe(403);
    const saved = await send(p.t, 'PUT', '/api/admin/returns/settings', { windowDays: 0, pickupFeePaise: 49_00, feeAfterReturns: 2, codRefund: 'credit_or_payout', returnAddress: 'Vastra Returns\n12, 4th Cross, Jayanagar\nBengaluru 560011' }, p.owner.cookie);
    expect(saved.status).toBe(200);
    const { id, lineId } = await deliveredOrder(p.productId);
    await db().update(orders).set({ deliveredAt: new Date(Date.now() - 86_400_000 * 2) }).where(eq(orders.id, id));
    expect((await ask(id, { lines: [{ lineId, quantity: 1 }], reason: 'quality', resolution: 'refund' })).status).toBe(409);
    await send(p.t, 'PUT', '/api/admin/returns/settings', { windowDays: 7, pickupFeePaise: 0, feeAfterReturns: null, codRefund: 'store_credit', returnAddress: '' }, p.owner.cookie);
  });
});
