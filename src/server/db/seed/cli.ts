/**
 * npm run seed -- --products N   adds N synthetic products (for benchmarks) to the configured database.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';
import { loadConfig } from '../../env.ts';
import { seedDemoCatalogOnce } from './demo.ts';
import { seedSyntheticProducts } from './synthetic.ts';

const { values } = parseArgs({ options: { products: { type: 'string', default: '0' } } });
const count = Number(values.products);
if (!Number.isInteger(count) || count < 0 || count > 10_000_000) {
  console.error('--products takes a whole number from 0 to 10000000');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrate(database);
  // Synthetic products borrow the demo catalog's categories, collections and pictures.
  await seedDemoCatalogOnce(database.db);
  const started = Date.now();
  await seedSyntheticProducts(database.db, count);
  console.log(`Added ${count} synthetic products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
