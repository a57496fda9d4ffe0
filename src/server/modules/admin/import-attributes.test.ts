/**
 * Filter attributes by import (issue 20) through the real API on PGlite and PostgreSQL: a CSV row's
 * fabric, colour, colour_name, occasions, weave and origin, each a list's value or its label in any
 * case, reach the product page; a row that changes only them (or only its tax) is an update, and a
 * row without the columns leaves them unsaid, as it does the garment details and the tax. A cell
 * naming nothing in its list (a formula, a very long cell, a look-alike letter) refuses the row with
 * a message saying what to write, and writes nothing of it. A folder's details.json does the same,
 * with occasions as a list. The template has the columns and imports as it says.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CSV_TEMPLATE, IMPORT_MESSAGES as M, TEMPLATE_COLUMNS, type FolderImportResult, type ImportFolderList } from '../../../shared/admin-import.contract.ts';
import { COLOURS, FABRICS, NO_ATTRIBUTES, OCCASIONS, ORIGINS, WEAVES } from '../../../shared/attributes.ts';
import type { ProductDetail } from '../../../shared/catalog.ts';
import { products } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { csvReport } from '../../test/import-kit.ts';
import { lapsedAndBalanced, stockTestShop } from '../../test/orders-kit.ts';
import type { TestApp } from '../../test/test-app.ts';
import { readCsv } from './import-csv.ts';

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
const idOf = async (key: string) => (await t.database.db.select({ id: products.id }).from(products).where(eq(products.importKey, key)))[0]?.id;
const attributesOf = async (handle: string) => (await productPage((await idOf(`csv:${handle}`))!)).attributes;

const labels = (choices: Record<string, string>) => Object.values(choices);

describe('a CSV row with attributes', () => {
  it('reads each as its value or its label, in any case and spacing; an empty cell is unsaid', async () => {
    const { report, row } = await imported(
      csv([
        { handle: 'attr-labels', name: 'Rani Pink Silk Cotton Saree', stock: '2', fabric: 'Silk cotton', colour: 'PINK', colour_name: '  Rani   pink ', occasions: 'Wedding | festive, Daily wear', weave: 'Block  print', origin: 'Kerala Kasavu' },
        // A direction control is dropped, as from every text (text-rules' tidy): only the list's value is stored.
        { handle: 'attr-values', name: 'Maroon Kanjeevaram Silk', stock: '1', fabric: 'silk', colour: 'maroon', occasions: 'wedding', weave: '\u202Ezari', origin: 'kanjeevaram' },
        { handle: 'attr-mixed', name: 'Kota Doria Block Print', stock: '1', fabric: 'COTTON', colour: 'Multicolour', occasions: 'daily|office|Daily wear', weave: 'BLOCK_PRINT', origin: 'kota doria' },
        { handle: 'attr-none', name: 'Plain Georgette Dupatta', stock: '1', fabric: '', colour: ' ', colour_name: '', occasions: '', weave: '', origin: '' },
      ]),
    );
    expect(report.counts).toMatchObject({ created: 4, refused: 0 });
    expect(row(2)).toMatchObject({ outcome: 'created' });
    expect(await attributesOf('attr-labels')).toEqual({ fabric: 'silk-cotton', colour: 'pink', colourName: 'Rani pink', occasions: ['festive', 'wedding', 'daily'], weave: 'block-print', origin: 'kasavu' });
    expect(await attributesOf('attr-values')).toEqual({ fabric: 'silk', colour: 'maroon', colourName: null, occasions: ['wedding'], weave: 'zari', origin: 'kanjeevaram' });
    // Occasions once each, in the list's order, however often and in whatever order the cell names them.
    expect(await attributesOf('attr-mixed')).toEqual({ fabric: 'cotton', colour: 'multicolour', colourName: null, occasions: ['daily', 'office'], weave: 'block-print', origin: 'kota-doria' });
    expect(await attributesOf('attr-none')).toEqual(NO_ATTRIBUTES);
  });

  it('an unchanged row is unchanged; one changing only an attribute, or only its tax, is an update; one without the columns leaves them unsaid', async () => {
    const base = { handle: 'attr-again', name: 'Peacock Blue Chanderi', price: '2999', stock: '3', hsn_code: '5007', tax_rule: 'fabric', tax_rate: '5' };
    const first = { ...base, fabric: 'Silk', colour: 'Blue', colour_name: 'Peacock blue', occasions: 'festive', weave: 'Zari weave', origin: 'Chanderi' };
    expect((await imported(csv([first]))).row(2)).toMatchObject({ outcome: 'created' });
    const id = (await idOf('csv:attr-again'))!;
    // The same in other words (values for labels): nothing to write.
    expect((await imported(csv([{ ...first, fabric: 'silk', colour: 'blue', occasions: 'Festive', weave: 'zari', origin: 'chanderi' }]))).row(2)).toMatchObject({ outcome: 'unchanged' });

    const dry = await imported(csv([{ ...first, occasions: 'festive|wedding' }]), true);
    expect(dry.row(2)).toMatchObject({ outcome: 'updated', productId: id });
    expect((await productPage(id)).attributes.occasions).toEqual(['festive']);
    expect((await imported(csv([{ ...first, occasions: 'festive|wedding' }]))).row(2)).toMatchObject({ outcome: 'updated', productId: id });
    expect((await productPage(id)).attributes.occasions).toEqual(['festive', 'wedding']);
    expect((await imported(csv([{ ...first, occasions: 'festive|wedding', fabric: 'Silk cotton' }]))).row(2)).toMatchObject({ outcome: 'updated' });
    expect((await productPage(id)).attributes.fabric).toBe('silk-cotton');
    expect((await imported(csv([{ ...first, occasions: 'festive|wedding', fabric: 'Silk cotton', hsn_code: '5208' }]))).row(2)).toMatchObject({ outcome: 'updated' });
    expect((await t.database.db.select({ hsn: products.hsnCode }).from(products).where(eq(products.id, id)))[0]!.hsn).toBe('5208');

    // The row is the whole product, as for the garment details and the tax: a column left out is unsaid.
    expect((await imported(csv([base]))).row(2)).toMatchObject({ outcome: 'updated', productId: id });
    expect((await productPage(id)).attributes).toEqual(NO_ATTRIBUTES);
  });

  it('refuses a cell naming nothing in its list with what to write instead, and writes nothing of the row', async () => {
    const long = 'Silk'.repeat(2500);
    const cases: [Record<string, string>, string, string][] = [
      [{ fabric: 'Silky' }, 'fabric', M.unknownChoice('fabric', 'Silky', labels(FABRICS))],
      [{ colour: 'Rani pink' }, 'colour', M.unknownChoice('colour', 'Rani pink', labels(COLOURS))],
      [{ occasions: 'festive|Holi' }, 'occasions', M.unknownChoice('occasion', 'Holi', labels(OCCASIONS))],
      [{ weave: 'zardozi' }, 'weave', M.unknownChoice('weave or work', 'zardozi', labels(WEAVES))],
      [{ origin: 'Kanchipuram' }, 'origin', M.unknownChoice('origin', 'Kanchipuram', labels(ORIGINS))],
      // The shade's name needs its colour: the contract's own message, on the column to fill.
      [{ colour_name: 'Rani pink' }, 'colour', 'Choose the colour this shade belongs to.'],
      [{ colour: 'pink', colour_name: 'A pink as deep as the evening sky over Jaipur' }, 'colour_name', "The shade's name must be at most 40 characters."],
      // A formula is no fabric, whatever a spreadsheet would make of it.
      [{ fabric: '=HYPERLINK("http://evil.example","Silk")' }, 'fabric', M.unknownChoice('fabric', '=HYPERLINK("http://evil.example","Silk")', labels(FABRICS))],
      [{ origin: '@SUM(1+1)' }, 'origin', M.unknownChoice('origin', '@SUM(1+1)', labels(ORIGINS))],
      // A very long cell, shown cut short.
      [{ fabric: long }, 'fabric', M.unknownChoice('fabric', `${long.slice(0, 40)}…`, labels(FABRICS))],
      // Look-alikes: a dotless ı, full-width letters, a Cyrillic С, the Kelvin sign (which JavaScript
      // lower-cases to a Latin k), a zero-width space.
      [{ fabric: 'Sılk' }, 'fabric', M.unknownChoice('fabric', 'Sılk', labels(FABRICS))],
      [{ fabric: 'Ｓｉｌｋ' }, 'fabric', M.unknownChoice('fabric', 'Ｓｉｌｋ', labels(FABRICS))],
      [{ fabric: 'Сotton' }, 'fabric', M.unknownChoice('fabric', 'Сotton', labels(FABRICS))],
      [{ origin: '\u212Aota Doria' }, 'origin', M.unknownChoice('origin', '\u212Aota Doria', labels(ORIGINS))],
      [{ occasions: 'Wed\u200Bding' }, 'occasions', M.unknownChoice('occasion', 'Wed\u200Bding', labels(OCCASIONS))],
    ];
    const { report, row } = await imported(csv(cases.map(([cells], i) => ({ handle: `attr-bad-${i}`, name: `Refused Saree ${i}`, stock: '1', ...cells }))));
    expect(report.counts).toMatchObject({ created: 0, refused: cases.length });
    for (const [i, [, column, reason]] of cases.entries()) {
      expect(row(i + 2), `row ${i + 2}`).toMatchObject({ outcome: 'refused', name: `Refused Saree ${i}`, column, reason });
      expect(await idOf(`csv:attr-bad-${i}`), `row ${i + 2}`).toBeUndefined();
    }
    expect(M.unknownChoice('fabric', 'Silky', labels(FABRICS))).toBe(
      'Unknown fabric “Silky”. Write one of: Silk, Silk cotton, Cotton, Linen, Georgette, Chiffon, Crepe, Organza, Net, Velvet, Rayon.',
    );
  });

  it("keeps a formula-shaped shade's name as text, as every text cell (docs/decisions/0013)", async () => {
    const { row } = await imported(csv([{ handle: 'attr-formula-shade', name: 'Formula Shade Saree', stock: '1', colour: 'red', colour_name: '=HYPERLINK("http://x")' }]));
    expect(row(2)).toMatchObject({ outcome: 'created' });
    expect(await attributesOf('attr-formula-shade')).toMatchObject({ colour: 'red', colourName: '=HYPERLINK("http://x")' });
  });

  it('the template has the columns, a cell for each, and imports as it says', async () => {
    expect(TEMPLATE_COLUMNS).toEqual(expect.arrayContaining(['fabric', 'colour', 'colour_name', 'occasions', 'weave', 'origin']));
    // Every row of the example has a cell for every column, so each value sits under its own name.
    const file = readCsv(new TextEncoder().encode(CSV_TEMPLATE));
    expect(file.unknownColumns).toEqual([]);
    for (const r of file.rows) expect(Object.keys(r.cells).sort(), `line ${r.line}`).toEqual([...TEMPLATE_COLUMNS].sort());
    const { row } = await imported(CSV_TEMPLATE.replace(/red-banarasi\/1\.jpg\|red-banarasi\/2\.jpg/, ''));
    expect(row(2)).toMatchObject({ outcome: 'created' });
    expect(row(3)).toMatchObject({ outcome: 'created' });
    expect(await attributesOf('red-banarasi')).toEqual({ fabric: 'silk', colour: 'red', colourName: 'Sindoor red', occasions: ['festive', 'wedding'], weave: 'zari', origin: 'banarasi' });
    expect(await attributesOf('cotton-kurta-blue')).toEqual({ fabric: 'cotton', colour: 'blue', colourName: null, occasions: ['daily', 'office'], weave: 'block-print', origin: 'rajasthan' });
  });
});

describe('a folder with attributes', () => {
  const dir = () => path.join(t.importDir, 'onion-pink-georgette');
  const details = (fields: Record<string, unknown>) => fs.writeFileSync(path.join(dir(), 'details.json'), JSON.stringify({ name: 'Onion Pink Georgette Saree', price: 2499, ...fields }));
  const importIt = () => send(t, 'POST', '/api/admin/import/folders/onion-pink-georgette', undefined, owner.cookie);
  const listed = async () => ((await (await send(t, 'GET', '/api/admin/import/folders', undefined, owner.cookie)).json()) as ImportFolderList).folders.find((f) => f.name === 'onion-pink-georgette')!;

  it("takes details.json's attributes, occasions as a list or a cell's text, and refuses what names nothing", async () => {
    fs.mkdirSync(dir(), { recursive: true });
    fs.writeFileSync(path.join(dir(), '1.jpg'), await sharp({ create: { width: 60, height: 80, channels: 3, background: { r: 220, g: 150, b: 160 } } }).jpeg().toBuffer());
    details({ fabric: 'Georgette', colour: 'pink', colourName: 'Onion pink', occasions: ['Party', 'wedding'], weave: 'sequin work', origin: 'LUCKNOW' });
    expect(await listed()).toMatchObject({ problems: [], warnings: [] });
    const first = await importIt();
    expect(first.status, await first.clone().text()).toBe(200);
    const made = (await first.json()) as FolderImportResult;
    expect(made).toMatchObject({ outcome: 'created' });
    expect((await productPage(made.productId)).attributes).toEqual({ fabric: 'georgette', colour: 'pink', colourName: 'Onion pink', occasions: ['wedding', 'party'], weave: 'sequins', origin: 'lucknow' });

    details({ fabric: 'georgette', colour: 'Pink', colour_name: null, occasions: 'festive|office', weave: null });
    expect((await (await importIt()).json()) as FolderImportResult).toMatchObject({ outcome: 'updated', productId: made.productId });
    expect((await productPage(made.productId)).attributes).toEqual({ fabric: 'georgette', colour: 'pink', colourName: null, occasions: ['festive', 'office'], weave: null, origin: null });

    for (const [fields, reason] of [
      [{ fabric: 'Silky' }, M.unknownChoice('fabric', 'Silky', labels(FABRICS))],
      [{ occasions: ['festive', 'Holi'] }, M.unknownChoice('occasion', 'Holi', labels(OCCASIONS))],
      [{ occasions: ['festive', 5] }, M.unknownChoice('occasion', '5', labels(OCCASIONS))],
      [{ occasions: { festive: true } }, M.unknownChoice('occasion', '{"festive":true}', labels(OCCASIONS))],
      [{ colour: ['pink'] }, M.unknownChoice('colour', '["pink"]', labels(COLOURS))],
      [{ weave: 'Ｚａｒｉ' }, M.unknownChoice('weave or work', 'Ｚａｒｉ', labels(WEAVES))],
      [{ colour_name: 'Onion pink' }, 'Choose the colour this shade belongs to.'],
    ] as const) {
      details(fields);
      expect((await listed()).problems, JSON.stringify(fields)).toEqual([`details.json: ${reason}`]);
      const refused = await importIt();
      expect(refused.status).toBe(422);
      expect((await refused.json()).message).toBe(`details.json: ${reason}`);
    }
    expect((await productPage(made.productId)).attributes).toMatchObject({ fabric: 'georgette', occasions: ['festive', 'office'] });
  });
});
