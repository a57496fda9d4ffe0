/**
 * Compresses generated answers (API JSON, the app's HTML, sitemaps) of 1 KB or more for clients
 * that accept it. Files on disk are precompressed at build time and pass through untouched. Hono's compress() streams
 * every response through CompressionStream, tiny ones included (c.json sets no Content-Length, so
 * its threshold never applies), which cost more than half of the API's throughput in the benchmark.
 * These answers are small and already whole in memory, so one synchronous zlib call is the cheap way.
 */
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const THRESHOLD = 1024;

/** Content types worth compressing: JSON, HTML and XML. */
const COMPRESSIBLE = /^(application\/json|text\/html|application\/xml|text\/xml)/;

export function compressGenerated(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const accepts = c.req.header('Accept-Encoding') ?? '';
    if (!/\bgzip\b/.test(accepts) || res.headers.has('Content-Encoding')) return;
    if (!COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '') || !res.body) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.append('Vary', 'Accept-Encoding');
    if (body.length < THRESHOLD) {
      c.res = new Response(body, { status: res.status, headers });
      return;
    }
    // Level 5: within a few per cent of the best ratio for text, at a fraction of the cost of 9.
    const gz = zlib.gzipSync(body, { level: 5 });
    headers.set('Content-Encoding', 'gzip');
    headers.set('Content-Length', String(gz.length));
    c.res = new Response(gz, { status: res.status, headers });
  };
}
