import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressGenerated, jsonAnswer, SYNC_LIMIT } from './compress.ts';

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

describe('a JSON answer kept beside its value', () => {
  const kept = { items: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Kanjeevaram silk ₹${i} <b>"bold"</b>` })) };
  const small = { status: 'ok' };
  const keptApp = new Hono()
    .use(compressGenerated())
    .get('/kept', (c) => jsonAnswer(c, kept))
    .get('/fresh', (c) => jsonAnswer(c, structuredClone(kept)))
    .get('/small', (c) => jsonAnswer(c, small))
    .get('/large', (c) => jsonAnswer(c, { text: 'x'.repeat(SYNC_LIMIT * 2) }));
  const ask = (path: string, encoding = 'gzip') => keptApp.request(path, { headers: { 'Accept-Encoding': encoding } });
  const bodyOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('is the same answer c.json gives, gzipped once for the value and then sent as kept', async () => {
    const first = await ask('/kept');
    const again = await ask('/kept');
    for (const res of [first, again]) {
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
      expect(res.headers.get('Vary')).toBe('Accept-Encoding');
      expect(res.headers.get('Content-Type')).toBe('application/json');
    }
    const [a, b] = [await bodyOf(first), await bodyOf(again)];
    expect(a.equals(b)).toBe(true);
    expect(JSON.parse(zlib.gunzipSync(a).toString())).toEqual(kept);
    // A new value of the same content is written afresh, and reads back the same.
    expect(JSON.parse(zlib.gunzipSync(await bodyOf(await ask('/fresh'))).toString())).toEqual(kept);
  });

  it('sends it plain to a client that does not take gzip, and small ones plain; large ones are left to the middleware', async () => {
    const plain = await ask('/kept', 'identity');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(JSON.parse((await bodyOf(plain)).toString())).toEqual(kept);
    const tiny = await ask('/small');
    expect(tiny.headers.get('Content-Encoding')).toBeNull();
    expect(JSON.parse((await bodyOf(tiny)).toString())).toEqual(small);
    const large = await ask('/large');
    expect(large.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(await bodyOf(large)).toString()).text).toHaveLength(SYNC_LIMIT * 2);
  });
});
