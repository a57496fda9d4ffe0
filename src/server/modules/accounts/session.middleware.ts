/**
 * Resolves the session cookie into the shopper on the context (src/server/http/session.ts). A
 * request without the cookie never touches the sessions table, so anonymous browsing costs what
 * it always did. A renewed or cleared cookie (better-auth renews a session once a day of use, and
 * clears a forged or ended one) is passed on to the answer.
 */
import type { MiddlewareHandler } from 'hono';
import type { ShopperEnv } from '../../http/session.ts';
import type { Auth } from './auth.ts';

/** Matches `vastra.session_token` and, on HTTPS, `__Secure-vastra.session_token`. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?vastra\.session_token=/;

export function sessionMiddleware(auth: Auth): MiddlewareHandler<ShopperEnv> {
  return async (c, next) => {
    const cookie = c.req.header('Cookie');
    if (!cookie || !SESSION_COOKIE.test(cookie)) {
      c.set('shopper', null);
      return next();
    }
    const { headers, response } = await auth.api.getSession({ headers: new Headers({ cookie }), returnHeaders: true });
    const user = response?.user;
    c.set('shopper', user ? { id: user.id, email: user.email, emailVerified: user.emailVerified } : null);
    await next();
    for (const value of headers.getSetCookie()) c.res.headers.append('Set-Cookie', value);
  };
}
