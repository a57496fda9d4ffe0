/**
 * Writes a file under a temporary name and renames it into place: a reader (or a retry after a
 * crash) never sees half a file under the real name. The temporary name is unique per call, so two
 * writers of the same file (two uploads of one photograph) never share one.
 */
import crypto from 'node:crypto';
import { rename, rm } from 'node:fs/promises';

export async function writeAtomic(file: string, write: (tmp: string) => Promise<unknown>): Promise<void> {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    await write(tmp);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
