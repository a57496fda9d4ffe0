/**
 * Paths under the import folder. Folder names and photograph paths come from the owner's files and
 * requests, so they are untrusted: a name is one plain path segment, and every path is checked
 * after symlinks are followed (realpath), so neither `..` nor a link can reach outside the folder.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_MESSAGES } from '../../../shared/admin-import.contract.ts';
import { AppError } from '../../http/errors.ts';

/** The import folder's real path, or a refusal that says where to make it. */
export async function importRoot(importDir: string | undefined): Promise<string> {
  if (!importDir) throw new AppError(404, 'no_import_dir', IMPORT_MESSAGES.notConfigured);
  const missing = new AppError(404, 'no_import_dir', IMPORT_MESSAGES.noImportDir(importDir));
  const real = await realpath(importDir).catch(() => {
    throw missing;
  });
  if (!(await stat(real)).isDirectory()) throw missing;
  return real;
}

/** Whether a real path lies inside the real root (the root itself excluded). */
export const isInside = (root: string, real: string) => real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/** A folder's name: one visible path segment (hidden folders, `.` and `..` are not folders to import). */
export function isFolderName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.length > 0 && name.length <= 255 && !name.startsWith('.') && !/[/\\\u0000-\u001f]/.test(name);
}

/** The real path of a name inside root, or null when it does not exist or leads outside. */
export async function realInside(root: string, relative: string): Promise<string | null> {
  const real = await realpath(path.join(root, relative)).catch(() => null);
  return real !== null && isInside(root, real) ? real : null;
}

/**
 * A photograph named in a CSV row: a relative path inside the import folder (`red-saree/1.jpg`;
 * a Windows `red-saree\1.jpg` is read the same). Answers its real path, or throws the row's reason.
 */
export async function photoInImportDir(root: string, given: string): Promise<string> {
  const rel = given.trim().replace(/\\/g, '/');
  const segments = rel.split('/');
  // eslint-disable-next-line no-control-regex
  if (!rel || path.isAbsolute(rel) || /^[a-z]:/i.test(rel) || /[\u0000-\u001f]/.test(rel) || segments.some((s) => s === '..' || s === '.' || s === '')) {
    throw new AppError(422, 'invalid', IMPORT_MESSAGES.photoPath);
  }
  const real = await realInside(root, rel);
  if (!real || !(await stat(real)).isFile()) throw new AppError(422, 'invalid', IMPORT_MESSAGES.photoMissing(rel));
  return real;
}

/** Natural order: 2.jpg before 10.jpg, case aside. */
export const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;
