/**
 * One HTTP call to a courier, the way every adapter wants it: a time limit, the body read as JSON
 * when it is JSON, and the failures that leave the outcome unknown (no answer, a timeout, 429, 5xx)
 * turned into CourierUnavailable, so the booking is kept for a retry. Whatever else comes back is
 * the adapter's to read: couriers say no with 200 as often as with 4xx.
 */
import crypto from 'node:crypto';
import { CourierUnavailable } from './courier.ts';

export interface CourierAnswer {
  status: number;
  /** The parsed JSON, or the text when the body is not JSON (an HTML error page, a plain string). */
  body: unknown;
}

export interface CourierCall {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** A JSON value, or a URLSearchParams sent as a form. */
  body?: unknown;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

function encoded(body: unknown): { type?: string; text?: string } {
  if (body === undefined) return {};
  if (body instanceof URLSearchParams) return { type: 'application/x-www-form-urlencoded', text: body.toString() };
  return { type: 'application/json', text: JSON.stringify(body) };
}

export async function callCourier(who: string, { method, url, headers = {}, body, timeoutMs = DEFAULT_TIMEOUT_MS }: CourierCall): Promise<CourierAnswer> {
  const { type, text } = encoded(body);
  let res: Response;
  let raw: string;
  try {
    res = await fetch(url, {
      method,
      headers: { Accept: 'application/json', ...(type && { 'Content-Type': type }), ...headers },
      body: text,
      signal: AbortSignal.timeout(timeoutMs),
    });
    raw = await res.text();
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    const cause = (err as { cause?: { code?: string } })?.cause?.code;
    throw new CourierUnavailable(`${who} did not answer${timedOut ? ` within ${timeoutMs / 1000} s` : cause ? ` (${cause})` : ''}. Try again in a minute.`);
  }
  if (res.status === 429 || res.status >= 500) throw new CourierUnavailable(`${who} is busy or failing (HTTP ${res.status}). Try again in a minute.`);
  let parsed: unknown = raw;
  try {
    parsed = raw === '' ? null : JSON.parse(raw);
  } catch {
    // not JSON: the adapter reads the text
  }
  return { status: res.status, body: parsed };
}

/** The courier's file (a label), as bytes. */
export async function fetchFile(who: string, url: string, headers: Record<string, string> = {}, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Uint8Array> {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new CourierUnavailable(`${who} did not give the label (HTTP ${res.status}). Try again in a minute.`);
    return new Uint8Array(await res.arrayBuffer());
  } catch (err) {
    if (err instanceof CourierUnavailable) throw err;
    throw new CourierUnavailable(`${who} did not give the label. Try again in a minute.`);
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
