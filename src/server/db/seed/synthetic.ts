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
import { COLOURS, OCCASIONS, valuesOf, type Colour, type Fabric, type Occasion, type Origin, type ProductAttributes, type Weave } from '../../../shared/attributes.ts';

/** Each shade as the name says it, with the colour family a shopper filters it by. */
const SHADES: readonly { name: string; family: Colour }[] = [
  { name: 'Maroon', family: 'maroon' },
  { name: 'Mustard', family: 'yellow' },
  { name: 'Bottle Green', family: 'green' },
  { name: 'Peacock Blue', family: 'blue' },
  { name: 'Rani Pink', family: 'pink' },
  { name: 'Off-White', family: 'white' },
  { name: 'Ivory', family: 'white' },
  { name: 'Wine', family: 'maroon' },
  { name: 'Mauve', family: 'purple' },
  { name: 'Teal', family: 'blue' },
  { name: 'Rust', family: 'orange' },
  { name: 'Magenta', family: 'pink' },
  { name: 'Gold', family: 'gold' },
  { name: 'Indigo', family: 'blue' },
  { name: 'Coral', family: 'orange' },
  { name: 'Lavender', family: 'purple' },
  { name: 'Saffron', family: 'orange' },
  { name: 'Emerald', family: 'green' },
  { name: 'Plum', family: 'purple' },
  { name: 'Sea Green', family: 'green' },
];

/**
 * What a fabric word in a name makes the piece: its fabric, and the weave and home it implies when
 * it implies one (a Kanjeevaram is a zari silk from Kanchipuram; a linen handloom, or a Tussar woven
 * across four states, has no one home).
 */
interface Cloth {
  fabric: Fabric;
  weave: Weave;
  origin: Origin | null;
}

const SAREES: { weave: string; fabric: string; category: string; price: [number, number]; makes: Cloth }[] = [
  { weave: 'Kanjeevaram', fabric: 'Silk', category: 'silk-sarees', price: [6000, 40000], makes: { fabric: 'silk', weave: 'zari', origin: 'kanjeevaram' } },
  { weave: 'Banarasi', fabric: 'Silk', category: 'silk-sarees', price: [3500, 25000], makes: { fabric: 'silk', weave: 'brocade', origin: 'banarasi' } },
  { weave: 'Mysore', fabric: 'Silk', category: 'silk-sarees', price: [5000, 18000], makes: { fabric: 'silk', weave: 'zari', origin: 'mysore' } },
  { weave: 'Tussar', fabric: 'Silk', category: 'silk-sarees', price: [4000, 15000], makes: { fabric: 'silk', weave: 'handloom', origin: null } },
  { weave: 'Tant', fabric: 'Cotton', category: 'cotton-sarees', price: [700, 2500], makes: { fabric: 'cotton', weave: 'handloom', origin: 'bengal' } },
  { weave: 'Jamdani', fabric: 'Cotton', category: 'cotton-sarees', price: [1500, 6000], makes: { fabric: 'cotton', weave: 'jamdani', origin: 'bengal' } },
  { weave: 'Kota Doria', fabric: 'Cotton', category: 'cotton-sarees', price: [900, 3000], makes: { fabric: 'cotton', weave: 'handloom', origin: 'kota-doria' } },
  { weave: 'Pochampally Ikat', fabric: 'Cotton', category: 'cotton-sarees', price: [1800, 5000], makes: { fabric: 'cotton', weave: 'ikat', origin: 'pochampally' } },
  { weave: 'Handloom', fabric: 'Linen', category: 'linen-sarees', price: [1500, 4000], makes: { fabric: 'linen', weave: 'handloom', origin: null } },
  { weave: 'Chanderi', fabric: 'Silk Cotton', category: 'cotton-sarees', price: [1800, 6000], makes: { fabric: 'silk-cotton', weave: 'zari', origin: 'chanderi' } },
];
const CLOTHING: { noun: string; fabric: ({ word: string } & Cloth)[]; category: string; kind: GarmentKind; price: [number, number] }[] = [
  {
    noun: 'Kurta',
    fabric: [
      { word: 'Cotton', fabric: 'cotton', weave: 'printed', origin: null },
      { word: 'Rayon', fabric: 'rayon', weave: 'printed', origin: null },
      { word: 'Chanderi', fabric: 'silk-cotton', weave: 'zari', origin: 'chanderi' },
      { word: 'Chikankari', fabric: 'cotton', weave: 'chikankari', origin: 'lucknow' },
    ],
    category: 'kurtas',
    kind: 'kurta',
    price: [600, 3000],
  },
  {
    noun: 'Kurta Set',
    fabric: [
      { word: 'Cotton', fabric: 'cotton', weave: 'plain', origin: null },
      { word: 'Muslin', fabric: 'cotton', weave: 'printed', origin: null },
      { word: 'Silk Blend', fabric: 'silk', weave: 'embroidery', origin: null },
    ],
    category: 'kurtas',
    kind: 'kurta',
    price: [1200, 5000],
  },
  {
    noun: 'Salwar Suit',
    fabric: [
      { word: 'Cotton', fabric: 'cotton', weave: 'printed', origin: null },
      { word: 'Georgette', fabric: 'georgette', weave: 'embroidery', origin: null },
      { word: 'Chanderi', fabric: 'silk-cotton', weave: 'zari', origin: 'chanderi' },
    ],
    category: 'salwar-suits',
    kind: 'salwar',
    price: [1200, 6000],
  },
  {
    noun: 'Lehenga',
    fabric: [
      { word: 'Silk', fabric: 'silk', weave: 'embroidery', origin: null },
      { word: 'Velvet', fabric: 'velvet', weave: 'embroidery', origin: null },
      { word: 'Georgette', fabric: 'georgette', weave: 'sequins', origin: null },
    ],
    category: 'lehengas',
    kind: 'lehenga',
    price: [3000, 50000],
  },
  {
    noun: 'Dupatta',
    fabric: [
      { word: 'Bandhani', fabric: 'georgette', weave: 'bandhani', origin: 'gujarat' },
      { word: 'Phulkari', fabric: 'cotton', weave: 'embroidery', origin: null },
      { word: 'Banarasi', fabric: 'silk', weave: 'brocade', origin: 'banarasi' },
    ],
    category: 'dupattas',
    kind: 'dupatta',
    price: [400, 3000],
  },
];
/** Each finish a name can end with, and the work it names (a butis or a woven pallu leaves the cloth's own). */
const WORK: readonly { words: string; weave: Weave | null }[] = [
  { words: 'with Zari Border', weave: 'zari' },
  { words: 'with Temple Border', weave: null },
  { words: 'with Butis', weave: null },
  { words: 'with Woven Pallu', weave: null },
  { words: 'with Floral Motifs', weave: null },
  { words: 'with Mirror Work', weave: 'mirror-work' },
  { words: 'with Block Print', weave: 'block-print' },
  { words: 'with Gota Patti', weave: 'gota-patti' },
];
/** Weaves that are the cloth itself: an ikat stays an ikat whatever its border. */
const WOVEN_THROUGH: ReadonlySet<Weave> = new Set(['ikat', 'jamdani', 'chikankari', 'bandhani']);
const COLLECTIONS = ['festive', 'summer', 'bridal', 'party-wear', 'daily-wear'];
const OCCASION_OF_COLLECTION: Readonly<Record<string, Occasion>> = { festive: 'festive', summer: 'daily', bridal: 'wedding', 'party-wear': 'party', 'daily-wear': 'daily' };
/** A second occasion for about half the pieces, festive and wedding the likeliest, as a shop's are worn. */
const SECOND_OCCASION: readonly (Occasion | null)[] = [null, null, null, null, null, 'festive', 'festive', 'wedding', 'office', 'party'];

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

function draft(index: number, rand: () => number, picturesByKind: Map<GarmentKind, string[][]>): Draft {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  // Drawn in the order they always were, so a given N still makes the same names and prices.
  const shade = pick(SHADES);
  const isSaree = rand() < 0.7;
  const spec = isSaree ? pick(SAREES) : null;
  const cloth = isSaree ? null : pick(CLOTHING);
  const clothFabric = cloth ? pick(cloth.fabric) : null;
  const work = pick(WORK);
  const name = spec ? `${shade.name} ${spec.weave} ${spec.fabric} Saree ${work.words}` : `${shade.name} ${clothFabric!.word} ${cloth!.noun} ${work.words}`;
  const [lo, hi] = (spec ?? cloth!).price;
  const price = Math.round((lo + rand() * (hi - lo)) / 50) * 50 - 1;
  const off = rand() < 0.8 ? Math.round(price * (0.6 + rand() * 0.3)) : null;
  const images = pick(picturesByKind.get(spec ? 'saree' : cloth!.kind) ?? [[]]);
  const availability = rand() < 0.9 ? 'In Stock' : 'Only a few left';
  const collection = pick(COLLECTIONS);
  return {
    row: {
      name,
      thumbnail: images[0] ?? null,
      images,
      price: price * 100,
      offerPrice: off === null ? null : off * 100,
      availability,
      description: `A ${shade.name.toLowerCase()} ${name.split(' ').slice(1).join(' ').toLowerCase()}, made for everyday elegance.`,
      keyHighlights: { Fabric: spec ? spec.fabric : clothFabric!.word, Colour: shade.name },
      returnPolicy: 'Returns within 7 days for damaged or incorrect items.',
      ...taxColumns(demoTax(name, spec ? 'saree' : cloth!.kind)),
      ...syntheticAttributes(index, spec?.makes ?? clothFabric!, shade, work.weave, collection),
    },
    categories: [spec ? 'sarees' : 'clothing', (spec ?? cloth!).category],
    collection,
  };
}

/**
 * What the name already says (its cloth, shade and work), so a filter never contradicts the title;
 * the second occasion comes from the index, not the random stream, which stays as it was.
 */
function syntheticAttributes(index: number, made: Cloth, shade: (typeof SHADES)[number], work: Weave | null, collection: string): ProductAttributes {
  const first = OCCASION_OF_COLLECTION[collection]!;
  const second = SECOND_OCCASION[spread(index) % SECOND_OCCASION.length];
  return {
    fabric: made.fabric,
    colour: shade.family,
    colourName: shade.name === COLOURS[shade.family] ? null : sentenceCase(shade.name),
    // In the list's order, as the contract keeps them.
    occasions: valuesOf(OCCASIONS).filter((o) => o === first || o === second),
    weave: WOVEN_THROUGH.has(made.weave) ? made.weave : (work ?? made.weave),
    origin: made.origin,
  };
}

/** An index scattered over 32 bits (a multiply-xorshift hash), so neighbouring products differ. */
function spread(index: number): number {
  let h = Math.imul(index ^ (index >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) >>> 0;
}

const sentenceCase = (words: string) => words.charAt(0) + words.slice(1).toLowerCase();

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
    const drafts = Array.from({ length: Math.min(batch, count - done) }, (_, i) => draft(done + i, rand, picturesByKind));
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
