/**
 * Payouts of Cash-on-Delivery refunds (issue 49), through the real API, the RazorpayX adapter and
 * the local payouts stand-in, on PGlite and PostgreSQL: offered only where the owner allows it
 * (and only when the shop has a payout account); the shopper's choice of store credit or their own
 * UPI ID or bank account, checked (a malformed UPI ID or IFSC is refused, nothing written), made
 * once however often it is sent or retried, never keeping the account number; another shopper
 * cannot choose for them.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYOUT_WORDS } from '../../../shared/payouts.ts';
import { mailOutbox, returnRefunds, returnRequests, storeCredits } from '../../db/schema/index.ts';
import { openPostgres } from '../../db/client.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { refusedWith, returnsShopForFile } from '../../test/returns-kit.ts';
import { createTestApp } from '../../test/test-app.ts';

const RETURN_ADDRESS = 'Vastra Returns\n12, 4th Cross, Jayanagar\nBengaluru, Karnataka 560011';
const k = returnsShopForFile(RETURN_ADDRESS);
const { p, db, shopperCookie, kurta, deliveredOrder, ask, step } = k;

const RULES = { windowDays: 7, pickupFeePaise: 0, feeAfterReturns: null, returnAddress: RETURN_ADDRESS };
const allowPayouts = (on: boolean) => send(p.t, 'PUT', '/api/admin/returns/settings', { ...RULES, codRefund: on ? 'credit_or_payout' : 'store_credit' }, p.owner.cookie);
const refundsOf = (id: string) => db().select().from(returnRefunds).where(eq(returnRefunds.requestId, id));
const stateOf = async (id: string) => (await db().select({ state: returnRequests.state }).from(returnRequests).where(eq(returnRequests.id, id)))[0]!.state;
const choose = (orderId: string, id: string, body: unknown, cookie = shopperCookie()) => send(p.t, 'POST', `/api/orders/${orderId}/returns/${id}/refund-choice`, body, cookie);
const ACCOUNT = '50100123456789';
/** The payouts the stand-in made for a request: by the key its refund row holds. */
const payoutsFor = async (id: string) => {
  const keys = (await refundsOf(id)).map((r) => r.payoutKey);
  return p.payouts.payouts.filter((x) => keys.includes(x.key));
};
const bank = { kind: 'bank', name: 'Kavya Raman', accountNumber: ACCOUNT, confirmAccountNumber: ACCOUNT, ifsc: 'hdfc0001234' };

/** A Cash on Delivery order delivered, and its cash counted by the owner (completed): the shopper may place the next. */
async function deliveredCod(productId: number) {
  const order = await deliveredOrder(productId, 'M', 1, 'cod');
  const completed = await send(p.t, 'POST', `/api/admin/orders/${order.id}/status`, { from: 'delivered', to: 'completed' }, p.owner.cookie);
  expect(completed.status, await completed.clone().text()).toBe(200);
  return order;
}

/** A COD order's piece returned and passed, with payouts allowed: the refund waits for the shopper's choice. */
async function offered(): Promise<{ orderId: string; id: string; amount: number }> {
  const productId = await kurta({ M: 5 });
  const { id: orderId, lineId } = await deliveredCod(productId);
  const made = await ask(orderId, { lines: [{ lineId, quantity: 1 }], reason: 'quality', resolution: 'refund' });
  const { id } = (await made.json()) as { id: string };
  for (const [s, body] of [['approve', {}], ['send-yourself', { way: 'self' }], ['received', {}], ['check', { passed: true }]] as const) expect((await step(id, s, body)).status).toBe(200);
  const [offer] = await refundsOf(id);
  expect(offer).toMatchObject({ way: 'payout', status: 'choosing' });
  return { orderId, id, amount: offer!.amount };
}

describe('a Cash on Delivery refund with payouts allowed', () => {
  it('waits for the shopper, who is told; store credit chosen is granted at once, once', async () => {
    expect((await allowPayouts(true)).status).toBe(200);
    const { orderId, id, amount } = await offered();
    expect(await stateOf(id)).toBe('passed');
    const [mail] = await db().select({ subject: mailOutbox.subject }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, p.shopper.s.email), eq(mailOutbox.kind, 'return_passed'))).orderBy(sql`${mailOutbox.id} desc`).limit(1);
    expect(mail!.subject).toContain('Choose how to get');
    const view = ((await (await send(p.t, 'GET', `/api/orders/${orderId}/returns`, undefined, shopperCookie())).json()).requests as { id: string; refunds: unknown[] }[]).find((r) => r.id === id)!;
    expect(view.refunds).toEqual([{ amount, way: 'payout', made: false, failed: false, choosing: true, payoutTo: null }]);
    const stranger = await signedUp(p.t, 'Farhan');
    expect((await choose(orderId, id, { way: 'store_credit' }, stranger.cookie)).status).toBe(404);
    const answers = await Promise.all([choose(orderId, id, { way: 'store_credit' }), choose(orderId, id, { way: 'store_credit' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await refundsOf(id)).toMatchObject([{ way: 'store_credit', amount, status: 'processed' }]);
    expect(await db().select().from(storeCredits).where(eq(storeCredits.requestId, id))).toHaveLength(1);
    expect(await stateOf(id)).toBe('refunded');
    await refusedWith(await choose(orderId, id, { way: 'payout', to: { kind: 'upi', upi: 'kavya@okicici' } }), 409, PAYOUT_WORDS.notOffered);
  });

  it('refuses a malformed UPI ID, IFSC or account number, or one the payout service does not know, writing nothing', async () => {
    const { orderId, id } = await offered();
    const paidBefore = p.payouts.payouts.length;
    for (const [to, words] of [
      [{ kind: 'upi', upi: 'kavya at okicici' }, PAYOUT_WORDS.upi],
      [{ kind: 'upi', upi: '<script>@x' }, PAYOUT_WORDS.upi],
      [{ ...bank, ifsc: 'HDFC1234' }, PAYOUT_WORDS.ifsc],
      [{ ...bank, accountNumber: '12ab', confirmAccountNumber: '12ab' }, PAYOUT_WORDS.account],
      [{ ...bank, confirmAccountNumber: '50100123456780' }, PAYOUT_WORDS.accountsDiffer],
      [{ kind: 'wallet' }, PAYOUT_WORDS.chooseWay],
    ] as const) {
      const res = await choose(orderId, id, { way: 'payout', to });
      expect(res.status, JSON.stringify(to)).toBe(422);
      expect(JSON.stringify(await res.json())).toContain(words);
    }
    const unknown = await choose(orderId, id, { way: 'payout', to: { kind: 'upi', upi: 'kavya@nobank' } });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).message).toContain('Invalid VPA');
    expect(await refundsOf(id)).toMatchObject([{ way: 'payout', status: 'choosing', fundAccountId: null }]);
    expect(p.payouts.payouts).toHaveLength(paidBefore);
    expect((await refundsOf(id))[0]!.payoutKey).toBeNull();
  });

  it('pays the bank account once of two choices at once (two app servers on PostgreSQL), keeping only its last digits, and tells the shopper', async () => {
    const { orderId, id, amount } = await offered();
    // Two tabs at once; on PostgreSQL the second on another app server over its own pool.
    const second = p.t.databaseUrl ? await openPostgres(p.t.databaseUrl, 2) : undefined;
    const other = second ? { app: p.t.another(second.db) } : p.t;
    const [one, two] = await Promise.all([choose(orderId, id, { way: 'payout', to: bank }), send(other, 'POST', `/api/orders/${orderId}/returns/${id}/refund-choice`, { way: 'payout', to: bank }, shopperCookie())]).finally(() => second?.close());
    expect([one!.status, two!.status].sort()).toEqual([200, 409]);
    expect(await payoutsFor(id)).toMatchObject([{ amount, mode: 'IMPS', status: 'processed' }]);
    const [row] = await refundsOf(id);
    expect(row).toMatchObject({ way: 'payout', status: 'processed', payoutTo: 'account ending 6789 (HDFC0001234)', payoutMode: 'IMPS' });
    expect(await stateOf(id)).toBe('refunded');
    // The account number is nowhere in the shop's database: not in the refund, the history or any mail.
    const dump = await db().execute(sql`select (select coalesce(string_agg(r::text, ' '), '') from return_refunds r) || (select coalesce(string_agg(e::text, ' '), '') from return_events e) || (select coalesce(string_agg(m::text, ' '), '') from mail_outbox m) as all_text`);
    expect(String((dump as unknown as { rows: { all_text: string }[] }).rows[0]!.all_text)).not.toContain(ACCOUNT);
    const [told] = await db().select({ text: mailOutbox.textBody }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, p.shopper.s.email), eq(mailOutbox.kind, 'return_refunded'))).orderBy(sql`${mailOutbox.id} desc`).limit(1);
    expect(told!.text).toContain('account ending 6789');
  });

  it('tries a payout again with the same key when the service did not answer, and follows one on its way until it is paid', async () => {
    const { orderId, id, amount } = await offered();
    // The fund account is made; the payout's answer is lost twice (503).
    p.payouts.holdPayouts(true);
    const chosen = await choose(orderId, id, { way: 'payout', to: { kind: 'upi', upi: ' Kavya.R@OKICICI ' } });
    expect(chosen.status, await chosen.clone().text()).toBe(200);
    const [made] = await payoutsFor(id);
    expect(made).toMatchObject({ amount, mode: 'UPI', status: 'processing' });
    expect(await refundsOf(id)).toMatchObject([{ status: 'pending', payoutTo: 'UPI ID ka•••@okicici' }]);
    expect(await stateOf(id)).toBe('passed');
    p.payouts.settle(made!.id, 'processed');
    await p.t.shop.returns.payoutsDue();
    expect(await refundsOf(id)).toMatchObject([{ status: 'processed' }]);
    expect(await stateOf(id)).toBe('refunded');
    p.payouts.holdPayouts(false);

    const second = await offered();
    p.payouts.failNext(1);
    // The contact's call meets a 503: nothing is chosen yet, the shopper is told to try again.
    await refusedWith(await choose(second.orderId, second.id, { way: 'payout', to: bank }), 503, PAYOUT_WORDS.unavailable);
    expect(await refundsOf(second.id)).toMatchObject([{ status: 'choosing' }]);
    p.payouts.failNext(1, '/v1/payouts');
    const again = await choose(second.orderId, second.id, { way: 'payout', to: bank });
    expect(again.status).toBe(200);
    // The payout's own call met a 503: owed, then made by the minute pass, once.
    expect(await refundsOf(second.id)).toMatchObject([{ status: 'due' }]);
    await p.t.shop.returns.payoutsDue();
    await p.t.shop.returns.payoutsDue();
    expect(await payoutsFor(second.id)).toHaveLength(1);
    expect(await stateOf(second.id)).toBe('refunded');
  });

  it('refused or turned back by the bank, is offered again with the reason; an offer left a week becomes store credit', async () => {
    const { orderId, id, amount } = await offered();
    p.payouts.holdPayouts(true);
    expect((await choose(orderId, id, { way: 'payout', to: { kind: 'upi', upi: 'kavya.r@okicici' } })).status).toBe(200);
    const [first] = await payoutsFor(id);
    p.payouts.settle(first!.id, 'reversed');
    p.payouts.holdPayouts(false);
    await p.t.shop.returns.payoutsDue();
    expect(await refundsOf(id)).toMatchObject([{ way: 'payout', status: 'choosing', fundAccountId: null, payoutTo: null, payoutKey: null }]);
    const [told] = await db().select({ text: mailOutbox.textBody }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, p.shopper.s.email), eq(mailOutbox.kind, 'return_passed'))).orderBy(sql`${mailOutbox.id} desc`).limit(1);
    expect(told!.text).toContain('We could not pay it to your UPI ID ka•••@okicici: Beneficiary bank rejected the payout');
    // Chosen again, a new key: paid once.
    expect((await choose(orderId, id, { way: 'payout', to: bank })).status).toBe(200);
    expect((await payoutsFor(id)).map((x) => x.status)).toEqual(['processed']);
    expect(p.payouts.payouts.filter((x) => x.amount === amount && x.id === first!.id)).toMatchObject([{ status: 'reversed' }]);
    expect(await stateOf(id)).toBe('refunded');

    const quiet = await offered();
    await db().update(returnRefunds).set({ updatedAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(returnRefunds.requestId, quiet.id));
    await p.t.shop.returns.payoutsDue();
    expect(await refundsOf(quiet.id)).toMatchObject([{ way: 'store_credit', amount: quiet.amount, status: 'processed' }]);
    expect(await stateOf(quiet.id)).toBe('refunded');
  });

  it('is never offered when the owner keeps store credit only', async () => {
    expect((await allowPayouts(false)).status).toBe(200);
    try {
      const productId = await kurta({ M: 5 });
      const { id: orderId, lineId } = await deliveredCod(productId);
      const { id } = (await (await ask(orderId, { lines: [{ lineId, quantity: 1 }], reason: 'quality', resolution: 'refund' })).json()) as { id: string };
      for (const [s, body] of [['approve', {}], ['send-yourself', { way: 'self' }], ['received', {}], ['check', { passed: true }]] as const) expect((await step(id, s, body)).status).toBe(200);
      expect(await refundsOf(id)).toMatchObject([{ way: 'store_credit', status: 'processed' }]);
      await refusedWith(await choose(orderId, id, { way: 'store_credit' }), 409, PAYOUT_WORDS.notOffered);
    } finally {
      expect((await allowPayouts(true)).status).toBe(200);
    }
  });
});

describe('a shop with no payout account', () => {
  it('cannot allow payouts: its owner is told why', async () => {
    const bare = await createTestApp();
    try {
      const owner = await signedUp(bare, 'Latha');
      await bare.shop.owners.setOwner(owner.email, true);
      const res = await send(bare, 'PUT', '/api/admin/returns/settings', { ...RULES, codRefund: 'credit_or_payout' }, owner.cookie);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ message: PAYOUT_WORDS.notSetUp, fields: { codRefund: PAYOUT_WORDS.notSetUp } });
    } finally {
      await bare.close();
    }
  });
});
