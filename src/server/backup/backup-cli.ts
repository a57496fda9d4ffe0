/**
 * npm run backup [-- FILE]
 *
 * The embedded database and the owner's and shoppers' photographs in one file (backup.ts), by
 * default `backups/vastra-<date>-<time>.tar.gz` under the working folder. While the shop runs it
 * holds the database, so the command asks it to write the copy (over the owner's channel, as
 * `npm run admin` does); with no shop running, the command opens the folder itself.
 */
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { DataFolderInUse } from '../db/data-lock.ts';
import { ConfigError, loadConfig, type AppConfig } from '../env.ts';
import { folderStorageFor } from '../compose.ts';
import { askRunningShop, ownerSocketPath, type BackupWritten } from '../modules/admin/owner-channel.ts';
import { writeBackup } from './backup.ts';

const ON_POSTGRES =
  'The shop runs on PostgreSQL (DATABASE_URL): back it up with pg_dump or your provider\'s backups, and keep the bucket\'s versioning on (docs/deploy.md). npm run backup is for the embedded database.';
/** Long enough for a big shop's photographs; the shop answers as soon as the file is written. */
const WAIT_MS = 30 * 60_000;

const stamp = (d: Date) => d.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

function said(w: BackupWritten): number {
  console.log(`Backup written: ${w.file} (${(w.bytes / 1024 / 1024).toFixed(1)} MB: the database and ${w.photos} photographs).`);
  console.log(`Bring a stopped shop back from it with: npm run restore -- ${w.file}`);
  return 0;
}

async function onOwnDatabase(config: AppConfig, file: string): Promise<BackupWritten> {
  const database = await openDatabase(config);
  try {
    return await writeBackup(file, { dump: () => database.dump!(), storage: folderStorageFor(config) });
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(ON_POSTGRES);
    return 2;
  }
  const file = path.resolve(process.argv[2] ?? path.join('backups', `vastra-${stamp(new Date())}.tar.gz`));
  const answer = await askRunningShop(ownerSocketPath(config.dataDir), { action: 'backup', file }, WAIT_MS);
  if (answer?.ok && 'file' in answer) return said(answer);
  if (answer) throw new Error('the running shop could not write the backup; see its log');
  return said(await onOwnDatabase(config, file));
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof ConfigError || err instanceof DataFolderInUse;
    console.error(known ? (err as Error).message : `The backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
