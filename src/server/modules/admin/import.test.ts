/**
 * Imports through the real API on PGlite and PostgreSQL: a preset folder of photographs (and
 * details.json) becomes a product with spec §9's defaults, in the shop at once; importing again
 * updates it; folder names from the request or the disk cannot reach outside the import folder.
 * A CSV file: good rows are written, bad ones refused with their row and reason and never half
 * written, repeats update instead of duplicating, a dry run writes nothing, and the answer streams
 * its progress.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES as M, type FolderImportResult, type ImportFolderList } from '../../../shared/admin-import.contract.ts';
import { IMPORT_DEFAULTS } from '../../../shared/admin-product.contract.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { csvReport as csvReportAs, uploadCsv as uploadCsvAs } from '../../test/import-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setAdmin } from './admin.queries.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-outside-'));

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedUp(t, 'Meera');
  await setAdmin(t.database.db, owner.email, true);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(outside, { recursive: true, force: true });
});

const asOwner = (method: string, url: string) => send(t, method, url, undefined, owner.cookie);
const photo = (kind: 'jpeg' | 'png' = 'jpeg', r = 122) => sharp({ create: { width: 60, height: 80, channels: 3, background: { r, g: 31, b: 61 } } })[kind]().toBuffer();

async function folder(name: string, files: Record<string, Buffer | string | object>) {
  const dir = path.join(t.importDir, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, file), Buffer.isBuffer(content) || typeof content === 'string' ? content : JSON.stringify(content));
  }
}

const list = async () => (await (await asOwner('GET', '/api/admin/import/folders')).json()) as ImportFolderList;
const importFolder = (name: string) => asOwner('POST', `/api/admin/import/folders/${name}`);
const product = async (id: number) => (await t.get(`/api/products/${id}`)).json();
const rows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const count = async (where: ReturnType<typeof sql>) => Number((await rows(sql`select count(*)::int as n from products where ${where}`))[0]!.n);

const uploadCsv = (body: string | Buffer, dryRun = false) => uploadCsvAs(t, owner.cookie, body, dryRun);
const csvReport = (body: string | Buffer, dryRun = false) => csvReportAs(t, owner.cookie, body, dryRun);

describe('import folders', () => {
  it('says where to put folders while the import folder does not exist', async () => {
    expect(await list()).toMatchObject({ exists: false, folders: [], message: M.noImportDir(t.importDir) });
    const res = await importFolder('anything');
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe(M.noImportDir(t.importDir));
    fs.mkdirSync(t.importDir);
    expect(await list()).toMatchObject({ exists: true, folders: [] });
  });

  it('imports a folder with photographs and details as a product with the defaults, in the shop at once', async () => {
    await folder('kanjivaram-red', {
      '10.jpg': await photo('jpeg', 10),
      '2.jpg': await photo('jpeg', 20),
      '1.png': await photo('png', 30),
      'notes.txt': 'not a photograph',
      'details.json': { name: 'Kanjivaram Silk in Temple Red', price: '₹12,499.00', offerPrice: 'Rs. 9,999', key_highlights: { Fabric: 'Pure silk', Length: 6.3 }, categories: ['silk-sarees'], collections: 'festive', featured: 'yes', sku: 'K-1' },
    });
    const [listed] = (await list()).folders;
    expect(listed).toEqual({ name: 'kanjivaram-red', photos: 3, hasDetails: true, productId: null, problems: [], warnings: [M.detailsUnknownKey('sku')] });

    const res = await importFolder('kanjivaram-red');
    expect(res.status, await res.clone().text()).toBe(200);
    const done = (await res.json()) as FolderImportResult;
    expect(done).toMatchObject({ outcome: 'created', name: 'Kanjivaram Silk in Temple Red', photos: 3 });

    const shown = await product(done.productId);
    expect(shown).toMatchObject({
      name: 'Kanjivaram Silk in Temple Red',
      price: 12_499_00,
      offerPrice: 9_999_00,
      availability: 'In Stock',
      keyHighlights: { Fabric: 'Pure silk', Length: '6.3' },
      returnPolicy: IMPORT_DEFAULTS.returnPolicy,
      categories: [{ slug: 'silk-sarees' }],
      collections: [{ slug: 'festive' }],
    });
    // Natural order: 1.png, 2.jpg, 10.jpg; each stored as WebP, the first the thumbnail.
    expect(shown.images).toHaveLength(3);
    expect(shown.thumbnail).toBe(shown.images[0]);
    const stored = (url: string) => fs.readFileSync(path.join(t.imagesDir, url.replace('/images/', '')));
    const colours = await Promise.all(shown.images.map(async (u: string) => (await sharp(stored(u)).stats()).channels[0]!.mean));
    expect(colours.map((c) => Math.round(c / 10))).toEqual([3, 2, 1]);
    expect((await list()).folders[0]!.productId).toBe(done.productId);
  });

  it('names a product after its folder and prices it at ₹599 when there are no details', async () => {
    await folder('red-banarasi-silk', { 'front.jpg': await photo() });
    const done = (await (await importFolder('red-banarasi-silk')).json()) as FolderImportResult;
    expect(await product(done.productId)).toMatchObject({
      name: 'Red Banarasi Silk',
      price: IMPORT_DEFAULTS.pricePaise,
      offerPrice: null,
      availability: 'In Stock',
      returnPolicy: IMPORT_DEFAULTS.returnPolicy,
    });
  });

  it('updates the same product when a folder is imported again, at once or later', async () => {
    await folder('linen-mint', { 'a.jpg': await photo() });
    const first = await Promise.all([importFolder('linen-mint'), importFolder('linen-mint')]);
    const ids = await Promise.all(first.map(async (r) => ((await r.json()) as FolderImportResult).productId));
    expect(ids[0]).toBe(ids[1]);
    await folder('linen-mint', { 'details.json': { price: 1499, availability: 'only a few left' } });
    const again = (await (await importFolder('linen-mint')).json()) as FolderImportResult;
    expect(again).toMatchObject({ outcome: 'updated', productId: ids[0] });
    expect(await product(ids[0]!)).toMatchObject({ name: 'Linen Mint', price: 1499_00, availability: 'Only a few left' });
    expect(await count(sql`import_key = 'folder:linen-mint'`)).toBe(1);
  });

  it('refuses folder names that leave the import folder, and links out of it', async () => {
    fs.writeFileSync(path.join(outside, 'secret.jpg'), await photo());
    fs.mkdirSync(path.join(outside, 'elsewhere'));
    fs.writeFileSync(path.join(outside, 'elsewhere', 'a.jpg'), await photo());
    fs.symlinkSync(path.join(outside, 'elsewhere'), path.join(t.importDir, 'linked-out'));
    await folder('sneaky-photo', { 'a.jpg': await photo() });
    fs.symlinkSync(path.join(outside, 'secret.jpg'), path.join(t.importDir, 'sneaky-photo', 'b.jpg'));
    await folder('.hidden', { 'a.jpg': await photo() });
    const before = await count(sql`true`);

    for (const name of ['..', '%2e%2e', '..%2F..%2Fetc', '.hidden', '%2Etmp', 'a%00b', 'nope']) {
      const res = await importFolder(name);
      expect([400, 404], name).toContain(res.status);
    }
    const link = await importFolder('linked-out');
    expect(link.status).toBe(422);
    expect((await link.json()).message).toBe(M.folderOutside);
    const sneaky = await importFolder('sneaky-photo');
    expect(sneaky.status).toBe(422);
    expect((await sneaky.json()).message).toBe(M.photoOutside('b.jpg'));

    const { folders } = await list();
    expect(folders.map((f) => f.name)).not.toContain('.hidden');
    expect(folders.find((f) => f.name === 'linked-out')!.problems).toEqual([M.folderOutside]);
    expect(await count(sql`true`)).toBe(before);
  });

  it('says what stops a folder: no photographs, too many, bad details, unknown groups', async () => {
    await folder('empty-one', { 'details.json': { name: 'Empty' } });
    await folder('bad-json', { 'a.jpg': await photo(), 'details.json': '{ "name": ' });
    await folder('bad-price', { 'a.jpg': await photo(), 'details.json': { price: 'free' } });
    await folder('no-such-category', { 'a.jpg': await photo(), 'details.json': { categories: 'saris' } });
    const many: Record<string, Buffer> = {};
    for (let i = 1; i <= 13; i++) many[`${i}.jpg`] = await photo('jpeg', i);
    await folder('too-many', many);
    const { folders } = await list();
    const problems = (name: string) => folders.find((f) => f.name === name)!.problems;
    expect(problems('empty-one')).toEqual([M.noPhotos]);
    expect(problems('bad-json')[0]).toMatch(/^details\.json is not valid JSON/);
    expect(problems('bad-price')).toEqual(['details.json: Enter the price in rupees, such as 1299 or 1299.50.']);
    expect(problems('no-such-category')).toEqual(['details.json: No category saris.']);
    expect(problems('too-many')).toEqual([M.tooManyPhotos(13)]);
    for (const name of ['empty-one', 'bad-json', 'bad-price', 'no-such-category', 'too-many']) {
      const res = await importFolder(name);
      expect(res.status, name).toBe(422);
      expect((await res.json()).message).toBe(problems(name)[0]);
    }
  });
});

const HEADER = 'handle,name,price,offer_price,availability,description,key_highlights,categories,collections,featured,sku';
const longText = 'x'.repeat(10_000);
const FILE = [
  `\uFEFF${HEADER}`,
  'kanjivaram-red,Kanjivaram Silk Saree,"₹12,499",9999,In Stock,Handwoven.,Fabric: Silk | Length: 6.3 m,silk-sarees|sarees,festive,yes,K1',
  ',Cotton Kurta,,,,,,kurtas,,no,',
  'bad-price,Priced Wrong,abc,,,,,,,,',
  'bad-group,Unknown Group,1000,,,,,saris,,,',
  'no-name,,1000,,,,,,,,',
  `too-long,Long Description,1000,,,${longText},,,,,`,
  'KANJIVARAM-RED,Kanjivaram Again,1000,,,,,,,,',
  `"=cmd|' /C calc'!A0",=HYPERLINK("http://x"),1000,,,"<script>alert(1)</script>\u0000 ok",,,,,`,
  'offer-high,Offer Too High,1000,2000,,,,,,,',
  'many-cells,Too Many,1000,,,,,,,,,,extra',
  'multi,Multi Line,1000,,,"line one',
  'line two",,,,,',
  'after,After Multi Line,1000,,,,,,daily-wear,,',
].join('\r\n');

describe('CSV import', () => {
  it('writes the good rows, refuses each bad one with its row and reason, and writes nothing of those', async () => {
    const before = await count(sql`true`);
    const { lines, report, row } = await csvReport(FILE);
    expect(lines[0]).toEqual({ type: 'progress', done: 0, total: 12 });
    expect(report).toMatchObject({ dryRun: false, total: 12, counts: { created: 5, updated: 0, unchanged: 0, refused: 7 }, unknownColumns: ['sku'] });
    expect(row(2)).toMatchObject({ outcome: 'created', name: 'Kanjivaram Silk Saree' });
    expect(row(3)).toMatchObject({ outcome: 'created', name: 'Cotton Kurta' });
    expect(row(4)).toMatchObject({ outcome: 'refused', column: 'price', reason: 'Enter the price in rupees, such as 1299 or 1299.50.' });
    expect(row(5)).toMatchObject({ outcome: 'refused', column: 'categories', reason: M.noCategory(['saris']) });
    expect(row(6)).toMatchObject({ outcome: 'refused', column: 'name', reason: 'Enter the product name.' });
    expect(row(7)).toMatchObject({ outcome: 'refused', column: 'description', reason: 'The description must be at most 500 characters.' });
    expect(row(8)).toMatchObject({ outcome: 'refused', column: 'handle', reason: M.duplicateRow(2) });
    expect(row(9)).toMatchObject({ outcome: 'created', name: '=HYPERLINK("http://x")' });
    expect(row(10)).toMatchObject({ outcome: 'refused', column: 'offer_price', reason: 'The offer price cannot be above the price.' });
    expect(row(11)).toMatchObject({ outcome: 'refused', reason: M.tooManyCells(13, 11) });
    expect(row(12)).toMatchObject({ outcome: 'created', name: 'Multi Line' });
    expect(row(14)).toMatchObject({ outcome: 'created', name: 'After Multi Line' });

    // Written whole: five products, each with its links; none of the refused rows.
    expect(await count(sql`true`)).toBe(before + 5);
    expect(await count(sql`import_key like 'csv:%'`)).toBe(5);
    expect(await count(sql`name in ('Priced Wrong', 'Unknown Group', 'Long Description', 'Kanjivaram Again', 'Offer Too High', 'Too Many')`)).toBe(0);
    const silk = await product(row(2)!.productId!);
    expect(silk).toMatchObject({ price: 12_499_00, offerPrice: 9_999_00, keyHighlights: { Fabric: 'Silk', Length: '6.3 m' }, returnPolicy: IMPORT_DEFAULTS.returnPolicy });
    expect(silk.categories.map((c: { slug: string }) => c.slug).sort()).toEqual(['sarees', 'silk-sarees']);
    expect(silk.collections.map((c: { slug: string }) => c.slug)).toEqual(['festive']);
    expect(await product(row(3)!.productId!)).toMatchObject({ price: IMPORT_DEFAULTS.pricePaise, categories: [{ slug: 'kurtas' }] });
    // A cell is text, never a formula or markup: stored as given (the NUL as a space).
    expect(await product(row(9)!.productId!)).toMatchObject({ name: '=HYPERLINK("http://x")', description: '<script>alert(1)</script> ok' });
    expect(await count(sql`import_key = ${"csv:=cmd|' /c calc'!a0"}`)).toBe(1);
    expect(await product(row(12)!.productId!)).toMatchObject({ description: 'line one\nline two' });
    expect(await count(sql`import_key like 'csv:%' and id not in (select product_id from product_search)`)).toBe(0);
  });

  it('updates instead of duplicating when the same file comes again, and leaves unchanged rows alone', async () => {
    const before = await count(sql`true`);
    const again = await csvReport(FILE);
    expect(again.report.counts).toEqual({ created: 0, updated: 0, unchanged: 5, refused: 7 });
    const changed = await csvReport(FILE.replace('"₹12,499",9999', '"₹13,000",9999').replace('kurtas,,no', 'kurtas,summer,no'));
    expect(changed.report.counts).toEqual({ created: 0, updated: 2, unchanged: 3, refused: 7 });
    expect(changed.row(2)).toMatchObject({ outcome: 'updated', productId: again.row(2)!.productId });
    expect(await product(changed.row(2)!.productId!)).toMatchObject({ price: 13_000_00 });
    expect(await product(changed.row(3)!.productId!)).toMatchObject({ collections: [{ slug: 'summer' }] });
    expect(await count(sql`true`)).toBe(before);
  });

  it('checks without writing on a dry run', async () => {
    const state = () => rows(sql`select count(*)::int as n, max(updated_at)::text as u, (select version from catalog_version) as v from products`);
    const before = await state();
    const file = `${HEADER}\r\nkanjivaram-red,Kanjivaram Silk Saree,"₹14,000",,,,,,,,\r\nnew-one,Brand New Saree,2000,,,,,sarees,,,\r\nbad,Bad,0,,,,,,,,\r\n`;
    const { report } = await csvReport(file, true);
    expect(report).toMatchObject({ dryRun: true, counts: { created: 1, updated: 1, unchanged: 0, refused: 1 } });
    expect(report.rows[0]).toMatchObject({ outcome: 'updated', productId: expect.any(Number) });
    expect(await state()).toEqual(before);
  });

  it('imports photographs named by path in the import folder, and refuses paths out of it', async () => {
    await folder('csv-photos', { '1.jpg': await photo('jpeg', 200), '2.png': await photo('png', 210) });
    const file = [
      'handle,name,images',
      'with-photos,With Photos,csv-photos/1.jpg | csv-photos\\2.png',
      'escape,Escape,../secret.jpg',
      'absolute,Absolute,/etc/passwd',
      'missing,Missing,csv-photos/3.jpg',
      'not-photo,Not A Photo,kanjivaram-red/details.json',
    ].join('\n');
    const dry = await csvReport(file, true);
    expect(dry.report.counts).toMatchObject({ created: 1, refused: 4 });
    const { row } = await csvReport(file);
    expect(row(2)).toMatchObject({ outcome: 'created' });
    expect(row(3)).toMatchObject({ outcome: 'refused', column: 'images', reason: M.photoPath });
    expect(row(4)).toMatchObject({ outcome: 'refused', column: 'images', reason: M.photoPath });
    expect(row(5)).toMatchObject({ outcome: 'refused', column: 'images', reason: M.photoMissing('csv-photos/3.jpg') });
    expect(row(6)).toMatchObject({ outcome: 'refused', column: 'images', reason: 'kanjivaram-red/details.json: Choose a JPEG, PNG or WebP photograph.' });
    const shown = await product(row(2)!.productId!);
    expect(shown.images).toHaveLength(2);
    // The same photographs again are the same files: nothing changed.
    expect((await csvReport(file, true)).row(2)).toMatchObject({ outcome: 'unchanged' });
    expect((await csvReport(file)).row(2)).toMatchObject({ outcome: 'unchanged' });
  });

  it('streams progress batch by batch', async () => {
    const rows = Array.from({ length: 450 }, (_, i) => `bulk-${i},Bulk Saree ${i},${1000 + i},,,,,,,,`);
    const { lines, report } = await csvReport([HEADER, ...rows].join('\n'));
    expect(lines.filter((l) => l.type === 'progress').map((l) => (l as { done: number }).done)).toEqual([0, 200, 400, 450]);
    expect(report.counts.created).toBe(450);
    // 450 products written: 8 s alone, 32 s in a CI run on a slow two-core machine with three other files at once.
  }, 120_000);

  it.each([
    ['an empty file', '', M.csvEmpty],
    ['a file without a name column', 'title,price\nA,1\n', M.csvNoHeader],
    ['a spreadsheet', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), M.csvSpreadsheet],
    ['a repeated column', 'name,price,Name\n', M.csvDuplicateColumn('name')],
    ['an unclosed quote', 'name,price\nA,1\n"B,2\nC,3\n', M.csvUnreadable(3, M.csvQuoteNotClosed)],
  ])('refuses %s whole, writing nothing', async (_, body, message) => {
    const before = await count(sql`true`);
    const res = await uploadCsv(body);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'invalid_csv', message });
    expect(await count(sql`true`)).toBe(before);
  });

  it('takes the file only as raw bytes, at most 20 MB', async () => {
    const asText = await t.app.request('/api/admin/uploads/csv', { method: 'POST', headers: { 'Content-Type': 'text/csv', Cookie: owner.cookie }, body: 'name\nA\n' });
    expect(asText.status).toBe(415);
    const big = await uploadCsv(Buffer.alloc(20 * 1024 * 1024 + 1, 0x41));
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe(M.csvTooBig);
    expect((await uploadCsv('name\nA\n').then((r) => r.text())).length).toBeGreaterThan(0);
    const bad = await t.app.request('/api/admin/uploads/csv?dryRun=maybe', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream', Cookie: owner.cookie }, body: 'name\n' });
    expect(bad.status).toBe(400);
  });
});
