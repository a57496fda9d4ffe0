/**
 * The headers and refusals every answer shares, through the whole app on a real database: the
 * Content-Security-Policy and Permissions-Policy on pages, JSON, pictures and errors; 405 with Allow;
 * what the API says about caching and its charset.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onSocket, rawRequest } from '../test/raw-http.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { MAX_JSON_BODY } from './mutations.ts';
import { LOCKED_POLICY, PERMISSIONS_POLICY } from './security-headers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  fs.mkdirSync(path.join(t.imagesDir, 'products'));
  fs.writeFileSync(path.join(t.imagesDir, 'products', 'p.webp'), 'RIFF....WEBP');
});
afterAll(() => t.close());

const request = (target: string, init?: RequestInit) => t.app.request(`http://shop.test${target}`, init);

describe('Content-Security-Policy and Permissions-Policy', () => {
  it('gives every page a strict policy whose style nonce is fresh and written into the page', async () => {
    const nonces = new Set<string>();
    for (const target of ['/', '/products', '/product/1', '/categories/silk-sarees', '/login', '/nope']) {
      const res = await request(target);
      const policy = res.headers.get('Content-Security-Policy')!;
      const nonce = /'nonce-([A-Za-z0-9+/=]{24})'/.exec(policy)?.[1];
      expect(nonce, target).toBeDefined();
      nonces.add(nonce!);
      expect(policy).toContain("default-src 'self'");
      // No inline script, no eval: our own scripts and Razorpay's checkout only.
      expect(policy).toContain("script-src 'self' https://*.razorpay.com;");
      expect(policy).toContain('frame-src https://*.razorpay.com;');
      expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'self'", "form-action 'self'"]) {
        expect(policy).toContain(directive);
      }
      // The one "unsafe" word allowed: style attributes named by their hash alone, no inline style at large.
      expect(policy).toMatch(/style-src-attr 'unsafe-hashes'( 'sha256-[A-Za-z0-9+/=]{44}')+(;|$)/);
      expect(policy.replace("'unsafe-hashes'", '')).not.toContain('unsafe');
      expect(await res.text()).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      expect(res.headers.get('Permissions-Policy')).toBe(PERMISSIONS_POLICY);
    }
    expect(nonces.size).toBe(6);
  });

  it('locks down every other answer: JSON, errors, pictures, robots.txt, refusals', async () => {
    const answers = [
      await request('/api/products?limit=1'),
      await request('/api/products/999999'),
      await request('/api/nope'),
      await request('/images/products/p.webp'),
      await request('/images/products/missing.webp'),
      await request('/robots.txt'),
      await request('/sitemap.xml'),
      await request('/api/products', { method: 'POST' }),
      await request(`/${'a'.repeat(3000)}`),
    ];
    for (const res of answers) {
      expect(res.headers.get('Content-Security-Policy'), res.url).toBe(LOCKED_POLICY);
      expect(res.headers.get('Permissions-Policy'), res.url).toBe(PERMISSIONS_POLICY);
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
    expect(PERMISSIONS_POLICY).toContain('camera=()');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
    expect(PERMISSIONS_POLICY).toContain('payment=()');
  });
});

describe('the same headers on a socket as in process', () => {
  // On a socket the headers go on Node's answer before the route runs (edge.ts); in process they
  // go on the Response after it. Both must give every answer the same policy, each header once.
  const answers: [method: string, target: string, page: boolean][] = [
    ['GET', '/', true],
    ['GET', '/product/1', true],
    ['GET', '/nope', true],
    ['GET', '/api/products?limit=1', false],
    ['GET', '/api/nope', false],
    ['POST', '/api/products', false],
    ['GET', '/robots.txt', false],
    ['GET', '/sitemap.xml', false],
    ['GET', '/images/products/p.webp', false],
    ['GET', '/images/products/missing.webp', false],
    ['DELETE', '/product/1', false],
    ['GET', `/${'a'.repeat(3000)}`, false],
  ];

  it.each(answers)('%s %s', async (method, target, page) => {
    const inProcess = await request(target, { method });
    const server = await onSocket(t.app.fetch);
    try {
      const onWire = await rawRequest(server.port, method, target, { Host: 'shop.test' });
      expect(onWire.status).toBe(inProcess.status);
      const names = ['content-security-policy', 'permissions-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'strict-transport-security', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];
      for (const name of names) {
        expect(onWire.head.toLowerCase().split(`\r\n${name}:`).length - 1, `${target}: ${name} once`).toBe(1);
        if (name !== 'content-security-policy') expect(onWire.headers[name], `${target}: ${name}`).toBe(inProcess.headers.get(name));
      }
      const policy = onWire.headers['content-security-policy']!;
      if (page) expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
      else expect(policy).toBe(LOCKED_POLICY);
    } finally {
      await server.close();
    }
  });
});

describe('methods', () => {
  it.each([
    ['POST', '/api/products', 'GET, HEAD, OPTIONS'],
    ['PUT', '/api/products/1', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/api/products/1', 'GET, HEAD, OPTIONS'],
    ['PATCH', '/api/categories/silk-sarees', 'GET, HEAD, OPTIONS'],
    ['POST', '/api/health', 'GET, HEAD, OPTIONS'],
    ['POST', '/', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/product/1', 'GET, HEAD, OPTIONS'],
    ['PUT', '/images/products/p.webp', 'GET, HEAD, OPTIONS'],
    ['POST', '/robots.txt', 'GET, HEAD, OPTIONS'],
  ])('answers %s %s with 405 and Allow: %s', async (method, target, allow) => {
    const res = await request(target, { method, body: method === 'POST' ? '{}' : undefined });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe(allow);
    expect(await res.json()).toEqual({ code: 'method_not_allowed', message: 'Use GET or HEAD here.' });
  });

  it('answers OPTIONS with Allow and no body, and HEAD like GET without one', async () => {
    const options = await request('/api/products/1', { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
    const head = await request('/api/products/1', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('still answers an unknown API path with 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await request('/api/no-such-thing', { method });
      expect(res.status, method).toBe(404);
      expect(res.headers.get('Allow')).toBeNull();
    }
  });
});

describe('request bodies', () => {
  it('limits the body of a request that sends one, before reading it; a GET’s is never read, so never limited', async () => {
    const server = await onSocket(t.app.fetch);
    try {
      const declared = { Host: 'shop.test', 'Content-Type': 'application/json', 'Content-Length': String(MAX_JSON_BODY * 8) };
      const post = await rawRequest(server.port, 'POST', '/api/cart/items', declared);
      expect(post.status).toBe(413);
      expect(JSON.parse(post.body)).toEqual({ code: 'too_large', message: 'This request is too large.' });
      const get = await rawRequest(server.port, 'GET', '/api/products?limit=1', declared);
      expect(get.status).toBe(200);
      expect(JSON.parse(get.body).items).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('API answers say what they are and who may keep them', () => {
  it('JSON carries its charset', async () => {
    for (const target of ['/api/health', '/api/products?limit=1', '/api/products/999999', '/api/nope']) {
      expect((await request(target)).headers.get('Content-Type'), target).toBe('application/json; charset=utf-8');
    }
  });

  it('the catalog may be kept by any cache but is checked before each use; nothing else is kept', async () => {
    for (const target of ['/api/products?limit=1', '/api/products/1', '/api/products/search?q=silk', '/api/categories', '/api/collections/festive']) {
      expect((await request(target)).headers.get('Cache-Control'), target).toBe('public, no-cache');
    }
    for (const target of ['/api/health', '/api/products/999999', '/api/products?limit=0', '/api/nope']) {
      expect((await request(target)).headers.get('Cache-Control'), target).toBe('no-store');
    }
  });
});
