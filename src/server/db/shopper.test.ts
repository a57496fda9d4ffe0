/**
 * Row-level security as the API runs it, on PGlite and on PostgreSQL: a shopper's transaction sees
 * and changes only that shopper's rows, even through a query with no user filter at all.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { profiles, users } from './schema/index.ts';
import { asShopper, SHOPPER_ROLE } from './shopper.ts';

let t: TestApp;
const meera = crypto.randomUUID();
const arjun = crypto.randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  for (const [id, first] of [
    [meera, 'Meera'],
    [arjun, 'Arjun'],
  ] as const) {
    const email = `${first.toLowerCase()}@example.com`;
    await db.insert(users).values({ id, name: first, email });
    await db.insert(profiles).values({ id, firstName: first, email });
  }
});
afterAll(() => t.close());

describe('a shopper transaction', () => {
  it('sees only the shopper’s own profile through a query with no filter', async () => {
    const seen = await asShopper(t.database.db, meera, (tx) => tx.select({ id: profiles.id, firstName: profiles.firstName }).from(profiles));
    expect(seen).toEqual([{ id: meera, firstName: 'Meera' }]);
  });

  it('cannot change another shopper’s profile, even by naming it', async () => {
    const changed = await asShopper(t.database.db, meera, (tx) =>
      tx.update(profiles).set({ firstName: 'Hacked' }).where(eq(profiles.id, arjun)).returning({ id: profiles.id }),
    );
    expect(changed).toEqual([]);
    const [row] = await t.database.db.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.id, arjun));
    expect(row!.firstName).toBe('Arjun');
  });

  it('cannot move its own row onto another shopper', async () => {
    await expect(
      asShopper(t.database.db, meera, (tx) => tx.update(profiles).set({ id: arjun }).where(eq(profiles.id, meera))),
    ).rejects.toThrow();
  });

  it('sees nothing when no shopper is set: the policies fail closed', async () => {
    const seen = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${SHOPPER_ROLE}, true)`);
      return tx.select().from(profiles);
    });
    expect(seen).toEqual([]);
  });

  it('cannot read the auth library’s tables at all', async () => {
    const failed = await asShopper(t.database.db, meera, (tx) => tx.select().from(users)).catch((e: Error) => e);
    // Drizzle wraps the database's error; the cause is PostgreSQL's own words.
    expect(String((failed as Error & { cause?: Error }).cause?.message)).toMatch(/permission denied/);
  });

  it('leaves the role and the user behind when it ends', async () => {
    await asShopper(t.database.db, meera, async () => undefined);
    const { rows } = (await t.database.db.execute(sql`select current_user as role, current_setting('app.user_id', true) as uid`)) as unknown as {
      rows: { role: string; uid: string | null }[];
    };
    expect(rows[0]!.role).not.toBe(SHOPPER_ROLE);
    expect(rows[0]!.uid ?? '').toBe('');
  });

  it('runs as a role row-level security always applies to', async () => {
    const { rows } = (await t.database.db.execute(
      sql`select rolsuper, rolbypassrls, rolcanlogin from pg_roles where rolname = ${SHOPPER_ROLE}`,
    )) as unknown as { rows: { rolsuper: boolean; rolbypassrls: boolean; rolcanlogin: boolean }[] };
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false, rolcanlogin: false }]);
    const owned = (await t.database.db.execute(
      sql`select count(*)::int as n from pg_tables where tableowner = ${SHOPPER_ROLE}`,
    )) as unknown as { rows: { n: number }[] };
    expect(owned.rows[0]!.n).toBe(0);
  });
});
