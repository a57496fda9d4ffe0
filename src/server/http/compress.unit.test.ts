import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressGenerated, SYNC_LIMIT } from './compress.ts';

const app = new Hono().use(compressGenerated()).get('/json/:n', (c) => c.json({ text: 'x'.repeat(Number(c.req.param('n'))) }));
const gzipped = (n: number, encoding = 'gzip') => app.request(`/json/${n}`, { headers: { 'Accept-Encoding': encoding } });

describe('compressing generated answers', () => {
  it('gzips small and large bodies alike, the large ones off the event loop, and both read back whole', async () => {
    for (const n of [2000, SYNC_LIMIT * 4]) {
      const res = await gzipped(n);
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
      expect(res.headers.get('Vary')).toBe('Accept-Encoding');
      const body = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('Content-Length'))).toBe(body.length);
      expect(JSON.parse(zlib.gunzipSync(body).toString()).text).toHaveLength(n);
    }
  });

  it('lets the event loop run while a large body is compressed', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await gzipped(8 * 1024 * 1024);
    clearInterval(timer);
    // A synchronous gzip of 8 MB would hold the loop for its whole run: no timer could fire.
    expect(ticks).toBeGreaterThan(0);
  });

  it('honours q-values and leaves tiny answers alone', async () => {
    expect((await gzipped(2000, 'gzip;q=0')).headers.get('Content-Encoding')).toBeNull();
    expect((await gzipped(2000, 'deflate, br')).headers.get('Content-Encoding')).toBeNull();
    expect((await gzipped(10)).headers.get('Content-Encoding')).toBeNull();
  });
});
