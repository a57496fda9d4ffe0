/**
 * Issue 19's CLS 0, on the line it is meant for: a slow one delivers a drawn page's HTML in pieces,
 * and the browser would paint each piece as it parses it. A row whose later items had not arrived
 * was painted, then moved (the header's icons, the filter bar, the gallery's zoom buttons). The
 * page now holds its first paint until it is parsed whole (page-meta.ts, decision 0039); here each
 * page comes through a local relay that hands the browser its HTML a piece at a time, and no
 * layout shift may be recorded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BOTH_WIDTHS, expect, test } from './fixtures.ts';

/** Bytes per piece and the pause between pieces: a page of 30 KB takes about a second to arrive. */
const PIECE = 2_000;
const PAUSE_MS = 50;

/** A relay to `origin` that passes everything through, but sends HTML documents in slow pieces. */
async function slowLine(origin: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(origin);
  const relay = http.createServer((req, res) => {
    const page = (req.headers.accept ?? '').includes('text/html');
    const headers = { ...req.headers, host: upstream.host, ...(page ? { 'accept-encoding': 'identity' } : {}) };
    const ask = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, async (answer) => {
      if (!page) {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
        return;
      }
      const body = Buffer.concat(await answer.toArray());
      const { 'content-length': _whole, ...rest } = answer.headers;
      res.writeHead(answer.statusCode!, rest);
      for (let at = 0; at < body.length; at += PIECE) {
        res.write(body.subarray(at, at + PIECE));
        await new Promise((r) => setTimeout(r, PAUSE_MS));
      }
      res.end();
    });
    req.pipe(ask);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => relay.close(() => resolve())),
  };
}

test('a drawn page that arrives in pieces is painted once, with nothing moving', BOTH_WIDTHS, async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const { items } = (await (await page.request.get('/api/products?limit=1')).json()) as { items: { id: number }[] };
  const line = await slowLine(baseURL!);
  try {
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { shifts: string[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
          const moved = (e.sources ?? []).map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : (s.node?.textContent ?? '?')));
          shifts.push(`${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${moved.join(' | ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of ['/', '/products', `/product/${items[0]!.id}`, '/categories/sarees']) {
      await page.goto(line.url + path, { waitUntil: 'load' });
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // The takeover, and any late picture or font, have their chance to move something.
      await page.waitForTimeout(1_000);
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), `${path}: layout shifts`).toEqual([]);
    }
  } finally {
    await line.close();
  }
});
