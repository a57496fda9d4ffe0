/**
 * The shop's edge: what every request passes before any route, outside Hono's middleware chain.
 * The cheap refusals (request-guards.ts) and the security headers (security-headers.ts) wrap the
 * app's `fetch`, so a route that answers at once (robots.txt, a kept page's lookup) is the only
 * handler Hono matches for its path, and Hono calls it directly and writes its answer in the same
 * turn. As global middleware, each request went through Hono's compose instead, and every answer
 * was written a promise later: the smallest answer ran at about 60% of a bare Node server's rate
 * (docs/decisions/0043).
 */
import type { HttpBindings } from '@hono/node-server';
import { requestRefusal } from './request-guards.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

type Env = Partial<HttpBindings> | undefined;
/** Hono's `fetch`, whose env on a socket is @hono/node-server's bindings. */
export type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * `routed` behind the edge. On a socket (`npm start`) the security headers go on Node's answer
 * before the route runs: Node merges them into the route's own at `writeHead`, the route's winning
 * (a page's policy with its nonce). In process (`app.request`: tests, the page drawer) there is no
 * Node answer: they go on the Response, where the route has not set them.
 */
export function behindTheEdge(routed: Fetch): Fetch {
  const refusalOf = requestRefusal();
  let security: [string, string][] | undefined;
  const asked = SECURITY_HEADERS.then((headers) => (security = headers));

  const onSocket = (request: Request, env: Env, outgoing: NonNullable<HttpBindings['outgoing']>, headers: [string, string][]) => {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return refusalOf(request.url, request.method) ?? routed(request, env);
  };
  const inProcess = async (request: Request, env: Env, headers: [string, string][]) => {
    const res = refusalOf(request.url, request.method) ?? (await routed(request, env));
    return withHeaders(res, headers);
  };
  const guarded = (request: Request, env: Env, headers: [string, string][]) => {
    const outgoing = env?.outgoing;
    return outgoing ? onSocket(request, env, outgoing, headers) : inProcess(request, env, headers);
  };
  return (request, bindings) => {
    const env = bindings as Env;
    return security ? guarded(request, env, security) : asked.then((headers) => guarded(request, env, headers));
  };
}

/** `res` with each of `headers` its route has not set; a Response whose headers are frozen is copied first. */
function withHeaders(res: Response, headers: [string, string][]): Response {
  const missing = headers.filter(([name]) => !res.headers.has(name));
  if (missing.length === 0) return res;
  let out = res;
  try {
    for (const [name, value] of missing) out.headers.set(name, value);
  } catch {
    out = new Response(res.body, res);
    for (const [name, value] of missing) out.headers.set(name, value);
  }
  return out;
}
