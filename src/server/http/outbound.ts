/**
 * One HTTP call to a provider outside (a courier, WhatsApp, an SMS gateway), the way every adapter
 * wants it: a time limit, the body read as JSON when it is JSON, and the failures that leave the
 * outcome unknown (no answer, a timeout, 429, 5xx) thrown as Unanswered, so the caller keeps its
 * work for a retry. Whatever else comes back is the adapter's to read: providers say no with 200
 * as often as with 4xx.
 */

/** The provider could not be reached or did not answer in time: the outcome is unknown. */
export class Unanswered extends Error {}

export interface OutboundAnswer {
  status: number;
  /** The parsed JSON, or the text when the body is not JSON (an HTML error page, a plain string). */
  body: unknown;
}

export interface OutboundCall {
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

export async function callOut(who: string, { method, url, headers = {}, body, timeoutMs = DEFAULT_TIMEOUT_MS }: OutboundCall): Promise<OutboundAnswer> {
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
    throw new Unanswered(`${who} did not answer${timedOut ? ` within ${timeoutMs / 1000} s` : cause ? ` (${cause})` : ''}. Try again in a minute.`);
  }
  if (res.status === 429 || res.status >= 500) throw new Unanswered(`${who} is busy or failing (HTTP ${res.status}). Try again in a minute.`);
  let parsed: unknown = raw;
  try {
    parsed = raw === '' ? null : JSON.parse(raw);
  } catch {
    // not JSON: the adapter reads the text
  }
  return { status: res.status, body: parsed };
}

/** A provider's file (a courier's label), as bytes. */
export async function fetchFile(who: string, url: string, headers: Record<string, string> = {}, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Uint8Array> {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Unanswered(`${who} did not give the file (HTTP ${res.status}). Try again in a minute.`);
    return new Uint8Array(await res.arrayBuffer());
  } catch (err) {
    if (err instanceof Unanswered) throw err;
    throw new Unanswered(`${who} did not give the file. Try again in a minute.`);
  }
}
