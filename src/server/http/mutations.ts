/**
 * Requests that change things: every API request other than GET, HEAD and OPTIONS. They
 * - come from the shop's own pages (CSRF): a browser's `Sec-Fetch-Site` must be `same-origin` (or
 *   `none`: not started by any page), and an `Origin`, when sent, must be the shop's own: else 403;
 * - carry JSON when they carry anything: else 415. A page on another site can send a form-encoded,
 *   multipart or plain-text POST without asking; JSON it cannot, so this closes what an Origin check
 *   alone might miss (hono/csrf only looks at form content types).
 * Uploads (the owner's photographs and CSV files, a shopper's photographs of a damaged piece, under UPLOADS) carry their bytes as
 * `application/octet-stream`, which another site cannot send either without a CORS preflight that
 * the shop never grants; each upload route sets its own size limit.
 * Clients that are not browsers (curl, tests, Razorpay's webhooks later) send neither header.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ErrorBody } from './errors.ts';
import { originOf } from './origin.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The routes that take raw bytes instead of JSON. */
export const UPLOADS = /^\/api\/(admin\/)?uploads\//;

export function sameOriginJson(publicUrl: string | undefined, routed: (c: Context) => boolean): MiddlewareHandler {
  return async (c, next) => {
    // Safe methods change nothing; a method the path does not take gets its 405 (or 404) first.
    if (SAFE.has(c.req.method) || !routed(c)) return next();
    const site = c.req.header('Sec-Fetch-Site');
    const origin = c.req.header('Origin');
    if ((site && site !== 'same-origin' && site !== 'none') || (origin !== undefined && origin !== originOf(c, publicUrl))) {
      return c.json<ErrorBody>({ code: 'cross_site', message: 'This request must come from the shop’s own pages.' }, 403);
    }
    const type = c.req.header('Content-Type');
    const hasBody = type !== undefined || Number(c.req.header('Content-Length') ?? 0) > 0 || c.req.header('Transfer-Encoding') !== undefined;
    if (UPLOADS.test(c.req.path)) {
      if (!/^application\/octet-stream\s*(;|$)/i.test(type ?? '')) {
        return c.json<ErrorBody>({ code: 'unsupported_media_type', message: 'Send the file itself (Content-Type: application/octet-stream).' }, 415);
      }
    } else if (hasBody && !/^application\/json\s*(;|$)/i.test(type ?? '')) {
      return c.json<ErrorBody>({ code: 'unsupported_media_type', message: 'Send JSON (Content-Type: application/json).' }, 415);
    }
    return next();
  };
}

/** Far more than any form of the shop sends; a bigger body is refused before it is read whole. */
export const MAX_JSON_BODY = 16 * 1024;

/**
 * For the methods that send a body. A GET's is never read, so nothing is limited by looking; and
 * looking (hono's bodyLimit reads `c.req.raw.body`) makes @hono/node-server build the whole fetch
 * Request it otherwise spares a request, with a signal whose finalizer then runs, thousands at a
 * time, after the server's whole-heap collections (docs/decisions/0032).
 */
export const jsonBodyLimit = (): MiddlewareHandler => {
  const limit = bodyLimitOf(MAX_JSON_BODY, 'This request is too large.');
  const hookLimit = bodyLimitOf(MAX_HOOK_BODY, 'This request is too large.');
  return (c, next) => (SAFE.has(c.req.method) || UPLOADS.test(c.req.path) ? next() : HOOKS.test(c.req.path) ? hookLimit(c, next) : limit(c, next));
};

/** A courier's webhook carries every scan of the parcel's journey each time (issue 48): a long one runs past the forms' limit. */
export const HOOKS = /^\/api\/hooks\//;
export const MAX_HOOK_BODY = 256 * 1024;

/** A body limit with the shop's error shape: the upload routes' own. */
export const bodyLimitOf = (maxSize: number, message: string): MiddlewareHandler =>
  bodyLimit({ maxSize, onError: (c) => c.json<ErrorBody>({ code: 'too_large', message }, 413) });

/**
 * After a request that may have changed something, and before its answer leaves: `settle` brings
 * this server's memory up to the write (the catalog watch's read), so the writer's next request,
 * here, never sees an answer from before it. A failed settle does not fail the write it follows.
 */
export function settleWrites(settle: () => Promise<void>): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // A courier's webhook reads no page after it: its answer need not wait for this server's memory.
    if (!SAFE.has(c.req.method) && !HOOKS.test(c.req.path)) await settle().catch(() => {});
  };
}
