/**
 * Resolves the session cookie into the shopper on the context (src/server/http/session.ts), by the
 * session reader (session-reader.ts). A request without the cookie never touches the sessions
 * table, so anonymous browsing costs what it always did. A renewed or cleared cookie (better-auth
 * renews a session once a day of use, and clears a forged or ended one) is passed on to the answer.
 */
import type { MiddlewareHandler } from 'hono';
import type { ShopperEnv } from '../../http/session.ts';
import type { SessionReader } from './session-reader.ts';

export function sessionMiddleware(readSession: SessionReader): MiddlewareHandler<ShopperEnv> {
  return async (c, next) => {
    const reading = readSession(c.req.header('Cookie'));
    if (!reading) {
      c.set('shopper', null);
      return next();
    }
    const { shopper, setCookies } = await reading;
    c.set('shopper', shopper);
    await next();
    for (const value of setCookies) c.res.headers.append('Set-Cookie', value);
  };
}
