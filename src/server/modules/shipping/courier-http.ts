/**
 * What every courier adapter shares besides the call itself (http/outbound.ts): the webhook's secret
 * compared in constant time, a courier's local dates, and a scan time that can be true.
 */
import crypto from 'node:crypto';
import { CourierRefusal } from './courier.ts';

export { callOut as callCourier, fetchFile, type OutboundAnswer as CourierAnswer } from '../../http/outbound.ts';

/**
 * A webhook's body as JSON once its secret (x-api-key) matches: null without it (the caller's 401),
 * a CourierRefusal when the body is not JSON (400).
 */
export function webhookJson(headers: Headers, body: string, secret: string): { json: unknown } | null {
  if (!sameSecret(headers.get('x-api-key'), secret)) return null;
  try {
    return { json: JSON.parse(body) };
  } catch {
    throw new CourierRefusal('The body is not JSON.');
  }
}

/** A webhook's shared secret, compared in constant time (whatever the lengths: both are hashed first). */
export function sameSecret(given: string | null | undefined, expected: string): boolean {
  if (!given || !expected) return false;
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/** The calendar day of a courier's local date or time ('2024-07-20 19:28:00'), when it is one. */
export const dayOf = (text: unknown): string | null => (typeof text === 'string' && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null);

/** A scan's time that can be true: this century, and not ahead of now by more than a day (a courier's clock may run fast). */
export const plausible = (at: Date | null): at is Date => at !== null && at.getUTCFullYear() >= 2000 && at.getTime() <= Date.now() + 86_400_000;
