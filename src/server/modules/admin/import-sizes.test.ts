/**
 * Sizes, stock and garment details by import (issue 16) through the real API on PGlite and
 * PostgreSQL: a CSV row's size_list and sizes (or a one-size stock) replace the product's sizes,
 * each count set through the stock module with the import's key in the ledger; the report says
 * which counts changed (a dry run too, writing nothing); a size list the shop has not, sizes without
 * a list, a size outside its list or a bad count refuse the row and write nothing; a folder's
 * details.json does the same. The count equals the ledger after each test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES as M, TEMPLATE_COLUMNS, type FolderImportResult } from '../../../shared/admin-import.contract.ts';
import type { ProductDetail } from '../../../shared/catalog.ts';
import { products, stockMovements } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { csvReport } from '../../test/import-kit.ts';
import { lapsedAndBalanced, stockTestShop } from '../../test/orders-kit.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  ({ t, owner } = await stockTestShop());
});
afterAll(() => t.close());
afterEach(async () => expect(await lapsedAndBalanced(t)).toEqual([]));

/** A CSV of the given columns, one row per object (cells quoted). */
const csv = (rows: Record<string, string>[]) => {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  return [columns.join(','), ...rows.map((r) => columns.map((c) => quote(r[c] ?? '')).join(','))].join('\n');
};
const imported = (body: string, dryRun = false) => csvReport(t, owner.cookie, body, dryRun);
const productPage = async (id: number) => (await (await t.get(`/api/products/${id}`)).json()) as ProductDetail;
const idOf = async (handle: string) => (await t.database.db.select({ id: products.id }).from(products).where(eq(products.importKey, `csv:${handle}`)))[0]?.id;
const ledgerOf = async (id: number) =>
  ((await t.database.db.execute(sql`
    select s.size, m.change, m.reason, m.note from stock_movements m join product_sizes s on s.id = m.product_size_id
    where s.product_id = ${id} order by m.id`)) as unknown as { rows: { size: string; change: number; reason: string; note: string }[] }).rows;

describe('a CSV row in sizes', () => {
  it('gives a kurta its list, sizes and counts with its details; the report and the ledger say what changed', async () => {
    const { report, row } = await imported(
      csv([{ handle: 'chanderi-kurta', name: 'Chanderi Kurta', price: '1499', size_list: 'kurtas AND suits', sizes: 'M:0 | S:4 | L:2 pieces', fit: 'Straight', length: 'knee' }]),
    );
    expect(row(2)).toMatchObject({ outcome: 'created', stock: [{ size: 'S', from: 0, to: 4 }, { size: 'L', from: 0, to: 2 }] });
    expect(report.stockChanged).toBe(1);
    const id = (await idOf('chanderi-kurta'))!;
    const page = await productPage(id);
    expect(page.sized).toBe(true);
    // In the list's order, whatever the row's: S, M, L; M sold out.
    expect(page.sizes).toEqual([
      { size: 'S', soldOut: false, left: null, held: null },
      { size: 'M', soldOut: true, left: null, held: null },
      { size: 'L', soldOut: false, left: 2, held: null },
    ]);
    expect(page.details).toMatchObject({ fit: 'Straight', length: 'Knee length' });
    expect(await ledgerOf(id)).toEqual([
      { size: 'S', change: 4, reason: 'imported', note: 'csv:chanderi-kurta' },
      { size: 'L', change: 2, reason: 'imported', note: 'csv:chanderi-kurta' },
    ]);

    // Again, the same: unchanged, no ledger row. Then new counts and a size dropped: the report says so.
    expect((await imported(csv([{ handle: 'chanderi-kurta', name: 'Chanderi Kurta', price: '1499', size_list: 'Kurtas and suits', sizes: 'S:4|M:0|L:2', fit: 'Straight', length: 'Knee length' }]))).row(2)).toMatchObject({ outcome: 'unchanged' });
    expect(await ledgerOf(id)).toHaveLength(2);
    const dry = await imported(csv([{ handle: 'chanderi-kurta', name: 'Chanderi Kurta', price: '1499', size_list: 'Kurtas and suits', sizes: 'S:1|M:3', fit: 'Straight', length: 'Knee length' }]), true);
    expect(dry.row(2)).toMatchObject({ outcome: 'updated', stock: [{ size: 'S', from: 4, to: 1 }, { size: 'M', from: 0, to: 3 }, { size: 'L', from: 2, to: 0 }] });
    expect(await ledgerOf(id)).toHaveLength(2);
    const wet = await imported(csv([{ handle: 'chanderi-kurta', name: 'Chanderi Kurta', price: '1499', size_list: 'Kurtas and suits', sizes: 'S:1|M:3', fit: 'Straight', length: 'Knee length' }]));
    expect(wet.row(2)).toMatchObject({ outcome: 'updated', stock: dry.row(2)!.stock });
    expect((await productPage(id)).sizes.map((s) => s.size)).toEqual(['S', 'M']);
  });

  it('a saree in one size with its saree details; a row without sizes makes a sized piece one size again', async () => {
    const { row } = await imported(
      csv([{ handle: 'kanjivaram-red', name: 'Red Kanjivaram Silk Saree', price: '₹18,999', stock: '1', saree_length_m: '5.5 m', blouse_piece: 'Included', blouse_length_m: '0.8', fall_pico: 'yes' }]),
    );
    expect(row(2)).toMatchObject({ outcome: 'created', stock: [{ size: 'One size', from: 0, to: 1 }] });
    const id = (await idOf('kanjivaram-red'))!;
    expect((await productPage(id)).details).toEqual({ sareeLengthM: 5.5, blousePiece: 'included', blouseLengthM: 0.8, fallPico: true, fit: null, length: null });

    await imported(csv([{ handle: 'suit-later-one-size', name: 'Cotton Suit Set', size_list: 'Kurtas and suits', sizes: 'M:2' }]));
    const suit = (await idOf('suit-later-one-size'))!;
    const again = await imported(csv([{ handle: 'suit-later-one-size', name: 'Cotton Suit Set', stock: '5' }]));
    expect(again.row(2)).toMatchObject({ outcome: 'updated', stock: [{ size: 'One size', from: 0, to: 5 }, { size: 'M', from: 2, to: 0 }] });
    expect(await productPage(suit)).toMatchObject({ sized: false, sizes: [{ size: 'One size', soldOut: false }] });
  });

  it('refuses a row whose sizes do not fit, with its column and reason, and writes nothing of it', async () => {
    const movementsBefore = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(stockMovements))[0]!.n;
    const { report, row } = await imported(
      csv([
        { handle: 'bad-list', name: 'Bad List Kurta', size_list: 'Sherwanis', sizes: 'M:2' },
        { handle: 'no-list', name: 'No List Kurta', sizes: 'M:2' },
        { handle: 'stray-size', name: 'Stray Size Kurta', size_list: 'Kurtas and suits', sizes: 'M:2|4XL:1' },
        { handle: 'bad-count', name: 'Bad Count Kurta', size_list: 'Kurtas and suits', sizes: 'M:-2' },
        { handle: 'no-count', name: 'No Count Kurta', size_list: 'Kurtas and suits', sizes: 'M' },
        { handle: 'twice', name: 'Twice Kurta', size_list: 'Kurtas and suits', sizes: 'M:1|M:2' },
        { handle: 'hostile', name: 'Hostile Kurta', size_list: 'Kurtas and suits', sizes: "M<script>:1|'; drop table products; --:2" },
        { handle: 'bad-length', name: 'Bad Length Saree', stock: '2', saree_length_m: '55' },
        { handle: 'bad-blouse', name: 'Bad Blouse Saree', stock: '2', blouse_piece: 'maybe' },
      ]),
    );
    expect(report.counts).toMatchObject({ created: 0, refused: 9 });
    expect(report.stockChanged).toBe(0);
    expect(row(2)).toMatchObject({ column: 'size_list', reason: M.noSizeList('Sherwanis', ['Kurtas and suits', 'Lehengas', 'Blouses', 'Free size']) });
    expect(row(3)).toMatchObject({ column: 'sizes', reason: M.sizesNeedList });
    expect(row(4)).toMatchObject({ column: 'sizes', reason: 'Size 4XL is not in the list Kurtas and suits.' });
    for (const n of [5, 6, 7, 8]) expect(row(n), `row ${n}`).toMatchObject({ outcome: 'refused', column: 'sizes' });
    expect(row(9)).toMatchObject({ outcome: 'refused', column: 'details' });
    expect(row(10)).toMatchObject({ outcome: 'refused', column: 'details' });
    for (const handle of ['bad-list', 'no-list', 'stray-size', 'hostile', 'bad-length']) expect(await idOf(handle), handle).toBeUndefined();
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(stockMovements))[0]!.n).toBe(movementsBefore);
  });

  it('the template the screen offers imports as it says', async () => {
    expect(TEMPLATE_COLUMNS).toEqual(expect.arrayContaining(['size_list', 'sizes', 'saree_length_m', 'blouse_piece', 'fall_pico', 'fit', 'length']));
    const { CSV_TEMPLATE } = await import('../../../shared/admin-import.contract.ts');
    const { row } = await imported(CSV_TEMPLATE.replace(/red-banarasi\/1\.jpg\|red-banarasi\/2\.jpg/, ''), true);
    expect(row(2)).toMatchObject({ outcome: 'created', stock: [{ size: 'One size', from: 0, to: 1 }] });
    expect(row(3)).toMatchObject({ outcome: 'created', stock: [{ size: 'S', from: 0, to: 4 }, { size: 'M', from: 0, to: 6 }, { size: 'L', from: 0, to: 2 }] });
  });
});

describe('a folder in sizes', () => {
  it("takes details.json's size list, sizes and details, and says what stock changed", async () => {
    const dir = path.join(t.importDir, 'anarkali-suit');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, '1.jpg'), await sharp({ create: { width: 60, height: 80, channels: 3, background: { r: 120, g: 30, b: 60 } } }).jpeg().toBuffer());
    const details = (sizes: Record<string, number>) =>
      fs.writeFileSync(path.join(dir, 'details.json'), JSON.stringify({ name: 'Anarkali Suit', price: 3499, size_list: 'Kurtas and suits', sizes, fit: 'Anarkali', length: 'Ankle length' }));
    details({ S: 2, M: 1 });
    const first = await send(t, 'POST', '/api/admin/import/folders/anarkali-suit', undefined, owner.cookie);
    expect(first.status, await first.clone().text()).toBe(200);
    const made = (await first.json()) as FolderImportResult;
    expect(made).toMatchObject({ outcome: 'created', stock: [{ size: 'S', from: 0, to: 2 }, { size: 'M', from: 0, to: 1 }] });
    expect((await productPage(made.productId)).details).toMatchObject({ fit: 'Anarkali', length: 'Ankle length' });

    details({ M: 3, XL: 1 });
    const again = (await (await send(t, 'POST', '/api/admin/import/folders/anarkali-suit', undefined, owner.cookie)).json()) as FolderImportResult;
    expect(again).toMatchObject({ outcome: 'updated', stock: [{ size: 'M', from: 1, to: 3 }, { size: 'XL', from: 0, to: 1 }, { size: 'S', from: 2, to: 0 }] });

    details({ '5XL': 1 });
    const refused = await send(t, 'POST', '/api/admin/import/folders/anarkali-suit', undefined, owner.cookie);
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toBe('details.json: Size 5XL is not in the list Kurtas and suits.');
    expect((await productPage(made.productId)).sizes.map((s) => s.size)).toEqual(['M', 'XL']);
  });
});
