/**
 * The seams every per-user route of the next stages stands on, on a small app with the real
 * middleware and error handler: JSON-only, same-origin mutations, and 422 with every field's message.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handleError } from './errors.ts';
import { sameOriginJson } from './mutations.ts';
import { valid } from './validate.ts';

const thing = z.object({
  name: z.string().min(2, 'Name must be at least 2 characters.'),
  phone: z.string().regex(/^\d{10}$/, 'Phone must be 10 digits.'),
  pincode: z.string({ error: 'Pincode must be 6 digits.' }).regex(/^\d{6}$/, 'Pincode must be 6 digits.'),
});

function appWith(publicUrl?: string) {
  const app = new Hono();
  app.onError(handleError);
  app.use(sameOriginJson(publicUrl, (c) => c.req.path === '/things'));
  app.post('/things', valid('json', thing), (c) => c.json({ saved: c.req.valid('json') }, 201));
  app.delete('/things', (c) => c.body(null, 204));
  return app;
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json', ...headers },
});
const good = { name: 'Meera', phone: '9876543210', pincode: '600001' };

describe('requests that change things', () => {
  it('take JSON from the shop’s own pages', async () => {
    const app = appWith();
    expect((await app.request('http://shop.test/things', json(good))).status).toBe(201);
    expect((await app.request('http://shop.test/things', json(good, { Origin: 'http://shop.test', 'Sec-Fetch-Site': 'same-origin' }))).status).toBe(201);
    expect((await app.request('http://shop.test/things', { method: 'DELETE' })).status).toBe(204);
  });

  it.each([
    ['another site’s page', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }],
    ['a sibling subdomain', { Origin: 'http://evil.shop.test', 'Sec-Fetch-Site': 'same-site' }],
    ['an Origin alone', { Origin: 'http://shop.test.evil.example' }],
    ['a null Origin (sandboxed frame)', { Origin: 'null' }],
  ])('refuses %s with 403', async (_who, headers) => {
    const res = await appWith().request('http://shop.test/things', json(good, headers));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'cross_site', message: 'This request must come from the shop’s own pages.' });
  });

  it('checks the Origin against PUBLIC_URL when it is set, not the Host', async () => {
    const app = appWith('https://vastra.example');
    expect((await app.request('http://internal:3000/things', json(good, { Origin: 'https://vastra.example' }))).status).toBe(201);
    expect((await app.request('http://internal:3000/things', json(good, { Origin: 'http://internal:3000' }))).status).toBe(403);
  });

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', 'application/jsonp', 'application/json-patch+json'])(
    'refuses a body sent as %s with 415',
    async (type) => {
      const res = await appWith().request('http://shop.test/things', { method: 'POST', body: JSON.stringify(good), headers: { 'Content-Type': type } });
      expect(res.status).toBe(415);
      expect((await res.json()).code).toBe('unsupported_media_type');
    },
  );

  it('answers a body that breaks the contract with 422 and every field’s message', async () => {
    const res = await appWith().request('http://shop.test/things', json({ name: 'M', phone: '12345' }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'invalid',
      // Spec §5: the messages joined by commas, without trailing periods.
      message: 'Name must be at least 2 characters, Phone must be 10 digits, Pincode must be 6 digits',
      fields: { name: 'Name must be at least 2 characters.', phone: 'Phone must be 10 digits.', pincode: 'Pincode must be 6 digits.' },
    });
  });

  it('answers malformed JSON and a body that is no object with a clear 4xx, never a 500', async () => {
    const broken = await appWith().request('http://shop.test/things', { method: 'POST', body: '{"name":', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(400);
    const list = await appWith().request('http://shop.test/things', json([1, 2]));
    expect(list.status).toBe(422);
    expect((await list.json()).fields).toHaveProperty('_form');
  });
});
