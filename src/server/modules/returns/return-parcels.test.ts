/**
 * A return's parcels (issue 49), through the real API and the local courier, on PGlite and
 * PostgreSQL: the courier's pickup of an approved piece (Shiprocket's return order, Delhivery's
 * `Pickup`), its scans moving the request and never the order; an exchange's new size sent as a
 * second parcel of the order with the shop's courier or the owner's own, once however often it is
 * asked; a lapsed hold taken again, or a refund instead when the size sold out meanwhile. After each
 * test the ledger still sums to every count and no order was refunded more than was paid.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { indiaDay } from '../../../shared/india-time.ts';
import { PICKUP_FEE_WORDS, RETURN_WORDS } from '../../../shared/returns.ts';
import { invoices, mailOutbox, orders, returnEvents, returnLines, returnRefunds, returnRequests, shipments } from '../../db/schema/index.ts';
import { openPostgres } from '../../db/client.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { refusedWith, returnsShopForFile } from '../../test/returns-kit.ts';
import { OWN_AWB_TAKEN } from '../shipping/booking.ts';

const RETURN_ADDRESS = 'Vastra Returns\n12, 4th Cross, Jayanagar\nBengaluru, Karnataka 560011';
const k = returnsShopForFile(RETURN_ADDRESS);
const { p, db, shopperCookie, kurta, deliveredOrder, ask, stockOf, step } = k;

type Shown = { id: string; state: string; parcels: { kind: string; courier: string; awb: string | null; step: string }[] };
const shown = async (orderId: string, id: string, cookie = shopperCookie()) => ((await (await send(p.t, 'GET', `/api/orders/${orderId}/returns`, undefined, cookie)).json()) as { requests: Shown[] }).requests.find((r) => r.id === id)!;
const stateOf = async (id: string) => (await db().select({ state: returnRequests.state }).from(returnRequests).where(eq(returnRequests.id, id)))[0]!.state;
const mailsOf = (kind: string) => db().select({ text: mailOutbox.textBody }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, p.shopper.s.email), eq(mailOutbox.kind, kind))).orderBy(asc(mailOutbox.id));
const parcelsOf = (id: string) => db().select().from(shipments).where(eq(shipments.returnRequestId, id));
const orderStatus = async (id: string) => (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
const useCourier = (courier: 'shiprocket' | 'delhivery' | 'none') =>
  send(p.t, 'PUT', '/api/admin/courier-settings', { courier, pickupLocation: courier === 'none' ? '' : 'Jayanagar Studio', parcelGrams: 500 }, p.owner.cookie);

/** A request made and approved: its id. */
async function approved(orderId: string, lineId: number, body: Record<string, unknown> = {}): Promise<string> {
  const made = await ask(orderId, { lines: [{ lineId, quantity: 1 }], reason: 'quality', resolution: 'refund', ...body });
  expect(made.status, await made.clone().text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  expect((await step(id, 'approve')).status).toBe(200);
  return id;
}

/** An exchange from M to L, sent by the shopper, received and passed: waiting for its new size to be sent. */
async function passedExchange(productId: number): Promise<{ orderId: string; id: string }> {
  const { id: orderId, lineId } = await deliveredOrder(productId, 'M');
  const id = await approved(orderId, lineId, { reason: 'too_small', resolution: 'exchange', lines: [{ lineId, quantity: 1, exchangeSize: 'L' }] });
  for (const [s, body] of [['send-yourself', { way: 'self' }], ['received', {}], ['check', { passed: true, note: 'Unworn' }]] as const) expect((await step(id, s, body)).status).toBe(200);
  expect(await stateOf(id)).toBe('passed');
  return { orderId, id };
}

describe('a courier pickup', () => {
  it('is booked as a return order once the request is approved, and its scans move the request, never the order', async () => {
    const { id: orderId, lineId } = await deliveredOrder(p.productId);
    const made = await ask(orderId, { lines: [{ lineId, quantity: 1 }], reason: 'quality', resolution: 'refund' });
    const { id } = (await made.json()) as { id: string };
    await refusedWith(await step(id, 'pickup', { weightGrams: 500 }), 409, RETURN_WORDS.stepOutOfTurn('Requested'));
    expect((await step(id, 'approve')).status).toBe(200);
    expect((await step(id, 'pickup', { weightGrams: 500 }, shopperCookie())).status).toBe(403);
    expect((await step(id, 'pickup', { weightGrams: 5 })).status).toBe(422);
    const booked = await step(id, 'pickup', { weightGrams: 500 });
    expect(booked.status, await booked.clone().text()).toBe(200);
    await refusedWith(await step(id, 'pickup', { weightGrams: 500 }), 409, RETURN_WORDS.stepDone('Pickup booked'));

    // Shiprocket was asked for a return order, picked up at the shopper's PIN and delivered to the shop's pickup location.
    const created = p.courier.requests.filter((r) => r.path === '/orders/create/return');
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({ pickup_pincode: Number(p.shopper.address.pincode), shipping_pincode: 560011, payment_method: 'PREPAID' });
    const [parcel] = await parcelsOf(id);
    expect(parcel).toMatchObject({ kind: 'pickup', step: 'booked', orderId });
    expect(parcel!.reference).toMatch(/-R[0-9a-f]{8}-1$/);
    const view = await shown(orderId, id);
    expect(view).toMatchObject({ state: 'pickup_booked', parcels: [{ kind: 'pickup', awb: parcel!.awb, step: 'booked' }] });
    expect((await mailsOf('return_pickup_booked')).at(-1)!.text).toContain(`AWB ${parcel!.awb}`);
    // Another shopper sees none of it.
    const other = await signedUp(p.t, 'Farah');
    expect((await send(p.t, 'GET', `/api/orders/${orderId}/returns`, undefined, other.cookie)).status).toBe(404);

    await p.scan(parcel!.awb!, '42');
    expect(await stateOf(id)).toBe('picked_up');
    expect((await mailsOf('return_picked_up')).length).toBeGreaterThan(0);
    await p.scan(parcel!.awb!, '18');
    await p.scan(parcel!.awb!, '7');
    expect(await stateOf(id)).toBe('received');
    expect(await orderStatus(orderId)).toBe('delivered');
    // The order's own parcel is still the one its tracking shows.
    const own = await (await send(p.t, 'GET', `/api/admin/orders/${orderId}/parcel`, undefined, p.owner.cookie)).json();
    expect(own.parcel.awb).not.toBe(parcel!.awb);
    expect((await step(id, 'check', { passed: true, note: 'Fine' })).status).toBe(200);
    expect(['passed', 'refunded']).toContain(await stateOf(id));
  });

  it('goes through Delhivery as a Pickup shipment, whose PU and DTO scans move the request', async () => {
    expect((await useCourier('delhivery')).status).toBe(200);
    try {
      const { id: orderId, lineId } = await deliveredOrder(p.productId);
      const id = await approved(orderId, lineId);
      const booked = await step(id, 'pickup', { weightGrams: 400 });
      expect(booked.status, await booked.clone().text()).toBe(200);
      const created = p.courier.requests.filter((r) => r.path === '/api/cmu/create.json').at(-1)!;
      expect(String(created.body)).toContain('%22payment_mode%22%3A%22Pickup%22');
      const [parcel] = await parcelsOf(id);
      expect(parcel).toMatchObject({ courier: 'delhivery', kind: 'pickup', step: 'booked' });
      await p.scan(parcel!.awb!, '42');
      expect(await stateOf(id)).toBe('picked_up');
      await p.scan(parcel!.awb!, '7');
      expect(await stateOf(id)).toBe('received');
      expect(await orderStatus(orderId)).toBe('delivered');
    } finally {
      expect((await useCourier('shiprocket')).status).toBe(200);
    }
  });

  it('cancelled by the courier puts the request back to approved, to book again or have it sent', async () => {
    const { id: orderId, lineId } = await deliveredOrder(p.productId);
    const id = await approved(orderId, lineId);
    expect((await step(id, 'pickup', { weightGrams: 500 })).status).toBe(200);
    const [parcel] = await parcelsOf(id);
    await p.scan(parcel!.awb!, '8');
    expect(await stateOf(id)).toBe('approved');
    const again = await step(id, 'pickup', { weightGrams: 500 });
    expect(again.status, await again.clone().text()).toBe(200);
    const rows = await parcelsOf(id);
    expect(rows.map((r) => r.step).sort()).toEqual(['booked', 'cancelled']);
    expect(rows.find((r) => r.step === 'booked')!.reference).toMatch(/-R[0-9a-f]{8}-2$/);
  });

  it('is refused, changing nothing, when the shop has no courier or the courier says no', async () => {
    const { id: orderId, lineId } = await deliveredOrder(p.productId);
    const id = await approved(orderId, lineId);
    expect((await useCourier('none')).status).toBe(200);
    try {
      expect((await step(id, 'pickup', { weightGrams: 500 })).status).toBe(409);
    } finally {
      expect((await useCourier('shiprocket')).status).toBe(200);
    }
    p.courier.refuseNext('/orders/create/return', 'Pickup pincode is not serviceable.');
    const refused = await step(id, 'pickup', { weightGrams: 500 });
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toContain('Pickup pincode is not serviceable.');
    expect(await stateOf(id)).toBe('approved');
    expect(await parcelsOf(id)).toEqual([]);
  });
});

describe('an exchange’s new size', () => {
  it('is sent once as a second parcel of the order, of twenty asks at once (over two app servers on PostgreSQL), and its hold becomes the sale', async () => {
    const productId = await kurta({ M: 3, L: 2 });
    const { orderId, id } = await passedExchange(productId);
    expect(await stockOf(productId, 'L')).toBe(1);
    // On PostgreSQL half the asks go to a second app server over its own pool, as a second machine's would.
    const second = p.t.databaseUrl ? await openPostgres(p.t.databaseUrl, 2) : undefined;
    const servers = second ? [p.t, { app: p.t.another(second.db) }] : [p.t];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => send(servers[n % servers.length]!, 'POST', `/api/admin/returns/${id}/ship-exchange`, { weightGrams: 450 }, p.owner.cookie))).finally(() => second?.close());
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const live = (await parcelsOf(id)).filter((r) => r.step !== 'cancelled');
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ kind: 'exchange', step: 'booked' });
    expect(await stateOf(id)).toBe('exchange_shipped');
    expect((await mailsOf('return_exchange_shipped')).filter((m) => m.text.includes(live[0]!.awb!))).toHaveLength(1);
    // Sent from the hold: no more L leaves the stock, and nothing gives the hold back later.
    expect(await stockOf(productId, 'L')).toBe(1);
    expect((await db().select({ held: returnLines.held }).from(returnLines).where(eq(returnLines.requestId, id))).map((l) => l.held)).toEqual([false]);
    // Its courier's scans are noted on the request and never move the order.
    await p.scan(live[0]!.awb!, '42');
    await p.scan(live[0]!.awb!, '7');
    expect(await orderStatus(orderId)).toBe('delivered');
    const notes = await db().select({ note: returnEvents.note }).from(returnEvents).where(eq(returnEvents.requestId, id));
    expect(notes.map((n) => n.note)).toContain('The new size was delivered.');
    expect(await shown(orderId, id)).toMatchObject({ state: 'exchange_shipped', parcels: [{ kind: 'exchange', step: 'delivered' }] });
  });

  it('goes with the owner’s own courier by its tracking number, refusing a bad or a used one', async () => {
    const productId = await kurta({ M: 3, L: 3 });
    const first = await passedExchange(productId);
    expect((await step(first.id, 'ship-exchange', { weightGrams: 450, trackingNumber: '<script>' })).status).toBe(422);
    const sent = await step(first.id, 'ship-exchange', { weightGrams: 450, trackingNumber: 'DTDC 7788 1' });
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect(await shown(first.orderId, first.id)).toMatchObject({ state: 'exchange_shipped', parcels: [{ kind: 'exchange', courier: 'Own courier', awb: 'DTDC 7788 1' }] });
    const second = await passedExchange(productId);
    await refusedWith(await step(second.id, 'ship-exchange', { weightGrams: 450, trackingNumber: 'DTDC 7788 1' }), 409, OWN_AWB_TAKEN);
    expect(await stateOf(second.id)).toBe('passed');
  });

  it('takes its size again when the hold lapsed while the piece was away, or is refunded instead when that size sold out', async () => {
    const productId = await kurta({ M: 4, L: 1 });
    const again = await passedExchange(productId);
    // The hold lapsed before the piece came back: L was back on sale, and is still there.
    await lapse(again.id);
    expect(await stockOf(productId, 'L')).toBe(1);
    expect((await step(again.id, 'ship-exchange', { weightGrams: 450 })).status).toBe(200);
    expect(await stockOf(productId, 'L')).toBe(0);

    const soldOut = await kurta({ M: 2, L: 1 });
    const gone = await passedExchange(soldOut);
    await lapse(gone.id);
    // The last L is sold meanwhile (the owner's count says none left).
    expect((await send(p.t, 'POST', `/api/admin/products/${soldOut}/stock`, { size: 'L', stock: 0, reason: 'corrected' }, p.owner.cookie)).status).toBe(200);
    const refused = await step(gone.id, 'ship-exchange', { weightGrams: 450 });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain('is sold out now');
    expect(await parcelsOf(gone.id)).toEqual([]);
    const refunded = await step(gone.id, 'refund-instead');
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    expect(['passed', 'refunded']).toContain(await stateOf(gone.id));
    expect((await step(gone.id, 'ship-exchange', { weightGrams: 450 })).status).toBe(409);
    const [request] = await db().select({ resolution: returnRequests.resolution, refund: returnRequests.refundPaise }).from(returnRequests).where(eq(returnRequests.id, gone.id));
    expect(request).toMatchObject({ resolution: 'refund' });
    expect(request!.refund).toBeGreaterThan(0);
    // A request for a refund has no new size to send, nor to refund instead.
    const { id: orderId, lineId } = await deliveredOrder(p.productId);
    const plain = await approved(orderId, lineId);
    for (const [s, body] of [['send-yourself', { way: 'self' }], ['received', {}]] as const) expect((await step(plain, s, body)).status).toBe(200);
    await db().update(returnRequests).set({ state: 'passed' }).where(eq(returnRequests.id, plain));
    await refusedWith(await step(plain, 'ship-exchange', { weightGrams: 450 }), 409, RETURN_WORDS.notExchange);
    await refusedWith(await step(plain, 'refund-instead'), 409, RETURN_WORDS.notExchange);
    await db().update(returnRequests).set({ state: 'failed' }).where(eq(returnRequests.id, plain));
  });
});

describe('an exchange parcel', () => {
  it('booked while the owner refunds instead is cancelled with the courier, never sent with the refund', async () => {
    const productId = await kurta({ M: 3, L: 1 });
    const { id } = await passedExchange(productId);
    p.courier.delayNext('/courier/assign/awb', 1200);
    const sending = step(id, 'ship-exchange', { weightGrams: 450 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await step(id, 'refund-instead')).status).toBe(200);
    const sent = await sending;
    expect(sent.status).toBe(409);
    expect((await sent.json()).message).toBe(RETURN_WORDS.parcelMovedOn);
    expect((await parcelsOf(id)).map((r) => r.step)).toEqual(['cancelled']);
    expect(await stockOf(productId, 'L')).toBe(1);
    expect(await stateOf(id)).toBe('refunded');
  });

  it('cancelled by the courier, or come back undelivered, is held for the shopper again, to send again', async () => {
    const productId = await kurta({ M: 3, L: 2 });
    const { id } = await passedExchange(productId);
    expect((await step(id, 'ship-exchange', { weightGrams: 450 })).status).toBe(200);
    const [first] = await parcelsOf(id);
    await p.scan(first!.awb!, '8');
    expect(await stateOf(id)).toBe('passed');
    expect((await db().select({ held: returnLines.held }).from(returnLines).where(eq(returnLines.requestId, id))).map((l) => l.held)).toEqual([true]);
    expect(await stockOf(productId, 'L')).toBe(1);
    expect((await step(id, 'ship-exchange', { weightGrams: 450 })).status).toBe(200);
    const live = (await parcelsOf(id)).find((r) => r.step === 'booked')!;
    expect(live.reference).toMatch(/-X[0-9a-f]{8}-2$/);
    const label = await send(p.t, 'GET', `/api/admin/returns/${id}/label`, undefined, p.owner.cookie);
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    await p.scan(live.awb!, '42');
    await p.scan(live.awb!, '10');
    expect(await stateOf(id)).toBe('passed');
    expect(await stockOf(productId, 'L')).toBe(1);
  });
});

/** The request's hold ended as the minute pass ends it: its time moved past, then the pass run. */
async function lapse(id: string) {
  await db().update(returnRequests).set({ holdUntil: new Date(Date.now() - 60_000), state: 'picked_up' }).where(eq(returnRequests.id, id));
  expect(await p.t.shop.returns.lapseHolds()).toBeGreaterThan(0);
  await db().update(returnRequests).set({ state: 'passed' }).where(eq(returnRequests.id, id));
}

describe('the pickup fee', () => {
  const FEE = 49_00;
  const rules = (pickupFeePaise: number, feeAfterReturns: number | null) =>
    send(p.t, 'PUT', '/api/admin/returns/settings', { windowDays: 7, pickupFeePaise, feeAfterReturns, codRefund: 'store_credit', returnAddress: RETURN_ADDRESS }, p.owner.cookie);
  const requestRow = async (id: string) => (await db().select().from(returnRequests).where(eq(returnRequests.id, id)))[0]!;
  const documentsOf = (id: string) => db().select().from(invoices).where(eq(invoices.returnRequestId, id));
  const optionsOf = async (orderId: string) => (await (await send(p.t, 'GET', `/api/orders/${orderId}/returns`, undefined, shopperCookie())).json()) as { pickupFee: number; requests: (Shown & { pickupFee: number; feeInvoice: string | null; creditNote: string | null })[] };

  it('is taken from a refund the shop’s courier collected, with a service invoice of its own, and said before, in the mails and under the request', async () => {
    expect((await rules(FEE, null)).status).toBe(200);
    try {
      const { id: orderId, lineId } = await deliveredOrder(p.productId);
      expect((await optionsOf(orderId)).pickupFee).toBe(FEE);
      const id = await approved(orderId, lineId);
      expect((await requestRow(id)).pickupFeePaise).toBe(FEE);
      expect((await requestRow(id)).collectedAt).toBeNull();
      // The rules change after the request: the request keeps the fee its shopper was shown.
      expect((await rules(99_00, null)).status).toBe(200);
      expect((await step(id, 'pickup', { weightGrams: 500 })).status).toBe(200);
      expect((await mailsOf('return_pickup_booked')).at(-1)!.text).toContain(PICKUP_FEE_WORDS.ifCollected(FEE));
      const [parcel] = await parcelsOf(id);
      for (const code of ['42', '7']) await p.scan(parcel!.awb!, code);
      // Five checks at once: one is taken, and the fee is invoiced and kept once.
      const checks = await Promise.all(Array.from({ length: 5 }, () => step(id, 'check', { passed: true, note: 'Unworn' })));
      expect(checks.map((c) => c.status).sort()).toEqual([200, 409, 409, 409, 409]);

      const docs = await documentsOf(id);
      expect(docs.map((d) => d.kind).sort()).toEqual(['credit_note', 'service_invoice']);
      const credit = docs.find((d) => d.kind === 'credit_note')!;
      const service = docs.find((d) => d.kind === 'service_invoice')!;
      expect(service.number).toMatch(/^[A-Z0-9]+\/SV\d\d-\d\d\/\d+$/);
      expect(service.number).toHaveLength(16);
      // The fee with its 18% GST contained, one line of the service (SAC 996812), to the order's buyer.
      expect(service.document.lines).toEqual([expect.objectContaining({ hsnCode: '996812', amount: FEE, taxable: FEE - 747, rateBp: 1800 })]);
      expect(service.document.totals.total).toBe(FEE);
      expect(service.document.charges).toBeNull();
      const row = await requestRow(id);
      expect(row.collectedAt).toBeInstanceOf(Date);
      expect(row.refundPaise).toBe(credit.document.totals.total - FEE);
      expect(await stateOf(id)).toBe('refunded');
      const [toSource] = await db().select().from(returnRefunds).where(eq(returnRefunds.requestId, id));
      expect(toSource).toMatchObject({ way: 'source', amount: credit.document.totals.total - FEE });
      expect((await mailsOf('return_refunded')).at(-1)!.text).toContain(PICKUP_FEE_WORDS.taken(FEE));

      const view = (await optionsOf(orderId)).requests.find((r) => r.id === id)!;
      expect(view).toMatchObject({ pickupFee: FEE, feeInvoice: service.number, creditNote: credit.number });
      // Its PDF for the buyer and the owner, nobody else's.
      const pdf = await send(p.t, 'GET', `/api/orders/${orderId}/returns/${id}/pickup-fee-invoice`, undefined, shopperCookie());
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const { text } = await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true });
      expect(text).toContain('Tax Invoice');
      expect(text).toContain('Courier pickup of a returned piece');
      expect(text).toContain('996812');
      const other = await signedUp(p.t, 'Gita');
      expect((await send(p.t, 'GET', `/api/orders/${orderId}/returns/${id}/pickup-fee-invoice`, undefined, other.cookie)).status).toBe(404);
      expect((await send(p.t, 'GET', `/api/admin/returns/${id}/pickup-fee-invoice`, undefined, shopperCookie())).status).toBe(403);
      expect((await send(p.t, 'GET', `/api/admin/returns/${id}/pickup-fee-invoice`, undefined, p.owner.cookie)).status).toBe(200);
      expect((await send(p.t, 'GET', `/api/admin/returns/not-a-request/pickup-fee-invoice`, undefined, p.owner.cookie)).status).toBe(404);
      // In the month's register, as a service invoice.
      const month = indiaDay(service.issuedAt).slice(0, 7);
      const register = await (await send(p.t, 'GET', `/api/admin/invoices/register?month=${month}`, undefined, p.owner.cookie)).text();
      expect(register).toContain(`Service invoice,${service.number}`);
    } finally {
      expect((await rules(0, null)).status).toBe(200);
    }
  });

  it('is not taken when the shopper sent the piece, nor when the courier never collected it, nor on an exchange; a changed fee is refused; it counts from the Nth return in 90 days', async () => {
    expect((await rules(FEE, null)).status).toBe(200);
    try {
      const sent = await deliveredOrder(p.productId);
      const id = await approved(sent.id, sent.lineId);
      for (const [s, body] of [['send-yourself', { way: 'self' }], ['received', {}], ['check', { passed: true, note: 'Unworn' }]] as const) expect((await step(id, s, body)).status).toBe(200);
      const docs = await documentsOf(id);
      expect(docs.map((d) => d.kind)).toEqual(['credit_note']);
      expect(await requestRow(id)).toMatchObject({ pickupFeePaise: 0, refundPaise: docs[0]!.document.totals.total });
      expect((await optionsOf(sent.id)).requests.find((r) => r.id === id)).toMatchObject({ pickupFee: 0, feeInvoice: null });

      const { id: exchangeOrder, lineId } = await deliveredOrder(await kurta({ M: 2, L: 2 }), 'M');
      const exchange = await approved(exchangeOrder, lineId, { reason: 'too_small', resolution: 'exchange', lines: [{ lineId, quantity: 1, exchangeSize: 'L' }] });
      expect((await requestRow(exchange)).pickupFeePaise).toBe(0);

      // Booked, but the courier never scanned it collected: received by hand, no fee.
      const uncollected = await deliveredOrder(p.productId);
      const never = await approved(uncollected.id, uncollected.lineId);
      expect((await step(never, 'pickup', { weightGrams: 500 })).status).toBe(200);
      for (const [s, body] of [['received', {}], ['check', { passed: true, note: 'Unworn' }]] as const) expect((await step(never, s, body)).status).toBe(200);
      expect(await requestRow(never)).toMatchObject({ pickupFeePaise: 0, collectedAt: null });
      expect((await documentsOf(never)).map((d) => d.kind)).toEqual(['credit_note']);

      // A fee other than the one the form showed is refused, writing nothing.
      const shownOther = await deliveredOrder(p.productId);
      await refusedWith(await ask(shownOther.id, { lines: [{ lineId: shownOther.lineId, quantity: 1 }], reason: 'quality', resolution: 'refund', pickupFeeShown: 10_00 }), 409, RETURN_WORDS.feeChanged(FEE));
      expect((await optionsOf(shownOther.id)).requests).toEqual([]);
      expect((await ask(shownOther.id, { lines: [{ lineId: shownOther.lineId, quantity: 1 }], reason: 'quality', resolution: 'refund', pickupFeeShown: FEE })).status).toBe(201);

      // From the Nth return: this shopper's returns so far in 90 days (refused aside), then one more.
      const [buyer] = await db().select({ userId: orders.userId }).from(orders).where(eq(orders.id, sent.id));
      const [{ n }] = (await db().select({ n: sql<number>`count(*)::int` }).from(returnRequests).innerJoin(orders, eq(orders.id, returnRequests.orderId)).where(and(eq(orders.userId, buyer!.userId), ne(returnRequests.state, 'refused')))) as [{ n: number }];
      expect((await rules(FEE, n + 2)).status).toBe(200);
      const later = await deliveredOrder(p.productId);
      expect((await optionsOf(later.id)).pickupFee).toBe(0);
      const free = await approved(later.id, later.lineId);
      expect((await requestRow(free)).pickupFeePaise).toBe(0);
      expect((await optionsOf(later.id)).pickupFee).toBe(FEE);
    } finally {
      expect((await rules(0, null)).status).toBe(200);
    }
  });
});
