/**
 * Row-level security as the API runs it, on PGlite and on PostgreSQL: a shopper's transaction sees
 * and changes only that shopper's rows, even through a query with no user filter at all.
 */
import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { addresses, cartItems, productLikes, products, profiles, users } from './schema/index.ts';
import { asShopper, SHOPPER_ROLE, type ShopperTx } from './shopper.ts';

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

/**
 * The likes, cart and address book (migration 0008): the same policies, proved with queries that
 * forget their filter, name the other shopper's rows, or try to write rows in the other's name.
 */
describe('a shopper transaction on the likes, the cart and the address book', () => {
  let productIds: number[];
  const address = (userId: string, name: string) => ({
    userId,
    name,
    phone: '9876543210',
    house: '1',
    street: 'Cathedral Road',
    city: 'Chennai',
    state: 'Tamil Nadu' as const,
    pincode: '600086',
  });

  beforeAll(async () => {
    const db = t.database.db;
    productIds = (await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(4)).map((r) => r.id);
    const [p1, p2, p3] = productIds as [number, number, number];
    await db.insert(productLikes).values([
      { userId: meera, productId: p1 },
      { userId: meera, productId: p2 },
      { userId: arjun, productId: p3 },
    ]);
    await db.insert(cartItems).values([
      { userId: meera, productId: p1, quantity: 2 },
      { userId: arjun, productId: p1, quantity: 3 },
      { userId: arjun, productId: p2, quantity: 4 },
    ]);
    await db.insert(addresses).values([address(meera, 'Meera Iyer'), address(arjun, 'Arjun Rao'), address(arjun, 'Arjun Office')]);
  });

  const as = <T>(userId: string, work: (tx: ShopperTx) => Promise<T>) => asShopper(t.database.db, userId, work);
  const arjunsAddress = async () =>
    (await t.database.db.select().from(addresses).where(eq(addresses.userId, arjun)).orderBy(asc(addresses.name)))[0]!;
  const countOf = (table: typeof productLikes | typeof cartItems | typeof addresses, userId: string) =>
    t.database.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.userId, userId));

  it('sees only the shopper’s own rows through queries with no filter', async () => {
    const [p1, p2, p3] = productIds;
    const seen = await as(meera, async (tx) => ({
      likes: await tx
        .select({ userId: productLikes.userId, productId: productLikes.productId })
        .from(productLikes)
        .orderBy(asc(productLikes.productId)),
      cart: await tx.select({ userId: cartItems.userId, productId: cartItems.productId, quantity: cartItems.quantity }).from(cartItems),
      book: await tx.select({ userId: addresses.userId, name: addresses.name }).from(addresses),
      // Plain SQL too: the policies are the database's, not the query builder's.
      counted: await tx.execute(
        sql`select (select count(*)::int from product_likes) as likes, (select count(*)::int from cart_items) as cart,
          (select count(*)::int from addresses) as book`,
      ),
    }));
    expect(seen.likes).toEqual([
      { userId: meera, productId: p1 },
      { userId: meera, productId: p2 },
    ]);
    expect(seen.cart).toEqual([{ userId: meera, productId: p1, quantity: 2 }]);
    expect(seen.book).toEqual([{ userId: meera, name: 'Meera Iyer' }]);
    expect((seen.counted as unknown as { rows: unknown[] }).rows).toEqual([{ likes: 2, cart: 1, book: 1 }]);
    const arjuns = await as(arjun, async (tx) => ({
      likes: await tx.select({ productId: productLikes.productId }).from(productLikes),
      cart: await tx.select({ productId: cartItems.productId }).from(cartItems).orderBy(asc(cartItems.productId)),
      book: await tx.select({ name: addresses.name }).from(addresses).orderBy(asc(addresses.name)),
    }));
    expect(arjuns).toEqual({
      likes: [{ productId: p3 }],
      cart: [{ productId: p1 }, { productId: p2 }],
      book: [{ name: 'Arjun Office' }, { name: 'Arjun Rao' }],
    });
  });

  it('changes nothing of another shopper’s by naming their rows', async () => {
    const target = await arjunsAddress();
    const changed = await as(meera, async (tx) => ({
      cart: await tx
        .update(cartItems)
        .set({ quantity: 9, selected: false })
        .where(eq(cartItems.userId, arjun))
        .returning({ id: cartItems.id }),
      everyLine: await tx.update(cartItems).set({ quantity: 7 }).returning({ userId: cartItems.userId }),
      book: await tx.update(addresses).set({ name: 'Hacked' }).where(eq(addresses.id, target.id)).returning({ id: addresses.id }),
      likesGone: await tx.delete(productLikes).where(eq(productLikes.userId, arjun)).returning({ id: productLikes.id }),
      cartGone: await tx
        .delete(cartItems)
        .where(and(eq(cartItems.userId, arjun), eq(cartItems.productId, productIds[1]!)))
        .returning({ id: cartItems.id }),
      linesGone: await tx.delete(cartItems).where(eq(cartItems.userId, arjun)).returning({ id: cartItems.id }),
      bookGone: await tx.delete(addresses).where(eq(addresses.id, target.id)).returning({ id: addresses.id }),
    }));
    expect(changed).toEqual({ cart: [], everyLine: [{ userId: meera }], book: [], likesGone: [], cartGone: [], linesGone: [], bookGone: [] });

    const db = t.database.db;
    expect(await countOf(productLikes, arjun)).toEqual([{ n: 1 }]);
    const lines = await db
      .select({ quantity: cartItems.quantity, selected: cartItems.selected })
      .from(cartItems)
      .where(eq(cartItems.userId, arjun))
      .orderBy(asc(cartItems.productId));
    expect(lines).toEqual([
      { quantity: 3, selected: true },
      { quantity: 4, selected: true },
    ]);
    expect(await arjunsAddress()).toEqual(target);
    // Meera's own line took the unfiltered update: put it back.
    await db.update(cartItems).set({ quantity: 2 }).where(eq(cartItems.userId, meera));
  });

  it('cannot write a row in another shopper’s name, nor move its own onto them', async () => {
    const [p1, , p3] = productIds as [number, number, number];
    // Inserts fail the policies' check; the owner column is not even granted for update.
    const attempts: [(tx: ShopperTx) => Promise<unknown>, RegExp][] = [
      [(tx) => tx.insert(productLikes).values({ userId: arjun, productId: p1 }), /row-level security/],
      [(tx) => tx.insert(cartItems).values({ userId: arjun, productId: p3 }), /row-level security/],
      [(tx) => tx.insert(addresses).values(address(arjun, 'Planted')), /row-level security/],
      [(tx) => tx.update(cartItems).set({ userId: arjun }).where(eq(cartItems.userId, meera)), /permission denied/],
      [(tx) => tx.update(addresses).set({ userId: arjun }).where(eq(addresses.userId, meera)), /permission denied/],
    ];
    for (const [attempt, why] of attempts) {
      const failed = await as(meera, attempt).then(
        () => undefined,
        (e: Error & { cause?: Error }) => e,
      );
      expect(String(failed?.cause?.message)).toMatch(why);
    }
    const db = t.database.db;
    expect(await countOf(productLikes, arjun)).toEqual([{ n: 1 }]);
    expect(await countOf(cartItems, arjun)).toEqual([{ n: 2 }]);
    expect(await countOf(addresses, arjun)).toEqual([{ n: 2 }]);
    expect(await countOf(cartItems, meera)).toEqual([{ n: 1 }]);
    expect(await countOf(addresses, meera)).toEqual([{ n: 1 }]);
    expect(await db.select({ id: addresses.id }).from(addresses).where(eq(addresses.name, 'Planted'))).toEqual([]);
  });

  it('writes the shopper’s own rows', async () => {
    const [, , p3] = productIds as [number, number, number];
    const own = await as(meera, async (tx) => ({
      like: await tx.insert(productLikes).values({ userId: meera, productId: p3 }).returning({ userId: productLikes.userId }),
      line: await tx.insert(cartItems).values({ userId: meera, productId: p3 }).returning({ quantity: cartItems.quantity }),
      address: await tx.insert(addresses).values(address(meera, 'Meera Home')).returning({ country: addresses.country }),
    }));
    expect(own).toEqual({ like: [{ userId: meera }], line: [{ quantity: 1 }], address: [{ country: 'India' }] });
  });

  it('sees and changes nothing when no shopper is set: the policies fail closed', async () => {
    const seen = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${SHOPPER_ROLE}, true)`);
      return {
        likes: await tx.select().from(productLikes),
        cart: await tx.select().from(cartItems),
        book: await tx.select().from(addresses),
        changed: await tx.update(cartItems).set({ quantity: 5 }).returning({ id: cartItems.id }),
        deleted: await tx.delete(addresses).returning({ id: addresses.id }),
      };
    });
    expect(seen).toEqual({ likes: [], cart: [], book: [], changed: [], deleted: [] });
    // An empty app.user_id (a pooled connection's reset setting) is no shopper either: no row may be written.
    for (const write of [
      (tx: ShopperTx) => tx.insert(productLikes).values({ userId: meera, productId: productIds[3]! }),
      (tx: ShopperTx) => tx.insert(cartItems).values({ userId: meera, productId: productIds[3]! }),
      (tx: ShopperTx) => tx.insert(addresses).values(address(meera, 'Nobody')),
    ]) {
      const failed = await t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select set_config('role', ${SHOPPER_ROLE}, true), set_config('app.user_id', '', true)`);
          await write(tx);
        })
        .then(
          () => undefined,
          (e: Error & { cause?: Error }) => e,
        );
      expect(String(failed?.cause?.message)).toMatch(/row-level security/);
    }
  });
});
