import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { DrawnPage } from './page-meta.ts';
import { zippedPage } from './zipped-pages.ts';

const drawnPage = (): DrawnPage => ({ html: '<main>Kanjeevaram</main>', data: '{}', head: { title: 'Vastra', description: 'Sarees' }, status: 200 });
const body = `<main>${'Banarasi silk saree '.repeat(200)}</main>`;

describe('a drawn page as gzip, its start compressed once', () => {
  it('writes the page once per copy and variant, and each view with its own nonce', () => {
    const drawn = drawnPage();
    let written = 0;
    const page = (nonce: string) => (written++, `<html><body>${body}<meta nonce="${nonce}" /></body></html>`);
    const one = zippedPage(drawn, 'plain|http://shop.example', page, 'bm9uY2Ux')!;
    const two = zippedPage(drawn, 'plain|http://shop.example', page, 'bm9uY2Uy')!;
    expect(zlib.gunzipSync(one).toString()).toBe(`<html><body>${body}<meta nonce="bm9uY2Ux" /></body></html>`);
    expect(zlib.gunzipSync(two).toString()).toBe(`<html><body>${body}<meta nonce="bm9uY2Uy" /></body></html>`);
    expect(written).toBe(1);
    zippedPage(drawn, 'fonts|http://shop.example', page, 'bm9uY2Uz');
    expect(written).toBe(2);
  });

  it('keeps a few starts per copy: more variants are each written and compressed anew', () => {
    const drawn = drawnPage();
    let written = 0;
    const page = (nonce: string) => (written++, `${body}${nonce}`);
    const hosts = Array.from({ length: 8 }, (_, i) => `plain|http://host-${i}.example`);
    for (const round of [1, 2]) for (const host of hosts) expect(zlib.gunzipSync(zippedPage(drawn, host, page, 'n')!).toString(), `${host} ${round}`).toBe(`${body}n`);
    // The first four are kept; the other four are written again in the second round.
    expect(written).toBe(8 + 4);
  });

  it('leaves a page whose nonce is not at its end to go out as before', () => {
    const headNonce = (nonce: string) => `<head><meta nonce="${nonce}" /></head><body>${body}</body>`;
    expect(zippedPage(drawnPage(), 'plain|http://shop.example', headNonce, 'n')).toBeNull();
    expect(zippedPage(drawnPage(), 'plain|http://shop.example', () => body, 'n')).toBeNull();
  });
});
