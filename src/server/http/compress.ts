/**
 * Compresses generated answers (API JSON, the app's HTML, sitemaps) of 1 KB or more for clients
 * that accept gzip. Files on disk are precompressed at build time and pass through untouched.
 *
 * Hono's compress() streams every response through CompressionStream, tiny ones included, which
 * cost more than half of the API's throughput in the benchmark. Most of these answers are a few KB
 * and already whole in memory, so one synchronous zlib call is the cheap way for them; anything
 * larger (a sitemap of 40,000 products is megabytes) goes to libuv's thread pool, so one big answer
 * never stalls every other shopper's request on the event loop.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { accepts } from 'hono/accepts';

const THRESHOLD = 1024;
/** Above this, compression runs off the event loop (about 0.3 ms of synchronous work at level 5). */
export const SYNC_LIMIT = 32 * 1024;
/** Within a few per cent of the best ratio for text, at a fraction of 9's cost; kept pages' starts use it too (gzip-parts.ts). */
export const GZIP_LEVEL = 5;
const OPTIONS = { level: GZIP_LEVEL };

const gzipAsync = promisify(zlib.gzip);

/** Content types worth compressing: JSON, HTML and XML. */
const COMPRESSIBLE = /^(application\/json|text\/html|application\/xml|text\/xml)/;

/** Whether the request takes gzip: q-values count, so `gzip;q=0` means "never gzip". */
export function acceptsGzip(c: Context): boolean {
  const header = c.req.header('Accept-Encoding') ?? '';
  let takes = gzipTakenBy.get(header);
  if (takes === undefined) {
    takes = accepts(c, { header: 'Accept-Encoding', supports: ['gzip'], default: 'identity' }) === 'gzip';
    // Browsers send a handful of different headers: the answer for each is worked out once.
    if (gzipTakenBy.size < 64) gzipTakenBy.set(header, takes);
  }
  return takes;
}
const gzipTakenBy = new Map<string, boolean>();

export function compressGenerated(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = await compressed(c, c.res);
    if (res === c.res) return;
    // Emptied first: Hono's setter would otherwise copy the old answer's body (as a stream) and
    // headers into the new one, which already carries them.
    c.res = undefined;
    c.res = res;
  };
}

/** `res` gzipped when it is generated text of THRESHOLD or more and the request takes gzip; else as it is. */
export async function compressed(c: Context, res: Response): Promise<Response> {
  // Headers first, the body only when it will be compressed: reading res.body turns
  // @hono/node-server's lightweight response into a full one, which halved the API's throughput.
  const headers = res.headers;
  if (headers.has('Content-Encoding') || !COMPRESSIBLE.test(headers.get('Content-Type') ?? '')) return res;
  headers.append('Vary', 'Accept-Encoding');
  if (!acceptsGzip(c) || !res.body) return res;
  const body = Buffer.from(await res.arrayBuffer());
  if (body.length < THRESHOLD) return new Response(body, { status: res.status, headers });
  const gz = body.length <= SYNC_LIMIT ? zlib.gzipSync(body, OPTIONS) : await gzipAsync(body, OPTIONS);
  const zipped = new Headers(headers);
  zipped.set('Content-Encoding', 'gzip');
  zipped.set('Content-Length', String(gz.length));
  return new Response(gz, { status: res.status, headers: zipped });
}

/** A JSON answer's text, its length in bytes, and its gzip once made, kept beside the value it was written from. */
interface KeptAnswer {
  text: string;
  bytes: number;
  gzip?: Uint8Array<ArrayBuffer>;
}
const keptAnswers = new WeakMap<object, KeptAnswer>();

/**
 * `value` as a JSON answer, written and compressed once for as long as the value lives: a value a
 * cache hands out again and again (the catalog's lists, kept while the catalog stands) is answered
 * from its kept text and gzip, not serialised and compressed on every request (bench/: a sixth of
 * the list page's CPU went on both). What is kept goes when the value is dropped.
 */
export function jsonAnswer(c: Context, value: object): Response {
  let kept = keptAnswers.get(value);
  if (!kept) {
    const text = JSON.stringify(value);
    keptAnswers.set(value, (kept = { text, bytes: Buffer.byteLength(text) }));
  }
  // Small, large (compressed off the event loop by the middleware) or not taken gzipped: as c.json would be.
  if (kept.bytes < THRESHOLD || kept.bytes > SYNC_LIMIT || !acceptsGzip(c)) return c.body(kept.text, 200, { 'Content-Type': 'application/json' });
  if (!kept.gzip) {
    const gz = zlib.gzipSync(kept.text, OPTIONS);
    kept.gzip = new Uint8Array(gz.buffer as ArrayBuffer, gz.byteOffset, gz.length);
  }
  c.header('Content-Encoding', 'gzip');
  c.header('Vary', 'Accept-Encoding');
  return c.body(kept.gzip, 200, { 'Content-Type': 'application/json' });
}
