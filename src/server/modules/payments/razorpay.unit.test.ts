import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startRazorpayStandin, type RazorpayStandin } from '../../test/razorpay-standin.ts';
import { ProviderError, type PaymentProvider } from './provider.ts';
import { createRazorpayClient, type RazorpayClient } from './razorpay.client.ts';
import { createRazorpayProvider } from './razorpay.provider.ts';
import { paymentSignature } from './signatures.ts';

let rzp: RazorpayStandin;
let client: RazorpayClient;
let provider: PaymentProvider;
// A generous timeout (the machine is shared) except where a timeout is the point.
const clientFor = (keySecret: string, apiBase = rzp.url, timeoutMs = 3000) =>
  createRazorpayClient({ keyId: rzp.keyId, keySecret, apiBase, timeoutMs, retryDelaysMs: [10, 20] });
const failure = (promise: Promise<unknown>) => promise.then(() => expect.fail('it should have failed'), (err: unknown) => err as ProviderError);

beforeEach(async () => {
  rzp = await startRazorpayStandin();
  client = clientFor(rzp.keySecret);
  provider = createRazorpayProvider({ keyId: rzp.keyId, keySecret: rzp.keySecret, webhookSecret: rzp.webhookSecret }, client);
});
afterEach(() => rzp.close());

describe('the Razorpay client', () => {
  it('creates an order in paise with the exact Basic auth header and our notes', async () => {
    const order = await client.createOrder({ amount: 149_900, receipt: 'SO-1042', notes: { so: '1042', item: 'कांजीवरम साड़ी' } });
    expect(order).toMatchObject({ entity: 'order', amount: 149_900, amount_due: 149_900, currency: 'INR', receipt: 'SO-1042', status: 'created' });
    expect(order.notes).toEqual({ so: '1042', item: 'कांजीवरम साड़ी' });
    expect(rzp.requests).toEqual([{ method: 'POST', path: '/v1/orders', authOk: true }]);
    expect(await client.getOrder(order.id)).toEqual(order);
    // Razorpay answers no notes as an empty array, not an object.
    expect((await client.createOrder({ amount: 100, receipt: 'SO-1043' })).notes).toEqual([]);
  });

  it('turns a bad key into a ProviderError 401 that does not carry the secret', async () => {
    const err = await failure(clientFor('wrong_secret_9f8e7d').createOrder({ amount: 100, receipt: 'SO-1' }));
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ status: 401, code: 'BAD_REQUEST_ERROR' });
    expect(err.message).toContain('Authentication failed');
    expect(`${err.message} ${err.stack}`).not.toContain('wrong_secret_9f8e7d');
    expect(rzp.requests).toEqual([{ method: 'POST', path: '/v1/orders', authOk: false }]);
    // Even an API that echoes the credentials back does not put the secret into our error.
    const echo = createServer((req, res) => {
      const description = `bad credentials ${Buffer.from(String(req.headers.authorization).slice(6), 'base64')}`;
      res.writeHead(401, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description } }));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const echoed = await failure(clientFor(rzp.keySecret, `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1`).getOrder('order_A'));
    await new Promise((resolve) => echo.close(resolve));
    expect(echoed.message).toBe(`Razorpay GET /orders/order_A answered 401 BAD_REQUEST_ERROR: bad credentials ${rzp.keyId}:[redacted]`);
  });

  it('refuses amounts Razorpay would refuse before calling it, as the stand-in refuses them too', async () => {
    for (const amount of [99, 100.5, 0, -100, Number.NaN]) {
      expect(await failure(client.createOrder({ amount, receipt: 'SO-1' }))).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR' });
    }
    expect(await failure(client.createOrder({ amount: 1000, receipt: 'x'.repeat(41) }))).toMatchObject({ status: 400 });
    expect(rzp.requests).toEqual([]);
    const raw = async (amount: number) => {
      const res = await fetch(`${rzp.url}/orders`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`${rzp.keyId}:${rzp.keySecret}`).toString('base64')}` },
        body: JSON.stringify({ amount, currency: 'INR', receipt: 'SO-1' }),
      });
      return [res.status, ((await res.json()) as { error?: { description: string } }).error?.description];
    };
    expect(await raw(99)).toEqual([400, 'The amount must be at least INR 1.00']);
    expect(await raw(100.5)).toEqual([400, 'The amount must be an integer']);
    expect(await raw(100)).toEqual([200, undefined]);
  });

  it('retries a GET through passing 5xx, gives up after two retries, and never retries an order', async () => {
    const { id } = await client.createOrder({ amount: 500, receipt: 'SO-2' });
    rzp.failNext(2, 502);
    expect((await client.getOrder(id)).id).toBe(id);
    expect(rzp.requests).toHaveLength(4);
    rzp.failNext(3);
    expect(await failure(client.orderPayments(id))).toMatchObject({ status: 500, code: 'SERVER_ERROR' });
    expect(rzp.requests).toHaveLength(7);
    rzp.failNext(1);
    expect(await failure(client.createOrder({ amount: 500, receipt: 'SO-3' }))).toMatchObject({ status: 500 });
    expect(rzp.requests).toHaveLength(8);
    // A 4xx is an answer, not a hiccup: no retry.
    expect(await failure(client.getPayment('pay_Unknown0000000'))).toMatchObject({ status: 400, message: expect.stringContaining('does not exist') });
    expect(rzp.requests).toHaveLength(9);
  });

  it('reports status 0 when Razorpay does not answer in time or cannot be reached', async () => {
    rzp.hang();
    const impatient = clientFor(rzp.keySecret, rzp.url, 200);
    const slow = await failure(impatient.getOrder('order_Anything000000'));
    expect(slow).toMatchObject({ status: 0, message: expect.stringContaining('did not answer within 200 ms') });
    expect(rzp.requests).toHaveLength(3);
    expect(await failure(impatient.createOrder({ amount: 500, receipt: 'SO-4' }))).toMatchObject({ status: 0 });
    expect(rzp.requests).toHaveLength(4);
    const gone = await startRazorpayStandin();
    await gone.close();
    const err = await failure(clientFor(rzp.keySecret, gone.url).getPayment('pay_X'));
    expect(err).toMatchObject({ status: 0, message: expect.stringContaining('could not be reached') });
    expect(err.message).not.toContain(rzp.keySecret);
  });
});

describe('the Razorpay provider', () => {
  it('makes the order, lists its payments and checks checkout’s signature against the stored order', async () => {
    const order = await provider.createOrder({ amount: 2_49_900, receipt: 'SO-7', notes: {} });
    expect(order).toEqual({ id: expect.stringMatching(/^order_/), amount: 2_49_900, currency: 'INR', status: 'created' });
    const other = await provider.createOrder({ amount: 100, receipt: 'SO-8', notes: {} });
    const failed = rzp.fail(order.id);
    const success = rzp.pay(order.id);
    expect(await provider.orderPayments(order.id)).toEqual([
      { id: failed.id, orderId: order.id, amount: 2_49_900, currency: 'INR', status: 'failed' },
      { id: success.razorpay_payment_id, orderId: order.id, amount: 2_49_900, currency: 'INR', status: 'captured' },
    ]);
    const { razorpay_payment_id: paymentId, razorpay_signature: sig } = success;
    expect(provider.verifyPaymentSignature(order.id, paymentId, sig)).toBe(true);
    expect(provider.verifyPaymentSignature(other.id, paymentId, sig)).toBe(false);
    expect(provider.verifyPaymentSignature(order.id, failed.id, sig)).toBe(false);
    expect(provider.verifyPaymentSignature(order.id, paymentId, paymentSignature('another_secret', order.id, paymentId))).toBe(false);
    const held = rzp.pay(other.id, { capture: false });
    expect((await provider.orderPayments(other.id))[0]).toMatchObject({ id: held.razorpay_payment_id, status: 'authorized' });
  });

  it('accepts the stand-in’s signed webhooks by their raw bytes and refuses tampered or foreign ones', async () => {
    const got: { status: number; eventId?: string; event?: string }[] = [];
    const receiver = createServer(async (req, res) => {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const ok = provider.verifyWebhook(raw, String(req.headers['x-razorpay-signature']));
      const event = ok ? (JSON.parse(raw) as { event: string; payload: { order?: { entity: { status: string } } } }) : undefined;
      got.push({ status: ok ? 200 : 400, eventId: req.headers['x-razorpay-event-id'] as string, event: event && `${event.event}:${event.payload.order?.entity.status}` });
      res.writeHead(ok ? 200 : 400).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/razorpay`;
    try {
      const order = await provider.createOrder({ amount: 1_999_00, receipt: 'SO-9', notes: { name: 'साड़ी' } });
      const failed = rzp.fail(order.id);
      const { razorpay_payment_id: paymentId } = rzp.pay(order.id);
      expect((await rzp.webhook(target, 'order.paid', paymentId, { eventId: 'evt_One' })).status).toBe(200);
      expect((await rzp.webhook(target, 'payment.failed', failed.id)).status).toBe(200);
      expect((await rzp.webhook(target, 'payment.captured', paymentId, { tamper: true })).status).toBe(400);
      expect((await rzp.webhook(target, 'payment.captured', paymentId, { secret: rzp.keySecret })).status).toBe(400);
      expect(got.map((g) => [g.status, g.event])).toEqual([[200, 'order.paid:paid'], [200, 'payment.failed:undefined'], [400, undefined], [400, undefined]]);
      expect(got[0]?.eventId).toBe('evt_One');
      expect(got[1]?.eventId).toMatch(/^evt_\w{14}$/);
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
