/**
 * Cancelling before dispatch (issue 17) over HTTP, against Razorpay's local stand-in, on PGlite
 * and PostgreSQL: the shopper's cancel with a reason, the stock back, a paid order refunded through
 * the provider once however often it is asked, a refund the provider refuses left owed (never shown
 * as made) until the reconcile step makes it, the owner's cancel refunding the same way, too late
 * once shipped, and one shopper unable to cancel another's order.
 */
import { and, eq } from 'drizzle-orm';
import { ONE_SIZE } from '../../../shared/stock.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../shared/addresses.ts';
import { CANCEL_TOO_LATE } from '../../../shared/cancel.ts';
import type { CheckoutStart, Order } from '../../../shared/orders.ts';
import { mailOutbox, productSizes } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { lapsedAndBalanced, razorpayShopWithBuyer, type ShopOnRazorpay } from '../../test/orders-kit.ts';
import type { RazorpayStandin } from '../../test/razorpay-standin.ts';
import type { TestApp } from '../../test/test-app.ts';

type Shopper = Awaited<ReturnType<typeof signedUp>>;

let shop: ShopOnRazorpay;
let standin: RazorpayStandin;
let t: TestApp;
let lata: Shopper;
let ravi: Shopper;
let owner: Shopper;
let home: Address;
let ids: number[];
let next = 0;

beforeAll(async () => {
  ({ shop, lata, owner, home, ids } = await razorpayShopWithBuyer());
  ({ t, standin } = shop);
  ravi = await signedUp(t, 'Ravi');
});
afterAll(() => shop?.close());
afterEach(async () => expect(await lapsedAndBalanced(t)).toEqual([]));

const stockOf = async (productId: number) => (await t.database.db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, ONE_SIZE))))[0]!.stock;

/** Buy Now of a piece no other test here buys; paid through the stand-in unless `paid` is false. */
async function bought(paid = true): Promise<CheckoutStart & { productId: number; paymentId: string | null }> {
  const productId = ids[next++]!;
  const q = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${productId}`, undefined, lata.cookie)).json();
  const res = await send(t, 'POST', '/api/checkout/orders', { addressId: home.id, buyNow: { productId }, expectedTotal: q.amounts.total }, lata.cookie);
  expect(res.status).toBe(201);
  const start = (await res.json()) as CheckoutStart;
  if (!paid) return { ...start, productId, paymentId: null };
  const success = standin.pay(start.provider.orderId);
  expect((await send(t, 'POST', `/api/checkout/orders/${start.orderId}/confirm`, success, lata.cookie)).status).toBe(200);
  return { ...start, productId, paymentId: success.razorpay_payment_id };
}

const cancel = (orderId: string, who: Shopper = lata, reason: unknown = 'I ordered it by mistake') => send(t, 'POST', `/api/orders/${orderId}/cancel`, { reason }, who.cookie);
const refundsAt = (paymentId: string) => [...standin.refunds.values()].filter((r) => r.payment_id === paymentId);
const mine = async (orderId: string) => ((await (await send(t, 'GET', '/api/orders', undefined, lata.cookie)).json()) as { items: Order[] }).items.find((o) => o.id === orderId)!;
const cancelMails = async (orderNumber: string) =>
  (await t.database.db.select({ text: mailOutbox.textBody }).from(mailOutbox).where(and(eq(mailOutbox.kind, 'order_cancelled'), eq(mailOutbox.subject, `Your Vastra order ${orderNumber} is cancelled`)))).map((m) => m.text);

describe("a shopper's cancel before dispatch", () => {
  it('refunds a paid order in full through Razorpay, puts its piece back, and mails the buyer; a repeat refunds nothing more', async () => {
    const o = await bought();
    const before = await stockOf(o.productId);
    const res = await cancel(o.orderId);
    expect(res.status).toBe(200);
    const order = (await res.json()) as Order;
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refund: { amount: o.amounts.total, status: 'processed', refundId: expect.stringMatching(/^rfnd_/) } });
    expect(refundsAt(o.paymentId!)).toEqual([expect.objectContaining({ amount: o.amounts.total })]);
    expect(await stockOf(o.productId)).toBe(before + 1);
    const [mail] = await cancelMails(o.orderNumber);
    expect(mail).toContain('is cancelled, as you asked (i ordered it by mistake).');
    expect(mail).toContain('We are refunding ₹');

    expect((await cancel(o.orderId)).status).toBe(200);
    expect(refundsAt(o.paymentId!)).toHaveLength(1);
    expect(await stockOf(o.productId)).toBe(before + 1);
    expect(await cancelMails(o.orderNumber)).toHaveLength(1);
  });

  it('leaves a refund Razorpay refuses owed, never shown as made, until the reconcile step makes it', async () => {
    const o = await bought();
    standin.failNext(1, 503);
    const res = await cancel(o.orderId);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Order).refund).toEqual({ amount: o.amounts.total, status: 'due', refundId: null });
    expect(refundsAt(o.paymentId!)).toHaveLength(0);
    const seen = await (await send(t, 'GET', `/api/admin/orders/${o.orderId}`, undefined, owner.cookie)).json();
    expect(seen.paymentIssues).toEqual([expect.objectContaining({ kind: 'order_refund', refundStatus: 'due', refundId: null })]);
    await t.shop.payments.reconcile();
    expect((await mine(o.orderId)).refund).toMatchObject({ status: 'processed', refundId: expect.stringMatching(/^rfnd_/) });
    expect(refundsAt(o.paymentId!)).toHaveLength(1);
  });

  it('cancels an unpaid order, its held piece back on sale, with nothing to refund', async () => {
    const o = await bought(false);
    const before = await stockOf(o.productId);
    expect(((await (await cancel(o.orderId)).json()) as Order)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending', refund: null });
    expect(await stockOf(o.productId)).toBe(before + 1);
    expect((await cancelMails(o.orderNumber))[0]).toContain('It was not paid, so there is nothing to refund.');
  });

  it('is too late once the order has shipped', async () => {
    const o = await bought();
    expect((await send(t, 'POST', `/api/admin/orders/${o.orderId}/status`, { from: 'processing', to: 'shipped' }, owner.cookie)).status).toBe(200);
    const res = await cancel(o.orderId);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(CANCEL_TOO_LATE);
    expect(refundsAt(o.paymentId!)).toHaveLength(0);
  });

  it('is refused for another shopper’s order, an unknown reason or a malformed id, changing nothing', async () => {
    const o = await bought();
    const theirs = await cancel(o.orderId, ravi);
    expect(theirs.status).toBe(404);
    expect((await mine(o.orderId)).status).toBe('processing');
    const why = await cancel(o.orderId, lata, 'because <script>');
    expect(why.status).toBe(422);
    expect((await why.json()).fields).toEqual({ reason: 'Please choose why you are cancelling.' });
    expect((await cancel("x' or '1'='1")).status).toBe(404);
    expect((await send(t, 'POST', `/api/orders/${o.orderId}/cancel`, { reason: 'Another reason' })).status).toBe(401);
    expect(refundsAt(o.paymentId!)).toHaveLength(0);
  });
});

describe("the owner's cancel", () => {
  it('refunds a paid order the same way, and says the shop cancelled it', async () => {
    const o = await bought();
    const res = await send(t, 'POST', `/api/admin/orders/${o.orderId}/status`, { from: 'processing', to: 'cancelled' }, owner.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'cancelled', history: [expect.objectContaining({ to: 'cancelled', by: owner.email })] });
    expect(refundsAt(o.paymentId!)).toHaveLength(1);
    expect((await mine(o.orderId)).refund).toMatchObject({ status: 'processed' });
    expect((await cancelMails(o.orderNumber))[0]).toContain('We have had to cancel your order');
  });
});
