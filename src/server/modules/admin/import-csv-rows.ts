/**
 * A CSV import, row by row and batch by batch (docs/decisions/0013-product-import.md):
 * - each row is checked by the form's contract, its groups against the groups that exist and its
 *   photographs against the import folder, before anything is written; a row that fails is refused
 *   with the first failing field's message and never reaches the database;
 * - a row's product is named by its import key (`csv:<handle>`, else `csv:<name>` lower-cased): the
 *   same key again in one file is refused as a duplicate; in a later import it updates that product;
 * - the good rows of each batch of 200 are compared with what earlier imports wrote (unchanged rows
 *   are left alone) and written in one transaction with their links; should a batch fail anyway, its
 *   rows are written one transaction each, so one bad row never takes the others with it;
 * - a row's sizes (size_list and sizes, or stock for one size) replace the product's sizes, each
 *   count set through the stock module with the import's key in the ledger; the report says which
 *   counts changed;
 * - a dry run does all of it but the writes.
 * It yields a progress line per batch and the report last.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { IMPORT_LIMITS, IMPORT_MESSAGES as M, LIST_SEPARATOR, type CsvLine, type CsvRowResult, type RowOutcome, type StockChange } from '../../../shared/admin-import.contract.ts';
import type { ProductInput } from '../../../shared/admin-product.contract.ts';
import { charCount, tidy } from '../../../shared/text-rules.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { CsvFile, CsvRow } from './import-csv.ts';
import { checkRow, stockChanges, type FieldValues } from './import-fields.ts';
import { importRoot, photoInImportDir } from './import-paths.ts';
import type { ImportedProducts } from '../catalog/imported-products.ts';
import * as q from './import.queries.ts';
import { NOT_A_PHOTO, PHOTO_LIMITS, PHOTO_TOO_BIG, type Photos } from './photos.ts';
import { productColumns } from '../catalog/products-admin.service.ts';

export interface CsvRunOptions {
  dryRun: boolean;
  photos: Photos;
  importDir: string | undefined;
  /** The catalog's writes (catalog/imported-products.ts). */
  products: ImportedProducts;
}

interface Ready {
  line: number;
  key: string;
  name: string;
  input: ProductInput;
  /** Its sizes with their counts, in its list's order (or the one size). */
  sizes: { size: string; stock: number }[];
}

type Written = Ready & { outcome: 'created' | 'updated'; productId?: number; linksChanged: boolean; stock: StockChange[] };

const short = (s: string, max = 150) => (charCount(s) > max ? `${[...s].slice(0, max).join('')}…` : s);
const refused = (row: number, reason: string, column?: string, name?: string): CsvRowResult => ({
  row,
  outcome: 'refused',
  ...(name && { name }),
  ...(column && { column }),
  reason,
});

/** Photographs of the rows, each path read (and stored) once per import. */
function photoStore(opts: CsvRunOptions) {
  const done = new Map<string, Promise<string>>();
  async function one(rel: string): Promise<string> {
    const real = await photoInImportDir(await importRoot(opts.importDir), rel);
    try {
      if ((await stat(real)).size > PHOTO_LIMITS.bytes) throw new AppError(413, 'photo_too_big', PHOTO_TOO_BIG);
      const bytes = await readFile(real);
      if (!opts.dryRun) return await opts.photos.store(bytes);
      // A dry run writes nothing, photographs included: the type is read from the bytes, and the
      // name is the one storePhoto would give them (a hash of the content), so a photograph
      // imported before counts as no change.
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !['image/jpeg', 'image/png', 'image/webp'].includes(type.mime)) throw new AppError(422, 'not_a_photo', NOT_A_PHOTO);
      return `/images/products/u-${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}.webp`;
    } catch (err) {
      throw err instanceof AppError ? new AppError(err.status, err.code, `${rel}: ${err.message}`) : err;
    }
  }
  return (rel: string) => {
    const key = rel.trim().replace(/\\/g, '/');
    if (!done.has(key)) done.set(key, one(key));
    return done.get(key)!;
  };
}

function sameProduct(old: q.ImportedRow, r: Ready): { same: boolean; linksSame: boolean } {
  const c = productColumns(r.input);
  const sorted = (o: Record<string, string>) => JSON.stringify(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  const slugs = (list: string[]) => JSON.stringify([...list].sort());
  const linksSame = slugs(old.categories) === slugs(r.input.categories) && slugs(old.collections) === slugs(r.input.collections);
  const same =
    linksSame &&
    JSON.stringify(old.sizes) === JSON.stringify(r.sizes) &&
    old.sizeListId === c.sizeListId &&
    sorted(old.details as unknown as Record<string, string>) === sorted(c.details as unknown as Record<string, string>) &&
    (['name', 'price', 'offerPrice', 'description', 'fullDescription', 'manufactureAndCare', 'returnPolicy', 'featured', 'thumbnail'] as const).every((k) => old[k] === c[k]) &&
    // The tax and the attributes too: a row that changes only its fabric (or its HSN code) is an update.
    (['hsnCode', 'taxRule', 'taxRateBp', 'fabric', 'colour', 'colourName', 'weave', 'origin'] as const).every((k) => old[k] === c[k]) &&
    // Both in the list's order (the contract sorts them), so the lists compare as they are.
    JSON.stringify(old.occasions) === JSON.stringify(c.occasions) &&
    sorted(old.keyHighlights) === sorted(c.keyHighlights) &&
    JSON.stringify(old.images) === JSON.stringify(c.images) &&
    (['standardDelivery', 'expressDelivery', 'pincodeDelivery'] as const).every((k) => old.deliveryInfo[k] === c.deliveryInfo[k]);
  return { same, linksSame };
}

export async function* runCsv(db: Db, file: CsvFile, opts: CsvRunOptions): AsyncGenerator<CsvLine> {
  const started = performance.now();
  const total = file.rows.length;
  const groups = await q.groupMaps(db);
  const photo = photoStore(opts);
  const firstLineOf = new Map<string, number>();
  const results: CsvRowResult[] = [];

  async function prepare(row: CsvRow): Promise<Ready | CsvRowResult> {
    const c = row.cells;
    const name = short(tidy(c.name ?? ''));
    if (row.problem) return refused(row.line, row.problem);
    const handle = tidy(c.handle ?? '');
    if (charCount(handle) > IMPORT_LIMITS.handle) return refused(row.line, M.handleTooLong, 'handle', name);
    const byName = tidy(c.name ?? '').toLowerCase();
    const key = handle ? `csv:${handle.toLowerCase()}` : byName ? `csv:${byName}` : null;
    if (key !== null) {
      const first = firstLineOf.get(key);
      if (first !== undefined) return refused(row.line, M.duplicateRow(first), handle ? 'handle' : 'name', name);
      firstLineOf.set(key, row.line);
    }
    const fields = c as FieldValues;
    const paths = (c.images ?? '').split(LIST_SEPARATOR).map((p) => p.trim()).filter(Boolean);
    // The cheap checks first: a row refused for its price never opens a photograph.
    const checked = checkRow(fields, [], groups);
    if (!checked.ok) return refused(row.line, checked.reason, checked.column, name);
    let images: string[];
    try {
      images = [...new Set(await Promise.all(paths.map(photo)))];
    } catch (err) {
      if (err instanceof AppError) return refused(row.line, err.message, 'images', name);
      throw err;
    }
    const final = images.length ? checkRow(fields, images, groups) : checked;
    if (!final.ok) return refused(row.line, final.reason, final.column, name);
    return { line: row.line, key: key!, name: final.input.name, input: final.input, sizes: final.sizes };
  }

  yield { type: 'progress', done: 0, total };
  for (let start = 0; start < total; start += IMPORT_LIMITS.batch) {
    const ready: Ready[] = [];
    const chunkResults: CsvRowResult[] = [];
    for (const row of file.rows.slice(start, start + IMPORT_LIMITS.batch)) {
      const r = await prepare(row);
      if ('outcome' in r) chunkResults.push(r);
      else ready.push(r);
    }
    const existing = await q.importedByKeys(db, ready.map((r) => r.key));
    const written: Written[] = [];
    for (const r of ready) {
      const old = existing.get(r.key);
      if (!old) written.push({ ...r, outcome: 'created', linksChanged: true, stock: stockChanges([], r.sizes) });
      else {
        const { same, linksSame } = sameProduct(old, r);
        if (same) chunkResults.push({ row: r.line, outcome: 'unchanged', name: r.name, productId: old.id });
        else written.push({ ...r, outcome: 'updated', productId: old.id, linksChanged: !linksSame, stock: stockChanges(old.sizes, r.sizes) });
      }
    }
    const failed = new Set<Written>();
    if (!opts.dryRun && written.length) {
      try {
        await opts.products.writeBatch(written, groups);
      } catch (err) {
        console.error('CSV import: a batch failed, writing its rows one by one:', err);
        for (const w of written) {
          await opts.products.writeBatch([w], groups).catch((e) => {
            console.error(`CSV import: row ${w.line} failed:`, e);
            failed.add(w);
          });
        }
      }
    }
    for (const w of written) {
      chunkResults.push(
        failed.has(w)
          ? refused(w.line, M.notSaved, undefined, w.name)
          : { row: w.line, outcome: w.outcome, name: w.name, ...(w.productId !== undefined && { productId: w.productId }), ...(w.stock.length > 0 && { stock: w.stock }) },
      );
    }
    results.push(...chunkResults.sort((a, b) => a.row - b.row));
    yield { type: 'progress', done: Math.min(total, start + IMPORT_LIMITS.batch), total };
    // A turn of the event loop between batches: the progress line leaves, and other requests get
    // their turn (PGlite answers without ever leaving the microtask queue).
    await new Promise((resolve) => setImmediate(resolve));
  }

  const counts: Record<RowOutcome, number> = { created: 0, updated: 0, unchanged: 0, refused: 0 };
  for (const r of results) counts[r.outcome]++;
  const stockChanged = results.filter((r) => r.stock).length;
  yield { type: 'report', dryRun: opts.dryRun, total, counts, stockChanged, unknownColumns: file.unknownColumns, rows: results, seconds: Math.round((performance.now() - started) / 100) / 10 };
}
