/**
 * Fills the throwaway database the way a real store would be: migrations, the demo catalog, then
 * synthetic products up to N in all, then VACUUM ANALYZE: ANALYZE so the planner sees the real
 * sizes, VACUUM because seeding rewrites each product's search row (the link triggers refresh
 * product_search) and leaves the trigram index's pending list full; without it PostgreSQL's
 * autovacuum would start in the middle of some scenario and PGlite (no autovacuum) would measure a
 * bloated table. A store that has settled after an import looks like this.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../src/server/db/client.ts';
import { ensurePinDirectory } from '../src/server/modules/delivery/pin-directory.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seedDemoCatalogOnce } from '../src/server/db/seed/demo.ts';
import { seedSyntheticProducts } from '../src/server/db/seed/synthetic.ts';
import { createStockService } from '../src/server/modules/stock/stock.service.ts';
import { MAX_STOCK } from '../src/shared/stock.ts';
import { pieceToReview, REVIEWED_COUNT, REVIEWED_PHOTOS, seedReviews } from './seed-reviews.ts';

export interface SeedReport {
  total: number;
  demo: number;
  synthetic: number;
  seedSeconds: number;
  vacuumAnalyzeSeconds: number;
}

/** Rows of a raw query; PGlite and node-postgres both answer with `{ rows }`. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function productCount(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from products`);
  return row?.n ?? 0;
}

export async function seedCatalog(database: Database, total: number, log: (line: string) => void): Promise<SeedReport> {
  const { db } = database;
  await migrate(database);
  await ensurePinDirectory(db);
  const started = performance.now();
  await seedDemoCatalogOnce(db);
  const demo = await productCount(db);
  const synthetic = Math.max(0, total - demo);
  log(`Seeding ${synthetic.toLocaleString('en-US')} synthetic products after ${demo} demo products...`);
  await seedSyntheticProducts(db, synthetic);
  // Stocked deep (through the stock module, ledger and all), so that fifty shoppers buying for the
  // whole run never sell a piece out: every order made still takes its pieces (issue 16).
  await createStockService(db).restockAll(MAX_STOCK, 'benchmark');
  // Issue 51: one product as reviewed as a popular piece is, for the product-with-reviews rows.
  await seedReviews(db, await pieceToReview(db), REVIEWED_COUNT, REVIEWED_PHOTOS);
  const seedSeconds = (performance.now() - started) / 1000;
  const analyzeStarted = performance.now();
  await db.execute(sql`vacuum analyze`);
  const vacuumAnalyzeSeconds = (performance.now() - analyzeStarted) / 1000;
  return { total: await productCount(db), demo, synthetic, seedSeconds, vacuumAnalyzeSeconds };
}
