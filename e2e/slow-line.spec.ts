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
import type { Page } from '@playwright/test';
import { BOTH_WIDTHS, expect, test } from './fixtures.ts';
import { signedIn } from './shoppers.ts';

/** Bytes per piece and the pause between pieces: a page of 30 KB takes about a second to arrive. */
const PIECE = 2_000;
const PAUSE_MS = 50;
const KURTA = 'Bottle Green Angrakha Cotton Kurta';

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

/** Every layout shift of each page the browser opens from now on, with what moved. */
const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
        const moved = (e.sources ?? []).map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : (s.node?.textContent ?? '?')));
        shifts.push(`${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${moved.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);

async function kurtaId(page: Page): Promise<number> {
  const { items } = (await (await page.request.get(`/api/products/search?q=${encodeURIComponent(KURTA)}&limit=1`)).json()) as { items: { id: number; name: string }[] };
  expect(items[0]?.name).toBe(KURTA);
  return items[0]!.id;
}

test('a drawn page that arrives in pieces is painted once, with nothing moving', BOTH_WIDTHS, async ({ page, baseURL }) => {
  // A demo kurta, one of whose sizes is sold out: its "Notify me" is drawn before anyone knows who
  // is here, and must not grow when the session answers. (A demo piece, not the newest: other
  // journeys make and restock pieces meanwhile.)
  const kurta = await kurtaId(page);
  const line = await slowLine(baseURL!);
  try {
    await recordShifts(page);
    for (const path of ['/', '/products', `/product/${kurta}`, '/categories/sarees']) {
      await page.goto(line.url + path, { waitUntil: 'load' });
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      if (path.startsWith('/product/')) await expect(page.getByRole('region', { name: /^Sold out in / })).toBeVisible();
      // The takeover, and any late picture or font, have their chance to move something.
      await page.waitForTimeout(1_000);
      expect(await shiftsOf(page), `${path}: layout shifts`).toEqual([]);
    }
  } finally {
    await line.close();
  }
});

test('a signed-in shopper still to verify sees their details come in, with nothing drawn moving', BOTH_WIDTHS, async ({ page }) => {
  // The page is drawn before anyone knows who is here; then the badges, the bells of "Notify me"
  // and the banner asking to verify the address come in, once the session answers.
  const kurta = await kurtaId(page);
  await signedIn(page, 'tara');
  await recordShifts(page);
  for (const path of [`/product/${kurta}`, '/products']) {
    await page.goto(path, { waitUntil: 'load' });
    await expect(page.getByRole('region', { name: 'Verify your email' })).toBeVisible();
    if (path.startsWith('/product/')) await expect(page.getByRole('region', { name: /^Sold out in / }).getByRole('button').first()).toBeEnabled();
    await page.waitForTimeout(1_000);
    expect(await shiftsOf(page), `${path}: layout shifts`).toEqual([]);
  }
  // The page's end scrolls clear of the banner: the footer's last line is not under it.
  const toTheEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await toTheEnd();
  await expect(page.getByText(/©/)).toBeVisible();
  await toTheEnd();
  const banner = await page.getByRole('region', { name: 'Verify your email' }).boundingBox();
  const copyright = await page.getByText(/©/).boundingBox();
  expect(copyright!.y + copyright!.height).toBeLessThanOrEqual(banner!.y);
});
