/**
 * Guessing is bounded (ASVS 2.2.1): at most 100 failed logins an hour per account and 300 per IP,
 * counted in the database so the limit holds across app servers (on PostgreSQL, two of them here),
 * answered with 429, Retry-After and a clear message, and the right password does not get around it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../db/client.ts';
import { PASSWORD, post, send, signedUp } from '../../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { LIMITS } from '../limits/limits.rules.ts';

let t: TestApp;
let second: Database | undefined;
/** Two app servers over one database where the database allows it (PostgreSQL), else one. */
let servers: Pick<TestApp, 'app'>[];

beforeAll(async () => {
  // One proxy in front: the client address is X-Forwarded-For's last entry.
  t = await createTestApp({ trustProxyHops: 1 });
  second = t.databaseUrl ? await openPostgres(t.databaseUrl, 2) : undefined;
  servers = second ? [t, { app: t.another(second.db) }] : [t];
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

const login = (n: number, body: unknown, ip: string) =>
  send(servers[n % servers.length]!, 'POST', '/api/accounts/login', body, undefined, { 'X-Forwarded-For': `10.0.0.1, ${ip}` });

it('stops an account after 100 failed logins an hour, on every app server, even guessed in parallel', async () => {
  const s = await signedUp(t, 'Target');
  const max = LIMITS.loginFailPerAccount.max;
  // A right password in between takes nothing off the count and adds nothing to it.
  expect((await login(0, { email: s.email, password: PASSWORD }, '198.51.100.1')).status).toBe(200);
  // 110 guesses, 10 at a time, from many addresses (so only the account's own limit is reached):
  // exactly 100 are tried, the rest refused, however they interleave across the two servers.
  const statuses: number[] = [];
  for (let batch = 0; batch < 11; batch++) {
    const tries = Array.from({ length: 10 }, (_, i) => batch * 10 + i);
    const answers = await Promise.all(tries.map((n) => login(n, { email: s.email, password: `Guess@${n}x` }, `203.0.113.${n % 200}`)));
    statuses.push(...answers.map((r) => r.status));
  }
  expect(statuses.filter((x) => x === 401)).toHaveLength(max);
  expect(statuses.filter((x) => x === 429)).toHaveLength(10);
  for (const n of [0, 1]) {
    const res = await login(n, { email: s.email, password: PASSWORD }, '198.51.100.7');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await res.json()).message).toMatch(/^Too many failed login attempts\. Please try again in \d+ minutes\.$/);
  }
  // Another shopper is not locked out by it.
  const other = await signedUp(t, 'Bystander');
  expect((await post(t, '/api/accounts/login', { email: other.email, password: PASSWORD })).status).toBe(200);
}, 120_000); // 100 real scrypt checks

it('stops an address after 300 failed logins an hour, and only that address', async () => {
  const max = LIMITS.loginFailPerIp.max;
  for (let n = 0; n < max; n++) {
    const res = await login(n, { email: `nobody${n}@example.com`, password: PASSWORD }, '192.0.2.50');
    expect(res.status, `attempt ${n + 1}`).toBe(401);
  }
  expect((await login(0, { email: 'nobody@example.com', password: PASSWORD }, '192.0.2.50')).status).toBe(429);
  expect((await login(1, { email: 'nobody@example.com', password: PASSWORD }, '192.0.2.51')).status).toBe(401);
});
