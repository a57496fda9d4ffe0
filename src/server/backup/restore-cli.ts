/**
 * npm run restore -- FILE
 *
 * Brings a stopped shop on the embedded database back from a backup (restore.ts): refused while a
 * shop runs on the folder, and refused, with nothing changed, for a file that is not whole.
 */
import path from 'node:path';
import { DataFolderInUse } from '../db/data-lock.ts';
import { ConfigError, loadConfig } from '../env.ts';
import { DamagedBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';

const USAGE = 'Usage: npm run restore -- FILE   (a file npm run backup wrote; stop the shop first)';

async function main(): Promise<number> {
  const [file] = process.argv.slice(2);
  if (!file) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('The shop runs on PostgreSQL (DATABASE_URL): restore it with pg_restore or your provider\'s tools. npm run restore is for the embedded database.');
    return 2;
  }
  const restored = await restoreBackup(path.resolve(file), { dataDir: config.dataDir, productsDir: path.join(config.imagesDir, 'products'), returnPhotosDir: config.returnPhotosDir });
  console.log(`Restored from ${path.resolve(file)}: ${restored.orders} orders and ${restored.photos} photographs.${restored.aside ? ` The folders it replaced are in ${restored.aside}.` : ''}`);
  console.log('Start the shop with: npm start');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof ConfigError || err instanceof DamagedBackup || err instanceof DataFolderInUse;
    console.error(known ? err.message : `The restore failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
