import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoutes } from './web.routes.ts';

// A stand-in for Vite's output: the routes only care about file names.
let dir: string;
let app: ReturnType<typeof webRoutes>;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Vastra</title><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), 'brotli-bytes');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  app = webRoutes(dir, async (id) => id === 7);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('serving the web app', () => {
  it('serves screens with the app and no caching', async () => {
    for (const p of ['/', '/products', '/products/']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves unknown paths with the app (its not-found screen), status 404 and noindex', async () => {
    const res = await app.request('/no-such-page');
    expect(res.status).toBe(404);
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('serves an existing product with 200 and a missing or malformed one with 404', async () => {
    expect((await app.request('/product/7')).status).toBe(200);
    expect((await app.request('/product/8')).status).toBe(404);
    expect((await app.request('/product/abc')).status).toBe(404);
    expect((await app.request('/product/99999999999')).status).toBe(404);
  });

  it('caches hashed assets for a year and serves them precompressed', async () => {
    const res = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('Content-Encoding')).toBe('br');
  });

  it('answers a missing asset with a plain 404, not the app', async () => {
    const res = await app.request('/assets/gone-123.js');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not found');
  });

  it('does not serve files outside its folder', async () => {
    const res = await app.request('/..%2F..%2Fetc%2Fpasswd');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('root:');
  });

  it('serves other public files with a day of caching', async () => {
    const res = await app.request('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400');
  });
});
