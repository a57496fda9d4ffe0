/**
 * Who a session cookie belongs to, for every signed-in request (docs/decisions/0046). A session
 * that is simply live is read here in one prepared query; everything else is better-auth's own
 * getSession, which this mirrors: a cookie that does not verify, a session missing, ended or due
 * for its daily renewal (the library writes the new end and renews the cookie), and cookies this
 * shop never sets (the "don't remember me" and cached-session cookies).
 *
 * Why: better-auth's getSession cost a signed-in answer more than its route did (bench/: about
 * 0.6 ms of CPU and two queries of a cart read's 2.2 ms and eight). The read it does for a live
 * session is one SQL query over our own tables (db/schema/accounts.ts) and an HMAC over the cookie.
 *
 * What it relies on of the library, pinned exactly in package.json and held by
 * session-reader.test.ts: the cookie's name, and better-call's signed form
 * `encodeURIComponent(token + "." + base64(HMAC-SHA256(secret, token)))`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { Shopper } from '../../http/session.ts';
import { AUTH_TIMES, type Auth } from './auth.ts';

/** The shopper, or null for a visitor, and the cookies to set on the answer (a renewal, a clearing). */
export interface SessionRead {
  shopper: Shopper | null;
  setCookies: string[];
}

/** `vastra.session_token` and, on HTTPS, `__Secure-vastra.session_token`: the value up to the next `;`. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?vastra\.session_token=([^;]*)/;
/** The library's other cookies: with either, the library reads the session (and clears what it must). */
const OTHER_AUTH_COOKIE = /(?:^|;\s*)(?:__Secure-)?vastra\.(?:session_data|dont_remember)/;
/** A base64 HMAC-SHA256: 32 bytes, 44 characters, one `=` of padding (what better-call checks first). */
const SIGNATURE_LENGTH = 44;

/** The token a signed cookie value carries, or null when its signature is not the shop's. */
export function verifiedToken(cookieValue: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(cookieValue);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'utf8');
  if (signature.length !== SIGNATURE_LENGTH) return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'), 'utf8');
  return timingSafeEqual(signature, expected) ? token : null;
}

/** True when better-auth would move the session's end on now (its getSession: once a day of use). */
export function dueForRenewal(expiresAt: Date, now = Date.now()): boolean {
  return expiresAt.getTime() - AUTH_TIMES.session * 1000 + AUTH_TIMES.sessionRenewal * 1000 <= now;
}

export function createSessionReader(db: Db, auth: Auth, secret: string) {
  const liveSession = db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('vastra_live_session');

  /** better-auth's own getSession, with the cookies it sets. */
  async function byTheLibrary(cookie: string): Promise<SessionRead> {
    const { headers, response } = await auth.api.getSession({ headers: new Headers({ cookie }), returnHeaders: true });
    const user = response?.user;
    return { shopper: user ? { id: user.id, email: user.email, emailVerified: user.emailVerified } : null, setCookies: headers.getSetCookie() };
  }

  /** A live session's shopper, or the library's answer for anything else. */
  async function read(cookie: string, signedValue: string): Promise<SessionRead> {
    const token = OTHER_AUTH_COOKIE.test(cookie) ? null : verifiedToken(signedValue, secret);
    if (token === null) return byTheLibrary(cookie);
    const [row] = await liveSession.execute({ token });
    if (!row || row.expiresAt.getTime() <= Date.now() || dueForRenewal(row.expiresAt)) return byTheLibrary(cookie);
    return { shopper: { id: row.id, email: row.email, emailVerified: row.emailVerified }, setCookies: [] };
  }

  /**
   * The shopper a request's Cookie header names; null, at once and without a promise, for a
   * request without the session cookie (a visitor's costs nothing here).
   */
  return function readSession(cookie: string | undefined): Promise<SessionRead> | null {
    const signed = cookie === undefined ? null : SESSION_COOKIE.exec(cookie);
    return signed ? read(cookie!, signed[1]!) : null;
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
