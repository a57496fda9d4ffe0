/**
 * The storage in local folders (the default, one machine): each kind of file in its own folder,
 * where the shop has always kept it, so a shop that upgrades finds its photographs where they were.
 * Written under a temporary name and renamed into place: a reader never sees half a file.
 */
import { access, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomic } from '../write-atomic.ts';
import { checkedKey, StorageConnectError, type Storage } from './storage.ts';

/** The folder of each kind of file (the part of a name before its `/`). */
export type FolderRoots = Record<string, string>;

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function folderStorage(roots: FolderRoots): Storage {
  const fileOf = (key: string) => {
    const [kind, name] = checkedKey(key).split('/') as [string, string];
    const root = roots[kind];
    if (!root) throw new Error(`No folder for ${kind} files`);
    return path.join(root, name);
  };
  const has = (key: string) =>
    access(fileOf(key)).then(
      () => true,
      () => false,
    );
  return {
    kind: 'folder',
    async put(key, bytes) {
      const file = fileOf(key);
      if (await has(key)) return;
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomic(file, (tmp) => writeFile(tmp, bytes));
    },
    get: (key) => readFile(fileOf(key)).catch((err: unknown) => (isMissing(err) ? null : Promise.reject(err))),
    has,
    remove: (key) => rm(fileOf(key), { force: true }),
    async list(prefix) {
      const kind = prefix.replace(/\/$/, '');
      const root = roots[kind];
      if (!root) return [];
      const names = await readdir(root).catch((err: unknown) => (isMissing(err) ? [] : Promise.reject(err)));
      // A write under way has a temporary name (write-atomic.ts): not an object yet.
      return names.filter((n) => !n.endsWith('.tmp')).map((n) => `${kind}/${n}`).sort();
    },
    async check() {
      for (const [kind, root] of Object.entries(roots)) {
        try {
          await mkdir(root, { recursive: true });
        } catch (err) {
          throw new StorageConnectError(`The folder for ${kind} files (${root}) cannot be made: ${(err as Error).message}`);
        }
      }
    },
  };
}
