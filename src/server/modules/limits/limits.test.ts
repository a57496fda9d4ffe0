/**
 * Rate limits in the database, on PGlite and PostgreSQL: exact under concurrency (two app servers
 * on one PostgreSQL), per subject, and over when the window is.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../db/client.ts';
import { requestLimits } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { purgeOlderThan } from './limits.queries.ts';
import { createRateLimiter, type LimitRule } from './limits.service.ts';

const FIVE_A_MINUTE: LimitRule = { name: 'test-hit', max: 5, windowSeconds: 60 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.db.delete(requestLimits));

describe('rate limits', () => {
  it('allow up to the rule’s max in a window, then refuse with the wait', async () => {
    const limiter = createRateLimiter(t.database.db);
    const verdicts = [];
    for (let i = 0; i < 7; i++) verdicts.push(await limiter.hit(FIVE_A_MINUTE, 'meera@example.com'));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, true, true, false, false]);
    expect(verdicts[6]!.retryAfter).toBeGreaterThan(55);
    expect(verdicts[6]!.retryAfter).toBeLessThanOrEqual(60);
    expect((await limiter.check(FIVE_A_MINUTE, 'meera@example.com')).allowed).toBe(false);
  });

  it('count each subject apart, whatever the case of an address', async () => {
    const limiter = createRateLimiter(t.database.db);
    for (let i = 0; i < 5; i++) await limiter.hit(FIVE_A_MINUTE, 'Meera@Example.com');
    expect((await limiter.hit(FIVE_A_MINUTE, 'meera@example.com')).allowed).toBe(false);
    expect((await limiter.hit(FIVE_A_MINUTE, 'arjun@example.com')).allowed).toBe(true);
    expect((await limiter.hit({ ...FIVE_A_MINUTE, name: 'other-rule' }, 'meera@example.com')).allowed).toBe(true);
  });

  it('start again when the window is over', async () => {
    const limiter = createRateLimiter(t.database.db);
    for (let i = 0; i < 6; i++) await limiter.hit(FIVE_A_MINUTE, '203.0.113.7');
    await t.database.db.update(requestLimits).set({ windowStart: sql`now() - interval '61 seconds'` });
    expect(await limiter.check(FIVE_A_MINUTE, '203.0.113.7')).toEqual({ allowed: true, retryAfter: 0 });
    expect((await limiter.hit(FIVE_A_MINUTE, '203.0.113.7')).allowed).toBe(true);
    const [row] = await t.database.db.select().from(requestLimits);
    expect(row!.count).toBe(1);
  });

  it('check() never counts', async () => {
    const limiter = createRateLimiter(t.database.db);
    for (let i = 0; i < 20; i++) expect((await limiter.check(FIVE_A_MINUTE, 'x')).allowed).toBe(true);
    expect(await t.database.db.select().from(requestLimits)).toEqual([]);
  });

  it('hold exactly across two app servers hitting at once', async () => {
    // On PostgreSQL the second limiter has a pool of its own, as another app server would.
    const other: Database | null = t.database.kind === 'postgres' ? await openPostgres(t.database.url!, 4) : null;
    const a = createRateLimiter(t.database.db);
    const b = createRateLimiter((other ?? t.database).db);
    const rule: LimitRule = { name: 'race', max: 20, windowSeconds: 60 };
    const verdicts = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).hit(rule, 'meera@example.com')));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(20);
    const [row] = await t.database.db.select().from(requestLimits);
    expect(row!.count).toBe(50);
    await other?.close();
  });

  it('forget old windows, so the table holds recent subjects only', async () => {
    const limiter = createRateLimiter(t.database.db);
    await limiter.hit(FIVE_A_MINUTE, 'old');
    await limiter.hit(FIVE_A_MINUTE, 'new');
    await t.database.db.update(requestLimits).set({ windowStart: sql`now() - interval '2 days'` }).where(sql`key like '%:old'`);
    expect(await purgeOlderThan(t.database.db, 24 * 3600)).toBe(1);
    expect((await t.database.db.select({ key: requestLimits.key }).from(requestLimits)).map((r) => r.key)).toEqual(['test-hit:new']);
  });
});
