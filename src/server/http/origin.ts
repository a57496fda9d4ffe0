/**
 * The shop's own origin, and which Host headers may stand for it (request-guards.ts refuses the rest).
 *
 * With PUBLIC_URL set (required in production) the origin is configuration: the Host header is
 * never read into a page, robots.txt, a sitemap or a mail. Without it (development, trying the shop
 * on a laptop or a phone on the same network) the origin is the request's, and only after its Host
 * has passed `hostIsValid`; answers built from it are then never stored publicly.
 */
import type { Context } from 'hono';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A DNS name, an IPv4 address or a bracketed IPv6 address, with an optional port; nothing else. */
export function hostIsValid(host: string | undefined): boolean {
  if (!host || host.length > 260) return false;
  let url: URL;
  try {
    url = new URL(`http://${host}/`);
  } catch {
    return false; // 999.999.999.999, xn--, a bad port, spaces, ...
  }
  // The parser also accepts what a Host header must not carry: credentials, paths, fragments.
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return false;
  const name = url.hostname;
  if (name.startsWith('[')) return true; // an IPv6 literal the parser accepted
  const labels = name.replace(/\.$/, '').split('.');
  return name.length <= 253 && labels.every((l) => LABEL.test(l));
}

/** Where links in this answer point: PUBLIC_URL, else the request's own (already validated) origin. */
export function originOf(c: Context, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const url = c.req.url;
  const pathAt = url.indexOf('/', url.indexOf('//') + 2);
  const prefix = pathAt === -1 ? url : url.slice(0, pathAt);
  let origin = originsOf.get(prefix);
  if (origin === undefined) {
    origin = new URL(url).origin;
    // A shop is reached under a handful of names (request-guards.ts caches their validity alike).
    if (originsOf.size < 64) originsOf.set(prefix, origin);
  }
  return origin;
}
/** Each request URL's scheme and authority, as written, to the origin URL makes of them: one parse per name, not per request. */
const originsOf = new Map<string, string>();

/**
 * Cache-Control for an answer whose links come from `originOf`: public caching only when the
 * origin is configuration, so no shared cache can keep one visitor's Host for the next.
 */
export const publicCacheFor = (publicUrl: string | undefined, value: string) => (publicUrl ? value : 'no-cache, private');
