/**
 * Defaults for every API answer: JSON says its charset, and nothing is stored by any cache unless
 * its route says what may be (the catalog does; anything personal, from the accounts stage on,
 * keeps `no-store`).
 */
import type { MiddlewareHandler } from 'hono';

export function apiHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (headers.get('Content-Type') === 'application/json') headers.set('Content-Type', 'application/json; charset=utf-8');
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  };
}
