/**
 * Cheap refusals before any route runs: a malformed Host (400), request targets too long to be a
 * real link (414), and the 405 with `Allow` for a path that exists under other methods.
 */
import type { Context } from 'hono';
import { PatternRouter } from 'hono/router/pattern-router';
import type { ErrorBody } from './errors.ts';
import { hostIsValid } from './origin.ts';

/**
 * The longest path plus query we serve. Every link of the shop is far shorter (a search is at most
 * 100 characters, 900 once percent-encoded); sitemaps, proxies and old browsers stop near 2,048.
 */
export const MAX_TARGET_LENGTH = 2048;

/** Everything outside /api is read-only: pages, pictures, assets, sitemaps. */
const READ_ONLY = ['GET', 'HEAD'];

/**
 * The checks every request passes first, on the request's URL and method alone (no Hono context:
 * they run in the shop's edge, before Hono, edge.ts):
 * - a Host that is a valid host (else 400): on a socket, @hono/node-server builds the request URL
 *   from the Host header as it came, so the URL's authority is that header;
 * - a request target of at most MAX_TARGET_LENGTH (else 414);
 * - only GET and HEAD outside the API (else 405 with Allow).
 */
export function requestRefusal(): (url: string, method: string) => Response | undefined {
  // Hosts already found valid: a shop is reached under a handful of names.
  const validHosts = new Set<string>();
  return (url, method) => {
    const authority = url.indexOf('//') + 2;
    const pathAt = url.indexOf('/', authority);
    const host = url.slice(authority, pathAt === -1 ? undefined : pathAt);
    if (!validHosts.has(host)) {
      if (!hostIsValid(host)) return refusal(400, { code: 'bad_host', message: 'Bad request: the Host header is not a valid host name.' });
      if (validHosts.size < 64) validHosts.add(host);
    }
    if (pathAt !== -1 && url.length - pathAt > MAX_TARGET_LENGTH) return refusal(414, { code: 'uri_too_long', message: 'This address is too long.' });
    if (!READ_ONLY.includes(method) && !url.startsWith('/api/', pathAt)) return methodRefusal(method, READ_ONLY);
    return undefined;
  };
}

const refusal = (status: number, body: ErrorBody, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

interface Route {
  method: string;
  path: string;
}

/**
 * The methods the app's routes answer for a path: what `Allow` says. Built on first use from the
 * app's own route table (middleware and catch-alls, registered as ALL, are not methods).
 */
export function allowedMethods(routes: () => Route[]): (path: string) => string[] {
  let router: PatternRouter<string> | undefined;
  return (path) => {
    if (!router) {
      router = new PatternRouter<string>();
      for (const r of routes()) if (r.method !== 'ALL') router.add('ALL', r.path, r.method);
    }
    const methods = new Set(router.match('GET', path)[0].map(([method]) => method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}

/** 405 with `Allow` when the path exists under other methods; OPTIONS answers with `Allow` alone. */
export function wrongMethod(c: Context, allow: string[]): Response | undefined {
  return methodRefusal(c.req.method, allow);
}

function methodRefusal(method: string, allow: string[]): Response | undefined {
  if (allow.length === 0) return undefined;
  const header = [...allow, 'OPTIONS'].join(', ');
  if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { Allow: header } });
  return refusal(405, { code: 'method_not_allowed', message: `Use ${allow.join(' or ')} here.` }, { Allow: header });
}
