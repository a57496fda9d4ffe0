/**
 * Razorpay's two signatures (reference/razorpay.md §4): checkout's, HMAC-SHA256 of `order_id|payment_id`
 * with the key secret, and a webhook's, HMAC-SHA256 of the raw body bytes with the webhook secret.
 * Both are compared in constant time: the official helpers use `===`, which leaks by timing how much
 * of a forged signature was right.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

// Razorpay sends lowercase hex, as does its own helper (which compares strings exactly): anything else
// is not a signature it made, and Buffer.from(…, 'hex') would silently drop what is not hex.
const SIGNATURE = /^[0-9a-f]{64}$/;

/** Hex HMAC-SHA256; a string message is signed as its UTF-8 bytes, as Razorpay and its SDK do. */
export function hmacHex(secret: string, message: string | Uint8Array): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Whether `signatureHex` is the HMAC of `message`: false, never a throw, for anything malformed. */
export function verifyHmac(secret: string, message: string | Uint8Array, signatureHex: unknown): boolean {
  // An empty secret would make anyone's signature "valid": a missing configuration must refuse all.
  if (typeof secret !== 'string' || secret === '') return false;
  if (typeof message !== 'string' && !(message instanceof Uint8Array)) return false;
  if (typeof signatureHex !== 'string' || !SIGNATURE.test(signatureHex)) return false;
  const expected = createHmac('sha256', secret).update(message).digest();
  const given = Buffer.from(signatureHex, 'hex');
  return given.length === expected.length && timingSafeEqual(expected, given);
}

/** What checkout.js hands the success handler as `razorpay_signature`. */
export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/** `orderId` must be the provider order id WE stored for this checkout, never the browser's. */
export function verifyPaymentSignature(keySecret: string, orderId: string, paymentId: string, signature: unknown): boolean {
  if (typeof orderId !== 'string' || typeof paymentId !== 'string' || orderId === '' || paymentId === '') return false;
  return verifyHmac(keySecret, `${orderId}|${paymentId}`, signature);
}

/** `rawBody` is the request body exactly as received (`await c.req.text()`), never a re-serialised object. */
export function verifyWebhookSignature(secret: string, rawBody: string | Uint8Array, signature: unknown): boolean {
  return verifyHmac(secret, rawBody, signature);
}
