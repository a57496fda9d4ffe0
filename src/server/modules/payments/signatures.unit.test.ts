import { randomBytes, randomInt } from 'node:crypto';
import Razorpay from 'razorpay';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { describe, expect, it } from 'vitest';
import { hmacHex, paymentSignature, verifyHmac, verifyPaymentSignature, verifyWebhookSignature } from './signatures.ts';

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').slice(0, 14)}`;
// Bodies as a shop's webhooks carry them: Devanagari and Tamil names, the rupee sign, an emoji, escapes.
const PIECES = ['कांजीवरम साड़ी', 'பட்டு', '₹1,499', '🪔', '"quoted"', '\\n', 'e\u0301', '\u2028', 'plain'];
const randomBody = () =>
  JSON.stringify({ event: 'order.paid', n: randomInt(1e9), notes: Array.from({ length: randomInt(1, 6) }, () => PIECES[randomInt(PIECES.length)]) });

describe('the signatures, against the official SDK’s own test vectors (razorpay.md §4)', () => {
  it('signs checkout’s order_id|payment_id with the key secret', () => {
    const sig = '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f';
    expect(paymentSignature('EnLs21M47BllR3X8PSFtjtbd', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l')).toBe(sig);
    expect(verifyPaymentSignature('EnLs21M47BllR3X8PSFtjtbd', 'order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', sig)).toBe(true);
  });

  it('signs a webhook’s raw bytes, so a re-serialised body no longer verifies', () => {
    const sig = '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc';
    expect(hmacHex('123456', '{"a":1,"b":2,"c":{"d":3}}')).toBe(sig);
    expect(verifyWebhookSignature('123456', '{"a":1,"b":2,"c":{"d":3}}', sig)).toBe(true);
    const spaced = '{"a": 1, "b": 2, "c": {"d": 3}}';
    expect(hmacHex('123456', spaced)).toMatch(/^57f949[0-9a-f]{54}88d5$/);
    expect(verifyWebhookSignature('123456', spaced, sig)).toBe(false);
  });
});

describe('the signatures agree with razorpay@2.9.8’s helpers', () => {
  it('on checkout signatures for random ids and secrets, valid and not', () => {
    for (let i = 0; i < 50; i++) {
      const [secret, orderId, paymentId] = [randomBytes(18).toString('base64url'), id('order'), id('pay')];
      const sig = paymentSignature(secret, orderId, paymentId);
      expect(validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, sig, secret)).toBe(true);
      expect(verifyPaymentSignature(secret, orderId, paymentId, sig)).toBe(true);
      const other = paymentSignature(secret, id('order'), paymentId);
      expect(validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, other, secret)).toBe(false);
      expect(verifyPaymentSignature(secret, orderId, paymentId, other)).toBe(false);
    }
  });

  it('on webhook signatures over Unicode bodies, by both of the SDK’s entry points', () => {
    for (let i = 0; i < 50; i++) {
      const [secret, body] = [randomBytes(12).toString('hex'), randomBody()];
      const sig = hmacHex(secret, body);
      expect(validateWebhookSignature(body, sig, secret)).toBe(true);
      expect(Razorpay.validateWebhookSignature(body, sig, secret)).toBe(true);
      expect(verifyWebhookSignature(secret, body, sig)).toBe(true);
      // The bytes are UTF-8: the same body given as bytes verifies alike.
      expect(verifyWebhookSignature(secret, new TextEncoder().encode(body), sig)).toBe(true);
      const changed = body.replace('"n":', '"n": ');
      expect(validateWebhookSignature(changed, sig, secret)).toBe(false);
      expect(verifyWebhookSignature(secret, changed, sig)).toBe(false);
    }
  });

  it('on refusing a signature written in uppercase hex', () => {
    const sig = hmacHex('s3cret', 'body').toUpperCase();
    expect(validateWebhookSignature('body', sig, 's3cret')).toBe(false);
    expect(verifyWebhookSignature('s3cret', 'body', sig)).toBe(false);
  });
});

describe('a malformed signature', () => {
  const good = hmacHex('s3cret', 'body');
  it.each([
    ['one character short', good.slice(1)],
    ['one character long', `${good}0`],
    ['half a digest', good.slice(0, 32)],
    ['not hex', 'z'.repeat(64)],
    ['hex with a stray character', `${good.slice(0, 63)}g`],
    ['empty', ''],
    ['undefined', undefined],
    ['null', null],
    ['a number', 123],
    ['the digest’s bytes instead of its hex', Buffer.from(good, 'hex')],
    ['an array', [good]],
  ])('is false, never a throw: %s', (_name, sig) => {
    expect(verifyHmac('s3cret', 'body', sig)).toBe(false);
    expect(verifyWebhookSignature('s3cret', 'body', sig)).toBe(false);
    expect(verifyPaymentSignature('s3cret', 'order_A', 'pay_B', sig)).toBe(false);
  });

  it('is false under an empty secret, even when made with one', () => {
    expect(verifyHmac('', 'body', hmacHex('', 'body'))).toBe(false);
    expect(verifyPaymentSignature('', 'order_A', 'pay_B', paymentSignature('', 'order_A', 'pay_B'))).toBe(false);
  });

  it('is false for an empty order or payment id', () => {
    expect(verifyPaymentSignature('s3cret', '', 'pay_B', paymentSignature('s3cret', '', 'pay_B'))).toBe(false);
    expect(verifyPaymentSignature('s3cret', 'order_A', '', paymentSignature('s3cret', 'order_A', ''))).toBe(false);
  });
});

describe('why the shop does not call the SDK’s helpers (pitfall 6)', () => {
  it('the webhook helper signs a parsed object as "[object Object]", and throws on a missing argument', () => {
    const parsed = JSON.parse('{"a":1}') as unknown as string;
    expect(validateWebhookSignature(parsed, hmacHex('s', '[object Object]'), 's')).toBe(true);
    expect(() => validateWebhookSignature('body', undefined as unknown as string, 's')).toThrow(/Invalid Parameters/);
    expect(verifyWebhookSignature('s', 'body', undefined)).toBe(false);
  });

  it('the payment helper signs a missing payment id as the word "undefined"', () => {
    const sig = hmacHex('s', 'order_A|undefined');
    expect(validatePaymentVerification({ order_id: 'order_A' } as never, sig, 's')).toBe(true);
  });
});
