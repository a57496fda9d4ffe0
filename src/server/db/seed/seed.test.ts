import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appMeta, products, productSearch } from '../schema/index.ts';
import { createTestApp, throwawayPostgres, type TestApp } from '../../test/test-app.ts';
import { migrate } from '../migrate.ts';
import { DEMO_SEED_KEY, seedDemoCatalogOnce } from './demo.ts';
import { demoProducts } from './demo-catalog.ts';
import { seedSyntheticProducts } from './synthetic.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const productCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;

describe('the demo catalog', () => {
  it('has at least 60 products, each with 2 to 5 pictures', async () => {
    expect(await productCount()).toBe(demoProducts.length);
    expect(demoProducts.length).toBeGreaterThanOrEqual(60);
    const rows = await t.database.db.select({ images: products.images, thumbnail: products.thumbnail }).from(products);
    for (const r of rows) {
      expect(r.images.length).toBeGreaterThanOrEqual(2);
      expect(r.images.length).toBeLessThanOrEqual(5);
      expect(r.thumbnail).toBe(r.images[0]);
    }
  });

  it('is written once per database: a second run, even concurrent ones, change nothing', async () => {
    const results = await Promise.all([seedDemoCatalogOnce(t.database.db), seedDemoCatalogOnce(t.database.db)]);
    expect(results).toEqual([false, false]);
    expect(await productCount()).toBe(demoProducts.length);
  });

  it('does not come back after the owner deletes every product', async () => {
    await t.database.db.delete(products);
    expect(await seedDemoCatalogOnce(t.database.db)).toBe(false);
    expect(await productCount()).toBe(0);
  });

  it('of two servers seeding an unseeded database together, exactly one writes it', async () => {
    await t.database.db.execute(sql`truncate products, categories, collections cascade`);
    await t.database.db.delete(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY));
    const results = await Promise.all([seedDemoCatalogOnce(t.database.db), seedDemoCatalogOnce(t.database.db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await productCount()).toBe(demoProducts.length);
  });

  it.runIf(inject('dbKind') === 'postgres')('two servers migrating an empty database together both start', async () => {
    // Each migrate() takes its own connection for the lock, as two app servers would.
    const empty = await throwawayPostgres('empty', 2);
    try {
      await Promise.all([migrate(empty.database), migrate(empty.database)]);
      const [row] = await empty.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
      expect(row!.n).toBe(0);
    } finally {
      await empty.drop();
    }
  });

  it('re-running migrations on a migrated database is a no-op', async () => {
    await expect(Promise.all([migrate(t.database), migrate(t.database)])).resolves.toBeDefined();
  });
});

describe('synthetic products for benchmarks', () => {
  it('adds N searchable products with borrowed pictures and links', async () => {
    const before = await productCount();
    await seedSyntheticProducts(t.database.db, 250, { batch: 100 });
    expect(await productCount()).toBe(before + 250);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(productSearch, eq(productSearch.productId, products.id))
      .where(sql`${productSearch.text} like '%collection%' and cardinality(${products.images}) >= 2`);
    expect(row!.n).toBeGreaterThan(200);
  });
});
