/**
 * npm run seed -- --products N   adds N synthetic products (for benchmarks) to the configured database.
 * On the embedded database it needs the folder to itself: with the shop running, it is refused
 * with the holder named (db/data-lock.ts).
 */
import { parseArgs } from 'node:util';
import { DatabaseConnectError, openDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';
import { ConfigError, loadConfig } from '../../env.ts';
import { seedDemoCatalogOnce } from './demo.ts';
import { seedSyntheticProducts } from './synthetic.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { products: { type: 'string', default: '0' } } });
  const count = Number(values.products);
  if (!Number.isInteger(count) || count < 0 || count > 10_000_000) {
    console.error('--products takes a whole number from 0 to 10000000');
    return 2;
  }
  const database = await openDatabase(loadConfig());
  try {
    await migrate(database);
    // Synthetic products borrow the demo catalog's categories, collections and pictures.
    await seedDemoCatalogOnce(database.db);
    const started = Date.now();
    await seedSyntheticProducts(database.db, count);
    console.log(`Added ${count} synthetic products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError || err instanceof DatabaseConnectError ? err.message : `The seed command failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
