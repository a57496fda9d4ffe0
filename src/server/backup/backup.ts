/**
 * A shop on the embedded database in one file, and back (issue 52, docs/decisions/0052):
 * `npm run backup` writes the database (PGlite's own copy of its folder, taken between statements)
 * and the photographs kept in the local folders into one .tar.gz, with a manifest of every member's
 * size and SHA-256; `npm run restore FILE` checks all of it, and that the database opens, before it
 * moves anything, and puts the shop's folders it replaces aside instead of deleting them.
 *
 * On PostgreSQL the shop's data is PostgreSQL's to keep (pg_dump, the provider's backups) and the
 * bucket's (its versioning): these commands refuse and say so.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import type { Storage } from '../storage/storage.ts';

export const BACKUP_FORMAT = 1;
const MANIFEST = 'vastra-backup.json';
const DATABASE = 'pgdata.tar.gz';
/** The kinds of file a backup keeps, as the storage names them, and the folder each goes in. */
export const KEPT_FILES = ['products', 'return-photos'] as const;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  app: 'vastra';
  createdAt: string;
  members: { name: string; bytes: number; sha256: string }[];
}

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Writes the backup to `file` (through `.partial`, then renamed: a file by that name is always whole). */
export async function writeBackup(file: string, shop: { dump(): Promise<Buffer>; storage: Storage }, now = new Date()): Promise<{ file: string; bytes: number; photos: number }> {
  const out = path.resolve(file);
  await fs.mkdir(path.dirname(out), { recursive: true });
  const stage = await fs.mkdtemp(path.join(path.dirname(out), '.vastra-backup-'));
  try {
    const members: BackupManifest['members'] = [];
    const keep = async (name: string, bytes: Uint8Array) => {
      await fs.mkdir(path.dirname(path.join(stage, name)), { recursive: true });
      await fs.writeFile(path.join(stage, name), bytes);
      members.push({ name, bytes: bytes.byteLength, sha256: sha256(bytes) });
    };
    await keep(DATABASE, await shop.dump());
    // The photographs are written once and their rows after them, so every one the database names is here.
    // In a bucket they are the bucket's to keep (its versioning).
    if (shop.storage.kind === 'folder') {
      for (const kind of KEPT_FILES) {
        for (const key of await shop.storage.list(`${kind}/`)) {
          // The demo's pictures are drawn again at every start: only the owner's uploads are kept.
          if (kind === 'products' && !key.startsWith('products/u-')) continue;
          const bytes = await shop.storage.get(key);
          if (bytes) await keep(`files/${key}`, bytes);
        }
      }
    }
    const manifest: BackupManifest = { format: BACKUP_FORMAT, app: 'vastra', createdAt: now.toISOString(), members };
    await fs.writeFile(path.join(stage, MANIFEST), JSON.stringify(manifest, null, 2));
    const partial = `${out}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: stage, portable: true }, [MANIFEST, ...members.map((m) => m.name)]);
    await fs.chmod(partial, 0o600);
    await fs.rename(partial, out);
    return { file: out, bytes: (await fs.stat(out)).size, photos: members.length - 1 };
  } finally {
    await fs.rm(stage, { recursive: true, force: true });
  }
}

/** A backup file that cannot be trusted: nothing has been changed. */
export class DamagedBackup extends Error {
  constructor(why: string) {
    super(`The backup file cannot be used (${why}). Nothing was changed.`);
    this.name = 'DamagedBackup';
  }
}

/** Unpacks `file` into `into` and checks every member against the manifest; answers the manifest. */
export async function unpackBackup(file: string, into: string): Promise<BackupManifest> {
  try {
    // node-tar keeps members inside `into` (no absolute paths, no `..`) and refuses links out of it.
    await tar.extract({ file, cwd: into, strict: true });
  } catch (err) {
    throw new DamagedBackup(`it is not a whole .tar.gz: ${(err as Error).message}`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(into, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new DamagedBackup(`${MANIFEST} is missing or unreadable`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.app !== 'vastra' || !Array.isArray(manifest.members)) throw new DamagedBackup('it is not a Vastra backup of a format this shop reads');
  if (!manifest.members.some((m) => m.name === DATABASE)) throw new DamagedBackup(`${DATABASE} is not in it`);
  for (const m of manifest.members) {
    const bytes = await fs.readFile(path.join(into, m.name)).catch(() => null);
    if (!bytes || bytes.byteLength !== m.bytes || sha256(bytes) !== m.sha256) throw new DamagedBackup(`${m.name} is not as it was written`);
  }
  return manifest;
}

export const databaseIn = (unpacked: string) => path.join(unpacked, DATABASE);
export const filesIn = (unpacked: string, kind: (typeof KEPT_FILES)[number]) => path.join(unpacked, 'files', kind);
