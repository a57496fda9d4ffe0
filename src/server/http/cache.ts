import type { MiddlewareHandler } from 'hono';

/** Sets Cache-Control on successful responses that set none themselves (serveStatic ignores headers set after it answers). */
export function cacheFor(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value);
  };
}
