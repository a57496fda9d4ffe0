/**
 * The owner's preset folders (spec §2): each folder directly under the import folder is a product,
 * its photographs (JPEG, PNG, WebP, in natural file-name order: 2 before 10) and an optional
 * details.json with any of spec §3's fields. A scan reads a folder without writing anything and
 * says what would stop its import (problems) and what the import would skip (warnings).
 */
import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { DETAILS_FILE, IMPORT_LIMITS, IMPORT_MESSAGES as M, PHOTO_EXTENSIONS, readableFolderName } from '../../../shared/admin-import.contract.ts';
import { PRODUCT_LIMITS } from '../../../shared/admin-product.contract.ts';
import { checkRow, FIELD_NAMES, snakeName, type FieldValues, type GroupMaps } from './import-fields.ts';
import { isInside, naturalOrder } from './import-paths.ts';
import { PHOTO_LIMITS } from './photos.ts';

export interface FolderScan {
  name: string;
  /** Real paths of the photographs, in order. */
  photos: string[];
  hasDetails: boolean;
  /** The details.json's fields, read and reshaped (not yet checked against the contract). */
  fields: FieldValues;
  problems: string[];
  warnings: string[];
}

/** The product name a folder gets when its details do not give one. */
export const nameOf = (scan: FolderScan) => readableFolderName(scan.name);

/** Direct children of root that may be product folders: visible directories, or links to one. */
export async function folderNames(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true });
  const names: string[] = [];
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    if (e.isDirectory() || (e.isSymbolicLink() && (await stat(path.join(root, e.name)).then((s) => s.isDirectory(), () => false)))) names.push(e.name);
  }
  return names.sort(naturalOrder);
}

function readDetails(text: string, scan: FolderScan) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    scan.problems.push(M.detailsNotJson((err as Error).message));
    return;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    scan.problems.push(M.detailsNotObject);
    return;
  }
  for (const [key, value] of Object.entries(parsed)) {
    const name = snakeName(key);
    if ((FIELD_NAMES as readonly string[]).includes(name)) scan.fields[name as keyof FieldValues] = value;
    else if (name === 'images' || name === 'thumbnail') {
      if (!scan.warnings.includes(M.detailsPhotosKey)) scan.warnings.push(M.detailsPhotosKey);
    } else scan.warnings.push(M.detailsUnknownKey(key.slice(0, 60)));
  }
}

/** Reads one folder (a direct child of root, by name); null when there is no such folder. */
export async function scanFolder(root: string, name: string, groups: GroupMaps): Promise<FolderScan | null> {
  const scan: FolderScan = { name, photos: [], hasDetails: false, fields: {}, problems: [], warnings: [] };
  const entry = path.join(root, name);
  if (!(await lstat(entry).catch(() => null))) return null;
  const dir = await realpath(entry).catch(() => null);
  if (!dir || !(await stat(dir)).isDirectory()) return null;
  // A link may lead to another folder of the import folder, never out of it.
  if (!isInside(root, dir)) return { ...scan, problems: [M.folderOutside] };

  const files = (await readdir(dir, { withFileTypes: true })).filter((f) => !f.name.startsWith('.') && (f.isFile() || f.isSymbolicLink()));
  for (const f of files.sort((a, b) => naturalOrder(a.name, b.name))) {
    const isPhoto = PHOTO_EXTENSIONS.some((ext) => f.name.toLowerCase().endsWith(ext));
    const isDetails = f.name.toLowerCase() === DETAILS_FILE;
    if (!isPhoto && !isDetails) continue;
    const real = await realpath(path.join(dir, f.name)).catch(() => null);
    if (!real || !isInside(root, real)) {
      scan.problems.push(M.photoOutside(f.name));
      continue;
    }
    const info = await stat(real);
    if (!info.isFile()) continue;
    if (isDetails) {
      scan.hasDetails = true;
      if (info.size > IMPORT_LIMITS.detailsBytes) scan.problems.push(M.detailsTooBig);
      else readDetails(await readFile(real, 'utf8'), scan);
    } else if (info.size > PHOTO_LIMITS.bytes) scan.problems.push(M.photoTooBig(f.name));
    else scan.photos.push(real);
  }
  if (scan.photos.length === 0 && scan.problems.length === 0) scan.problems.push(M.noPhotos);
  if (scan.photos.length > PRODUCT_LIMITS.images) scan.problems.push(M.tooManyPhotos(scan.photos.length));

  // The details are checked as the import will check them (photographs aside: they are not stored yet).
  if (!scan.problems.length) {
    const checked = checkRow(scan.fields, [], groups, nameOf(scan));
    if (!checked.ok) scan.problems.push(`${DETAILS_FILE}: ${checked.reason}`);
  }
  return scan;
}
