import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appMeta, products, productSearch } from '../schema/index.ts';
import { createTestApp, throwawayPostgres, type TestApp } from '../../test/test-app.ts';
import { migrate } from '../migrate.ts';
import { DEMO_SEED_KEY, seedDemoCatalogOnce } from './demo.ts';
import { demoProducts } from './demo-catalog.ts';
import { DEMO_ATTRIBUTE_OVERRIDES } from './demo-attributes.ts';
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

  // Issue 20: before the tests below delete and rewrite the catalog.
  describe('its filter attributes', () => {
    const attributeRows = () =>
      t.database.db
        .select({ name: products.name, fabric: products.fabric, colour: products.colour, colourName: products.colourName, occasions: products.occasions, weave: products.weave, origin: products.origin })
        .from(products);
    const distinct = (values: (string | null)[]) => new Set(values.filter((v) => v !== null));

    it('every product has a fabric, a colour, an occasion and a weave', async () => {
      const rows = await attributeRows();
      expect(rows).toHaveLength(demoProducts.length);
      for (const r of rows) {
        expect(r, r.name).toMatchObject({ fabric: expect.any(String), colour: expect.any(String), weave: expect.any(String) });
        expect(r.occasions.length, r.name).toBeGreaterThan(0);
      }
    });

    it('covers enough of each list for its filters to have something to show', async () => {
      const rows = await attributeRows();
      expect(distinct(rows.map((r) => r.fabric)).size).toBeGreaterThanOrEqual(5);
      expect(distinct(rows.map((r) => r.colour)).size).toBeGreaterThanOrEqual(8);
      expect(distinct(rows.flatMap((r) => r.occasions))).toEqual(new Set(['festive', 'wedding', 'party', 'daily', 'office']));
      expect(distinct(rows.map((r) => r.origin)).size).toBeGreaterThanOrEqual(6);
    });

    it('reads each product as its words say', async () => {
      const byName = new Map((await attributeRows()).map((r) => [r.name, r]));
      expect(byName.get('Maroon Kanjeevaram Silk Saree with Temple Border')).toMatchObject({ fabric: 'silk', colour: 'maroon', colourName: null, weave: 'zari', origin: 'kanjeevaram' });
      // The body's colour, not its border's.
      expect(byName.get('Peacock Blue Kanjeevaram Silk Saree with Rani Pink Border')).toMatchObject({ colour: 'blue', colourName: 'Peacock blue' });
      expect(byName.get('Off-White Lucknowi Chikankari Cotton Kurta')).toMatchObject({ fabric: 'cotton', colour: 'white', colourName: 'Off-white', weave: 'chikankari', origin: 'lucknow', occasions: ['daily'] });
      expect(byName.get('Powder Blue Chanderi Saree with Silver Zari Border')).toMatchObject({ fabric: 'silk-cotton', colour: 'blue', origin: 'chanderi', occasions: ['office'] });
      expect(byName.get('Black Sequinned Georgette Party Wear Saree')).toMatchObject({ fabric: 'georgette', colour: 'black', weave: 'sequins', origin: null, occasions: ['wedding', 'party'] });
      expect(byName.get('Red Banarasi Bridal Silk Saree with Kadhua Butis')).toMatchObject({ colour: 'red', colourName: 'Sindoor red', weave: 'brocade', origin: 'banarasi', occasions: ['wedding'] });
    });

    it('overrides only products that exist', () => {
      const keys = new Set(demoProducts.map((p) => p.key));
      for (const key of Object.keys(DEMO_ATTRIBUTE_OVERRIDES)) expect(keys, key).toContain(key);
    });
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

  it('gives each a fabric, colour, weave and one or two occasions, spread as a shop stocks them', async () => {
    const rows = await t.database.db
      .select({ fabric: products.fabric, colour: products.colour, occasions: products.occasions, weave: products.weave, origin: products.origin })
      .from(products)
      // The 250 the test above added: the newest.
      .orderBy(desc(products.id))
      .limit(250);
    expect(rows).toHaveLength(250);
    const share = (test: (r: (typeof rows)[number]) => boolean) => rows.filter(test).length / rows.length;
    for (const r of rows) {
      expect(r).toMatchObject({ fabric: expect.any(String), colour: expect.any(String), weave: expect.any(String) });
      expect(r.occasions.length).toBeGreaterThanOrEqual(1);
      expect(r.occasions.length).toBeLessThanOrEqual(2);
    }
    expect(share((r) => r.fabric === 'silk' || r.fabric === 'cotton')).toBeGreaterThan(0.5);
    expect(share((r) => r.fabric === 'velvet')).toBeLessThan(0.1);
    expect(share((r) => r.occasions.length === 2)).toBeGreaterThan(0.2);
    expect(share((r) => r.origin === null)).toBeGreaterThan(0.15);
    expect(share((r) => r.origin === null)).toBeLessThan(0.5);
  });
});
