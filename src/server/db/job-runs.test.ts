/**
 * Timed jobs run once across app servers (issue 52), on PGlite and PostgreSQL: a pass is claimed
 * by one caller in its interval, however many servers try at once, and claimed again once the
 * interval has passed (a server that died mid-pass leaves the next to another).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { openPostgres, type Database } from './client.ts';
import { claimRun } from './job-runs.ts';
import { jobRuns } from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a timed job', () => {
  it('is claimed once in its interval, and again after it', async () => {
    const db = t.database.db;
    expect(await claimRun(db, 'test-pass', 60)).toBe(true);
    expect(await claimRun(db, 'test-pass', 60)).toBe(false);
    expect(await claimRun(db, 'another-pass', 60)).toBe(true);
    // The server that ran it died a minute ago: the next claim is another's.
    await db.update(jobRuns).set({ lastRunAt: sql`now() - interval '61 seconds'` }).where(eq(jobRuns.name, 'test-pass'));
    expect(await claimRun(db, 'test-pass', 60)).toBe(true);
    expect(await claimRun(db, 'test-pass', 60)).toBe(false);
  });

  it('is claimed by one of twenty tries at once over two app servers’ connections', async () => {
    const other: Database | null = t.database.kind === 'postgres' ? await openPostgres(t.databaseUrl!, 4) : null;
    try {
      const servers = [t.database.db, (other ?? t.database).db];
      for (const name of ['new-pass', 'new-pass']) {
        await t.database.db.update(jobRuns).set({ lastRunAt: sql`now() - interval '1 hour'` }).where(eq(jobRuns.name, name));
        const claimed = await Promise.all(Array.from({ length: 20 }, (_, i) => claimRun(servers[i % 2]!, name, 60)));
        expect(claimed.filter(Boolean)).toHaveLength(1);
      }
    } finally {
      await other?.close();
    }
  });
});
