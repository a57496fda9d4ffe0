/**
 * `npm run restore FILE` (issue 52): a stopped shop on the embedded database brought back from a
 * backup (backup.ts). Everything is checked before anything moves: the file unpacks whole, every
 * member matches the manifest, and the database in it opens and answers. Then, holding the data
 * folder's lock (a running shop holds it: refused, naming it), the folders it replaces are moved
 * aside to `DATA_DIR/before-restore-<time>/`, never deleted, and the restored ones moved in.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../db/client.ts';
import { lockDataFolder } from '../db/data-lock.ts';
import { databaseIn, DamagedBackup, filesIn, unpackBackup } from './backup.ts';

export interface RestoreTarget {
  dataDir: string;
  /** Where the owner's photographs live (IMAGES_DIR/products). */
  productsDir: string;
  returnPhotosDir: string;
}

/** The restored database opens and answers; answers how many orders it holds. */
async function openedAndCounted(unpacked: string, pgdata: string): Promise<number> {
  let db: PGlite | undefined;
  try {
    db = await PGlite.create({ dataDir: pgdata, extensions: pgliteExtensions, loadDataDir: new Blob([await fs.readFile(databaseIn(unpacked))]) });
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from orders');
    return rows[0]!.n;
  } catch (err) {
    throw new DamagedBackup(`its database does not open: ${(err as Error).message}`);
  } finally {
    await db?.close().catch(() => {});
  }
}

/** Moves `from` to `to` if it is there (a shop without return photographs has no folder for them); whether it moved. */
async function moveIfThere(from: string, to: string): Promise<boolean> {
  if (!(await fs.stat(from).then(() => true, () => false))) return false;
  await fs.mkdir(path.dirname(to), { recursive: true });
  await fs.rename(from, to);
  return true;
}

export async function restoreBackup(file: string, target: RestoreTarget, now = new Date()): Promise<{ orders: number; photos: number; aside: string | null }> {
  await fs.mkdir(target.dataDir, { recursive: true });
  // Unpacked beside the data, on the same disk: the restored folders are then moved in, not copied.
  const unpacked = await fs.mkdtemp(path.join(target.dataDir, '.restore-'));
  try {
    const manifest = await unpackBackup(file, unpacked);
    const restoredDb = path.join(unpacked, 'pgdata');
    const orders = await openedAndCounted(unpacked, restoredDb);
    const pgdata = path.join(target.dataDir, 'pgdata');
    const lock = lockDataFolder(pgdata, { what: 'npm run restore' });
    try {
      const aside = path.join(target.dataDir, `before-restore-${now.toISOString().replace(/[:.]/g, '-')}`);
      const moved = [
        await moveIfThere(pgdata, path.join(aside, 'pgdata')),
        await moveIfThere(target.productsDir, path.join(aside, 'products')),
        await moveIfThere(target.returnPhotosDir, path.join(aside, 'return-photos')),
      ];
      await fs.rename(restoredDb, pgdata);
      await moveIfThere(filesIn(unpacked, 'products'), target.productsDir);
      await moveIfThere(filesIn(unpacked, 'return-photos'), target.returnPhotosDir);
      return { orders, photos: manifest.members.length - 1, aside: moved.some(Boolean) ? aside : null };
    } finally {
      lock.release();
    }
  } finally {
    await fs.rm(unpacked, { recursive: true, force: true });
  }
}
