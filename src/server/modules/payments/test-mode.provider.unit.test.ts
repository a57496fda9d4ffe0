import { describe, expect, it } from 'vitest';
import { hmacHex, paymentSignature } from './signatures.ts';
import { createTestModeProvider } from './test-mode.provider.ts';

const SECRET = 'local-test-mode-secret-0123456789';

describe('the test-mode provider', () => {
  it('is clearly a test and makes orders locally, refusing amounts Razorpay would refuse', async () => {
    const provider = createTestModeProvider(SECRET);
    expect(provider.mode).toBe('test');
    expect(provider.keyId).toMatch(/^rzp_test_/);
    const order = await provider.createOrder({ amount: 89_900, receipt: 'SO-1', notes: { so: '1' } });
    expect(order).toEqual({ id: expect.stringMatching(/^order_test_[0-9A-Za-z]{14}$/), amount: 89_900, currency: 'INR', status: 'created' });
    expect((await provider.createOrder({ amount: 100, receipt: 'SO-2', notes: {} })).id).not.toBe(order.id);
    for (const amount of [99, 100.5]) {
      await expect(provider.createOrder({ amount, receipt: 'SO-3', notes: {} })).rejects.toMatchObject({ name: 'ProviderError', status: 400 });
    }
    expect(await provider.orderPayments(order.id)).toEqual([]);
  });

  it('issues a captured payment signed with its secret, which its own check accepts and lists', async () => {
    const provider = createTestModeProvider(SECRET);
    const order = await provider.createOrder({ amount: 1_49_900, receipt: 'SO-4', notes: {} });
    const success = provider.issuePayment(order.id, order.amount);
    expect(success).toEqual({
      razorpay_payment_id: expect.stringMatching(/^pay_test_[0-9A-Za-z]{14}$/),
      razorpay_order_id: order.id,
      razorpay_signature: paymentSignature(SECRET, order.id, success.razorpay_payment_id),
    });
    expect(provider.verifyPaymentSignature(order.id, success.razorpay_payment_id, success.razorpay_signature)).toBe(true);
    expect(await provider.orderPayments(order.id)).toEqual([
      { id: success.razorpay_payment_id, orderId: order.id, amount: 1_49_900, currency: 'INR', status: 'captured' },
    ]);
    // A paid order takes no second payment: asked again, it hands back the same one.
    expect(provider.issuePayment(order.id, order.amount)).toEqual(success);
    expect(await provider.orderPayments(order.id)).toHaveLength(1);
  });

  it('refuses forged signatures, another order’s payment and orders it never made', async () => {
    const provider = createTestModeProvider(SECRET);
    const cheap = await provider.createOrder({ amount: 100, receipt: 'SO-5', notes: {} });
    const dear = await provider.createOrder({ amount: 5_00_000, receipt: 'SO-6', notes: {} });
    const paid = provider.issuePayment(cheap.id, cheap.amount);
    // A valid signature for the cheap order does not pay for the dear one.
    expect(provider.verifyPaymentSignature(dear.id, paid.razorpay_payment_id, paid.razorpay_signature)).toBe(false);
    expect(provider.verifyPaymentSignature(cheap.id, 'pay_test_Forged00000000', paid.razorpay_signature)).toBe(false);
    expect(provider.verifyPaymentSignature(dear.id, 'pay_test_Forged00000000', paymentSignature('guessed', dear.id, 'pay_test_Forged00000000'))).toBe(false);
    expect(provider.verifyPaymentSignature(dear.id, 'pay_test_Forged00000000', 'f'.repeat(64))).toBe(false);
    // Another instance (another secret) is another Razorpay account: its payments do not verify here.
    const elsewhere = createTestModeProvider('another-local-secret-0123456789');
    const theirs = elsewhere.issuePayment((await elsewhere.createOrder({ amount: 100, receipt: 'SO-7', notes: {} })).id, 100);
    expect(provider.verifyPaymentSignature(theirs.razorpay_order_id, theirs.razorpay_payment_id, theirs.razorpay_signature)).toBe(false);
    // An order it does not remember (a restart, another app server) is paid at the shop's amount; a malformed id never.
    expect(provider.issuePayment(theirs.razorpay_order_id, 100).razorpay_order_id).toBe(theirs.razorpay_order_id);
    expect(() => provider.issuePayment('order_forged', 100)).toThrow(/does not exist/);
    expect(await provider.orderPayments(dear.id)).toEqual([]);
  });

  it('checks webhooks with the same secret and will not start without one', () => {
    const provider = createTestModeProvider(SECRET);
    const body = '{"event":"order.paid","notes":["साड़ी"]}';
    expect(provider.verifyWebhook(body, hmacHex(SECRET, body))).toBe(true);
    expect(provider.verifyWebhook(body, hmacHex('other', body))).toBe(false);
    expect(provider.verifyWebhook(`${body} `, hmacHex(SECRET, body))).toBe(false);
    expect(() => createTestModeProvider('')).toThrow();
  });
});
