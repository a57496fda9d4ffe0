/**
 * Synthetic products for benchmarks (`npm run seed -- --products N`): names, prices and links drawn
 * from the demo catalog's vocabulary, pictures borrowed from demo products of the same kind.
 * Deterministic, so two runs with the same N make the same catalog.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { categories, collections, productCategories, productCollections, products } from '../schema/index.ts';
import { demoProducts } from './demo-catalog.ts';
import type { GarmentKind } from './demo-types.ts';
import { productImageUrls } from './demo.ts';
import { demoTax } from './demo-tax.ts';
import { taxColumns } from '../../modules/catalog/product-tax.ts';
import { STOCK_FOR_LABEL } from '../../../shared/admin-product.contract.ts';
import { openingStockFromLabels } from '../../modules/stock/stock.service.ts';

const COLOURS = ['Maroon', 'Mustard', 'Bottle Green', 'Peacock Blue', 'Rani Pink', 'Off-White', 'Ivory', 'Wine', 'Mauve', 'Teal', 'Rust', 'Magenta', 'Gold', 'Indigo', 'Coral', 'Lavender', 'Saffron', 'Emerald', 'Plum', 'Sea Green'];
const SAREES: { weave: string; fabric: string; category: string; price: [number, number] }[] = [
  { weave: 'Kanjeevaram', fabric: 'Silk', category: 'silk-sarees', price: [6000, 40000] },
  { weave: 'Banarasi', fabric: 'Silk', category: 'silk-sarees', price: [3500, 25000] },
  { weave: 'Mysore', fabric: 'Silk', category: 'silk-sarees', price: [5000, 18000] },
  { weave: 'Tussar', fabric: 'Silk', category: 'silk-sarees', price: [4000, 15000] },
  { weave: 'Tant', fabric: 'Cotton', category: 'cotton-sarees', price: [700, 2500] },
  { weave: 'Jamdani', fabric: 'Cotton', category: 'cotton-sarees', price: [1500, 6000] },
  { weave: 'Kota Doria', fabric: 'Cotton', category: 'cotton-sarees', price: [900, 3000] },
  { weave: 'Pochampally Ikat', fabric: 'Cotton', category: 'cotton-sarees', price: [1800, 5000] },
  { weave: 'Handloom', fabric: 'Linen', category: 'linen-sarees', price: [1500, 4000] },
  { weave: 'Chanderi', fabric: 'Silk Cotton', category: 'cotton-sarees', price: [1800, 6000] },
];
const CLOTHING: { noun: string; fabric: string[]; category: string; kind: GarmentKind; price: [number, number] }[] = [
  { noun: 'Kurta', fabric: ['Cotton', 'Rayon', 'Chanderi', 'Chikankari'], category: 'kurtas', kind: 'kurta', price: [600, 3000] },
  { noun: 'Kurta Set', fabric: ['Cotton', 'Muslin', 'Silk Blend'], category: 'kurtas', kind: 'kurta', price: [1200, 5000] },
  { noun: 'Salwar Suit', fabric: ['Cotton', 'Georgette', 'Chanderi'], category: 'salwar-suits', kind: 'salwar', price: [1200, 6000] },
  { noun: 'Lehenga', fabric: ['Silk', 'Velvet', 'Georgette'], category: 'lehengas', kind: 'lehenga', price: [3000, 50000] },
  { noun: 'Dupatta', fabric: ['Bandhani', 'Phulkari', 'Banarasi'], category: 'dupattas', kind: 'dupatta', price: [400, 3000] },
];
const WORK = ['with Zari Border', 'with Temple Border', 'with Butis', 'with Woven Pallu', 'with Floral Motifs', 'with Mirror Work', 'with Block Print', 'with Gota Patti'];
const COLLECTIONS = ['festive', 'summer', 'bridal', 'party-wear', 'daily-wear'];

function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Draft {
  row: typeof products.$inferInsert;
  categories: string[];
  collection: string;
}

function draft(rand: () => number, picturesByKind: Map<GarmentKind, string[][]>): Draft {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const colour = pick(COLOURS);
  const isSaree = rand() < 0.7;
  const spec = isSaree ? pick(SAREES) : null;
  const cloth = isSaree ? null : pick(CLOTHING);
  const name = spec
    ? `${colour} ${spec.weave} ${spec.fabric} Saree ${pick(WORK)}`
    : `${colour} ${pick(cloth!.fabric)} ${cloth!.noun} ${pick(WORK)}`;
  const [lo, hi] = (spec ?? cloth!).price;
  const price = Math.round((lo + rand() * (hi - lo)) / 50) * 50 - 1;
  const off = rand() < 0.8 ? Math.round(price * (0.6 + rand() * 0.3)) : null;
  const images = pick(picturesByKind.get(spec ? 'saree' : cloth!.kind) ?? [[]]);
  return {
    row: {
      name,
      thumbnail: images[0] ?? null,
      images,
      price: price * 100,
      offerPrice: off === null ? null : off * 100,
      availability: rand() < 0.9 ? 'In Stock' : 'Only a few left',
      description: `A ${colour.toLowerCase()} ${name.split(' ').slice(1).join(' ').toLowerCase()}, made for everyday elegance.`,
      keyHighlights: { Fabric: spec ? `${spec.fabric}` : cloth!.fabric[0]!, Colour: colour },
      returnPolicy: 'Returns within 7 days for damaged or incorrect items.',
      ...taxColumns(demoTax(name, spec ? 'saree' : cloth!.kind)),
    },
    categories: [spec ? 'sarees' : 'clothing', (spec ?? cloth!).category],
    collection: pick(COLLECTIONS),
  };
}

export async function seedSyntheticProducts(db: Db, count: number, opts: { seed?: number; batch?: number } = {}): Promise<void> {
  const rand = mulberry32(opts.seed ?? 42);
  const batch = opts.batch ?? 1000;
  const picturesByKind = new Map<GarmentKind, string[][]>();
  for (const p of demoProducts) {
    picturesByKind.set(p.image.kind, [...(picturesByKind.get(p.image.kind) ?? []), productImageUrls(p)]);
  }
  const catRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const colRows = await db
    .select({ id: collections.id, slug: collections.slug })
    .from(collections)
    .where(inArray(collections.slug, COLLECTIONS));
  const catId = new Map(catRows.map((r) => [r.slug, r.id]));
  const colId = new Map(colRows.map((r) => [r.slug, r.id]));

  for (let done = 0; done < count; done += batch) {
    const drafts = Array.from({ length: Math.min(batch, count - done) }, () => draft(rand, picturesByKind));
    // Ids first, so products and their links go in as one statement: the search triggers then
    // run once, after the links exist, and write each product's search row once, not three times.
    // Both drivers answer execute() with { rows }.
    const { rows: ids } = (await db.execute(
      sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as id from generate_series(1, ${drafts.length})`,
    )) as unknown as { rows: { id: number }[] };
    const idOf = (i: number) => ids[i]!.id;
    const cats = drafts.flatMap((d, i) => d.categories.flatMap((s) => (catId.has(s) ? [{ productId: idOf(i), categoryId: catId.get(s)! }] : [])));
    const cols = drafts.flatMap((d, i) => (colId.has(d.collection) ? [{ productId: idOf(i), collectionId: colId.get(d.collection)! }] : []));
    const rows = drafts.map((d, i) => ({ ...d.row, id: idOf(i) }));
    await db.execute(sql`with p as (${db.insert(products).values(rows).getSQL()}),
      c as (${db.insert(productCategories).values(cats).getSQL()}),
      k as (${db.insert(productCollections).values(cols).getSQL()})
      select 1`);
    await openingStockFromLabels(db, rows.map((r) => r.id), STOCK_FOR_LABEL, 'synthetic catalog');
  }
}
