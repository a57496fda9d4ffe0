/**
 * Imports (spec §2, §9): products from the owner's preset folders, one at a time, and from a CSV
 * file, many at once. Both go through the form's contract with spec §9's defaults, and both know a
 * product by its import key, so importing the same folder or file again updates, never duplicates.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DETAILS_FILE, IMPORT_MESSAGES as M, type FolderImportResult, type ImportFolderList } from '../../../shared/admin-import.contract.ts';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import { runCsv } from './import-csv-rows.ts';
import { readCsv } from './import-csv.ts';
import { checkRow, stockChanges } from './import-fields.ts';
import { folderNames, nameOf, scanFolder } from './import-folders.ts';
import { importRoot, isFolderName } from './import-paths.ts';
import type { StockService } from '../stock/stock.service.ts';
import * as q from './import.queries.ts';
import type { Photos } from './photos.ts';
import type { ImportedProducts } from '../catalog/imported-products.ts';

export const folderKey = (name: string) => `folder:${name}`;

export interface ImportDeps {
  photos: Photos;
  importDir: string | undefined;
  stock: StockService;
  /** The catalog's writer for imported products (one import key, one product). */
  products: ImportedProducts;
}

export function createImportService(db: Db, deps: ImportDeps) {
  const { products } = deps;

  return {
    async folders(): Promise<ImportFolderList> {
      const importDir = deps.importDir ?? null;
      let root: string;
      try {
        root = await importRoot(deps.importDir);
      } catch (err) {
        if (err instanceof AppError) return { importDir, exists: false, message: err.message, folders: [] };
        throw err;
      }
      const groups = await q.groupMaps(db);
      const names = await folderNames(root);
      const unreadable = (name: string) => ({ name, photos: [], hasDetails: false, problems: [M.unreadableFolder], warnings: [] });
      const scans = (await Promise.all(names.map((n) => scanFolder(root, n, groups).catch(() => unreadable(n))))).filter((s) => s !== null);
      const made = await q.productIdsByKeys(db, scans.map((s) => folderKey(s.name)));
      return {
        importDir,
        exists: true,
        folders: scans.map((s) => ({
          name: s.name,
          photos: s.photos.length,
          hasDetails: s.hasDetails,
          productId: made.get(folderKey(s.name)) ?? null,
          problems: s.problems,
          warnings: s.warnings,
        })),
      };
    },

    async importFolder(name: string): Promise<FolderImportResult> {
      if (!isFolderName(name)) throw new AppError(400, 'bad_folder_name', M.badFolderName);
      const root = await importRoot(deps.importDir);
      const scan = await scanFolder(root, name, await q.groupMaps(db));
      if (!scan) throw new NotFoundError(M.folderNotFound);
      if (scan.problems.length) throw new AppError(422, 'cannot_import', scan.problems[0]!);
      const urls: string[] = [];
      for (const file of scan.photos) {
        try {
          urls.push(await deps.photos.store(await readFile(file)));
        } catch (err) {
          // The storage's refusal stays a 503 (try again); the photograph's own faults are the file's.
          if (err instanceof AppError) throw new AppError(err.status === 503 ? 503 : 422, err.code, `${path.basename(file)}: ${err.message}`);
          throw err;
        }
      }
      const checked = checkRow(scan.fields, [...new Set(urls)], await q.groupMaps(db), nameOf(scan));
      if (!checked.ok) throw new AppError(422, 'cannot_import', `${DETAILS_FILE}: ${checked.reason}`);
      const { productId, outcome, before } = await products.save(folderKey(name), checked.input, checked.sizes);
      return { outcome, productId, name: checked.input.name, photos: checked.input.images.length, warnings: scan.warnings, stock: stockChanges(before, checked.sizes) };
    },

    /** Reads the file (refusing one that cannot be read at all) and answers how to run its import. */
    csv(bytes: Uint8Array) {
      const file = readCsv(bytes);
      return { total: file.rows.length, run: (dryRun: boolean) => runCsv(db, file, { dryRun, photos: deps.photos, importDir: deps.importDir, products }) };
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
