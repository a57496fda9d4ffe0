/**
 * Hostile and broken input on every accounts endpoint: a clear 4xx, never a 500, nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { newShopper, post, send } from '../../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MUTATIONS = [
  ['POST', '/api/accounts/signup'],
  ['POST', '/api/accounts/login'],
  ['POST', '/api/accounts/password-reset'],
  ['POST', '/api/accounts/password-reset/confirm'],
  ['PUT', '/api/profile'],
  ['POST', '/api/accounts/logout'],
  ['POST', '/api/accounts/verification-mail'],
] as const;

const raw = (method: string, url: string, body: string, headers: Record<string, string>) =>
  Promise.resolve(t.app.request(url, { method, body, headers }));

describe.each(MUTATIONS)('%s %s', (method, url) => {
  it('takes JSON only: a form post is 415', async () => {
    const res = await raw(method, url, 'email=a%40b.c&password=x', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
  });

  it('refuses another site’s page: 403', async () => {
    const res = await raw(method, url, '{}', { 'Content-Type': 'application/json', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(res.status).toBe(403);
  });

  it('refuses a 1 MB body with 413 before reading it whole', async () => {
    const res = await raw(method, url, JSON.stringify({ email: 'a'.repeat(1024 * 1024) }), { 'Content-Type': 'application/json' });
    expect(res.status).toBe(413);
  });

  it('answers broken JSON, an array and a string with a 4xx (never a 500)', async () => {
    // Logout and the verification mail read no body: whatever JSON comes, they answer as without one.
    const readsBody = !url.endsWith('/logout') && !url.endsWith('/verification-mail');
    for (const body of ['{"email":', '[]', '"x"', 'null']) {
      const res = await raw(method, url, body, { 'Content-Type': 'application/json' });
      if (readsBody) expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
    }
  });
});

describe('sign-up with hostile fields', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['an over-long name', { firstName: 'A'.repeat(51) }, 'firstName'],
    ['a name of emoji', { firstName: '🙂🙂' }, 'firstName'],
    ['markup in a name', { lastName: '<script>alert(1)</script>' }, 'lastName'],
    ['an over-long email', { email: `${'a'.repeat(250)}@example.com` }, 'email'],
    ['an email with a line break', { email: 'a@example.com\r\nBcc: x@evil.example' }, 'email'],
    ['a phone with letters', { phone: '98765abcde' }, 'phone'],
    ['a landline-looking phone', { phone: '0441234567' }, 'phone'],
    ['an unknown gender', { gender: 'other' }, 'gender'],
    ['a password of 10,000 characters', { password: `Aa1@${'x'.repeat(10_000)}` }, 'password'],
    ['a password without a symbol', { password: 'Saree20266' }, 'password'],
    ['numbers for strings', { firstName: 12345 }, 'firstName'],
  ];
  it.each(cases)('refuses %s with 422 on that field, and writes nothing', async (_what, change, field) => {
    const before = await t.database.db.$count(users);
    const res = await post(t, '/api/accounts/signup', newShopper('Meera', change));
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).fields)).toEqual([field]);
    expect(await t.database.db.$count(users)).toBe(before);
  });
});

it('a reset with a made-up or over-long token is refused plainly', async () => {
  for (const token of ['made-up', 'x'.repeat(5000), '../../etc/passwd', '']) {
    const res = await post(t, '/api/accounts/password-reset/confirm', { token, password: 'Silk@2027x', confirmPassword: 'Silk@2027x' });
    expect([400, 422], token.slice(0, 20)).toContain(res.status);
  }
});

it('a reset whose token carries a NUL, another control character or a Unicode look-alike is refused with the link’s words (a NUL answered 500)', async () => {
  for (const token of ['abc\u0000def', '\u0000', 'tok\u0001en', 'tok\u007fen', 'tok\u202een', 'tоken', 'tok en', 'tok%00en']) {
    const res = await post(t, '/api/accounts/password-reset/confirm', { token, password: 'Silk@2027x', confirmPassword: 'Silk@2027x' });
    expect(res.status, JSON.stringify(token)).toBe(422);
    expect((await res.json()).fields).toEqual({ token: 'This reset link is incomplete. Please open the link from your email again.' });
  }
});

it('login, sign-up and the reset request with a NUL in the email or a name answer 4xx, never 500', async () => {
  const nul = 'asha\u0000@example.com';
  for (const [path, body] of [
    ['/api/accounts/login', { email: nul, password: 'Silk@2027x' }],
    ['/api/accounts/password-reset', { email: nul }],
    ['/api/accounts/signup', newShopper('Asha', { email: nul })],
    ['/api/accounts/signup', newShopper('A\u0000sha')],
  ] as const) {
    const res = await post(t, path, body);
    expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  }
});

it('a verification link with a crafted token redirects, never 500', async () => {
  for (const token of ['', 'a.b.c', '%00', '\u0000', 'x'.repeat(3000), '<script>']) {
    const res = await send(t, 'GET', `/api/accounts/verify-email?token=${encodeURIComponent(token)}`);
    expect([303, 400, 414], token.slice(0, 20)).toContain(res.status); // 414: the target is over 2,048
  }
});
