/**
 * A product as the store owner writes it (spec §3 product, every field), for the admin form, the
 * admin API and the imports alike. Prices are paise here: the form turns what the owner typed into
 * paise with spec §3's rule (parsePriceText) and shows the result before saving.
 */
import type { Availability } from './catalog.ts';
import { sizeName } from './cart.contract.ts';
import { productAttributesContract } from './attributes.contract.ts';
import { productTaxContract } from './gst.contract.ts';
import { BLOUSE_PIECE, GARMENT_LENGTHS, NO_DETAILS } from './garment.ts';
import type { SizeList } from './sizes.ts';
import { MAX_STOCK } from './stock.ts';
import { charCount, withoutBidi } from './text-rules.ts';
import { z } from './zod.ts';

export const PRODUCT_LIMITS = {
  name: 150,
  shortText: 500,
  longText: 5000,
  highlights: 12,
  highlightLabel: 40,
  highlightText: 200,
  images: 12,
  groups: 20,
  /** Ten lakh rupees: far above any saree's price, low enough to catch a slipped key. */
  maxPricePaise: 10_00_000_00,
} as const;

/** Spec §9: an imported product without a price costs ₹599 and returns as below. */
/** Stock when an import does not say: enough to read 'In Stock', as the spec's default availability did. */
export const IMPORT_DEFAULTS = { pricePaise: 599_00, returnPolicy: '15 Days Returns & Exchange', stock: 10 } as const;

/** An older file's availability label, read as a count that shows the same label (docs/decisions/0018). */
export const STOCK_FOR_LABEL = { 'In Stock': 10, 'Only a few left': 2, 'Out of Stock': 0 } as const;

/** Pictures the shop stored itself (uploads and imports): `/images/products/<name>.webp`. */
export const STORED_PHOTO = /^\/images\/products\/[a-z0-9][a-z0-9-]{0,80}\.webp$/;
/** A photograph the shop did not store (a name typed by hand, or one no longer kept). */
export const PHOTO_NOT_STORED = 'Add photographs by uploading them.';

// Control characters other than line breaks are taken as spaces: a NUL cannot be stored, a
// pasted tab is a space; paragraphs of the long texts keep their line breaks.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/g;
const oneLine = (s: string) => withoutBidi(s).replace(CONTROL, ' ').replace(/[\r\n]+/g, ' ').trim().replace(/\s+/g, ' ');
const paragraphs = (s: string) => withoutBidi(s).replace(/\r\n?/g, '\n').replace(CONTROL, ' ').replace(/[ ]+/g, ' ').replace(/\n{3,}/g, '\n\n').trim();

/** Optional text: empty means none (null). */
const optionalText = (label: string, max: number, shape: (s: string) => string) =>
  z
    .string({ error: `${label} must be text.` })
    .nullish()
    .transform((v) => (v == null ? null : shape(v) || null))
    .refine((v) => v === null || charCount(v) <= max, `${label} must be at most ${max} characters.`);

const paise = (label: string) =>
  z
    .number({ error: `Enter the ${label} in rupees, such as 1299 or 1299.50.` })
    .int(`The ${label} must be in whole paise.`)
    .min(100, `The ${label} must be at least ₹1.`)
    .max(PRODUCT_LIMITS.maxPricePaise, `The ${label} must be at most ₹10,00,000.`);

const slugs = (label: string) =>
  z
    .array(z.string().regex(/^[a-z0-9-]{1,60}$/, `Unknown ${label}.`), { error: `Choose ${label}s from the list.` })
    .max(PRODUCT_LIMITS.groups, `At most ${PRODUCT_LIMITS.groups} ${label}s.`)
    .default([])
    .transform((list) => [...new Set(list)]);

const highlight = z.object({
  label: z
    .string()
    .transform(oneLine)
    .refine((v) => v.length > 0, 'Give each highlight a label, such as Fabric.')
    .refine((v) => charCount(v) <= PRODUCT_LIMITS.highlightLabel, `A highlight's label must be at most ${PRODUCT_LIMITS.highlightLabel} characters.`),
  text: z
    .string()
    .transform(oneLine)
    .refine((v) => v.length > 0, 'Say what each highlight is, such as Pure silk.')
    .refine((v) => charCount(v) <= PRODUCT_LIMITS.highlightText, `A highlight must be at most ${PRODUCT_LIMITS.highlightText} characters.`),
});

const stockCount = z
  .number({ error: 'Enter how many pieces are in stock.' })
  .int('Stock is a whole number of pieces.')
  .min(0, 'Stock cannot be below 0.')
  .max(MAX_STOCK, `Stock can be at most ${MAX_STOCK.toLocaleString('en-IN')} pieces.`);

const metresBetween = (label: string, min: number, max: number) =>
  z
    .number({ error: `Give the ${label} in metres, such as ${min + 0.5}.` })
    .min(min, `The ${label} must be at least ${min} m.`)
    .max(max, `The ${label} must be at most ${max} m.`)
    .refine((m) => Math.abs(m * 100 - Math.round(m * 100)) < 1e-6, `Give the ${label} to the centimetre, such as ${min + 0.5}.`)
    .nullable()
    .default(null);

/** Saree and kurta details (src/shared/garment.ts): each may be left unsaid. */
const garmentDetails = z
  .object(
    {
      sareeLengthM: metresBetween('saree length', 4, 10),
      blousePiece: z.enum(BLOUSE_PIECE, { error: 'Say whether a blouse piece comes with it.' }).nullable().default(null),
      blouseLengthM: metresBetween('blouse piece', 0.5, 1.5),
      fallPico: z.boolean({ error: 'Say whether fall and pico are done.' }).nullable().default(null),
      fit: optionalText('The fit', 60, oneLine),
      length: z.enum(GARMENT_LENGTHS, { error: `The length is one of ${GARMENT_LENGTHS.join(', ')}.` }).nullable().default(null),
    },
    { error: 'Details must be a set of fields.' },
  )
  .refine((d) => d.blouseLengthM === null || d.blousePiece === 'included', { message: 'A blouse piece length needs the blouse piece included.', path: ['blouseLengthM'] })
  .default(NO_DETAILS);

/** More sizes than any list a boutique keeps. */
const MAX_SIZES = 30;

export const productInputContract = z
  .object({
    name: z
      .string({ error: 'Enter the product name.' })
      .transform(oneLine)
      .refine((v) => v.length > 0, 'Enter the product name.')
      .refine((v) => charCount(v) <= PRODUCT_LIMITS.name, `The name must be at most ${PRODUCT_LIMITS.name} characters.`),
    price: paise('price'),
    offerPrice: paise('offer price').nullable().default(null),
    /** Pieces in stock of a one-size piece: the shop's availability follows from it (docs/decisions/0018). */
    stock: stockCount.optional(),
    /** The size list a piece in sizes takes its sizes from (docs/decisions/0019); null: one size. */
    sizeListId: z.number({ error: 'Choose a size list.' }).int('Choose a size list.').min(1, 'Choose a size list.').max(2_147_483_647, 'Choose a size list.').nullable().default(null),
    /** A piece in sizes: the sizes offered, from its list, each with its pieces in stock. */
    sizes: z
      .array(z.object({ size: sizeName, stock: stockCount }), { error: 'Sizes must be a list.' })
      .max(MAX_SIZES, `At most ${MAX_SIZES} sizes.`)
      .default([]),
    description: optionalText('The description', PRODUCT_LIMITS.shortText, paragraphs),
    keyHighlights: z
      .array(highlight, { error: 'Key highlights must be a list.' })
      .max(PRODUCT_LIMITS.highlights, `At most ${PRODUCT_LIMITS.highlights} key highlights.`)
      .default([])
      .refine((list) => new Set(list.map((h) => h.label.toLowerCase())).size === list.length, 'Each highlight needs a label of its own.'),
    fullDescription: optionalText('The full description', PRODUCT_LIMITS.longText, paragraphs),
    manufactureAndCare: optionalText('Manufacture and care', PRODUCT_LIMITS.longText, paragraphs),
    returnPolicy: optionalText('The return policy', PRODUCT_LIMITS.shortText, paragraphs),
    /** Issue 49: not returnable (a damaged or wrong piece is still taken back). */
    finalSale: z.boolean({ error: 'Say whether the piece is final sale.' }).default(false),
    deliveryInfo: z
      .object({ standardDelivery: z.boolean(), expressDelivery: z.boolean(), pincodeDelivery: z.boolean() }, { error: 'Say which deliveries are offered.' })
      .default({ standardDelivery: true, expressDelivery: true, pincodeDelivery: true }),
    featured: z.boolean({ error: 'Say whether the product is featured.' }).default(false),
    details: garmentDetails,
    /** Issue 18: the HSN code and how the piece is taxed (none: the shop's GST rate). */
    tax: productTaxContract,
    /** Issue 20: fabric, colour, occasions, weave or work, origin: what shoppers filter by. */
    attributes: productAttributesContract,
    categories: slugs('category'),
    collections: slugs('collection'),
    images: z
      // One width of an upload (`u-<hash>-768.webp`) is not a photograph of its own: the page derives the widths.
      .array(z.string().regex(STORED_PHOTO, PHOTO_NOT_STORED).refine((url) => !/\/u-[0-9a-f]{20}-\d+\.webp$/.test(url), PHOTO_NOT_STORED), { error: 'Photographs must be a list.' })
      .max(PRODUCT_LIMITS.images, `At most ${PRODUCT_LIMITS.images} photographs.`)
      .default([])
      .refine((list) => new Set(list).size === list.length, 'A photograph is in the list twice.'),
    /** One of the images (the first when not given). */
    thumbnail: z.string().nullable().default(null),
  })
  .refine((p) => p.sizeListId !== null || p.stock !== undefined, { message: 'Enter how many pieces are in stock.', path: ['stock'] })
  .refine((p) => p.sizeListId === null || p.sizes.length > 0, { message: 'Choose at least one size, with how many of each are in stock.', path: ['sizes'] })
  .refine((p) => new Set(p.sizes.map((s) => s.size)).size === p.sizes.length, { message: 'A size is in the list twice.', path: ['sizes'] })
  .refine((p) => p.offerPrice === null || p.offerPrice <= p.price, { message: 'The offer price cannot be above the price.', path: ['offerPrice'] })
  .refine((p) => p.thumbnail === null || p.images.includes(p.thumbnail), { message: 'The thumbnail must be one of the photographs.', path: ['thumbnail'] });

export type ProductInput = z.infer<typeof productInputContract>;
export type ProductInputDraft = z.input<typeof productInputContract>;

/** The owner's table: search, paging, sort. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_SORTS = ['newest', 'oldest', 'name', 'price-low', 'price-high', 'updated'] as const;
export const STOCK_FILTERS = ['all', 'low', 'out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
export type AdminSort = (typeof ADMIN_SORTS)[number];

export const adminProductsQuery = z.object({
  search: z
    .string()
    .optional()
    .transform((v) => (v ? oneLine(v).slice(0, 100) : '')),
  page: z.coerce.number({ error: 'page must be a whole number.' }).int('page must be a whole number.').min(1, 'page must be at least 1.').max(100_000, 'page must be at most 100000.').default(1),
  sort: z.enum(ADMIN_SORTS, { error: `sort must be one of ${ADMIN_SORTS.join(', ')}.` }).default('newest'),
  /** Issue 16: pieces with a size at or below the low-stock mark, or with a size sold out. */
  stock: z.enum(STOCK_FILTERS, { error: `stock must be one of ${STOCK_FILTERS.join(', ')}.` }).default('all'),
});

/** The owner's quick stock change from the list: a size's new count, and why (issue 16). */
export const STOCK_ADJUST_REASONS = ['restocked', 'corrected'] as const;
export const stockAdjustContract = z.object({
  size: sizeName,
  stock: stockCount,
  reason: z.enum(STOCK_ADJUST_REASONS, { error: 'Say why: new pieces came in, or a correction.' }),
  note: optionalText('The note', 200, oneLine),
});
export type StockAdjust = z.infer<typeof stockAdjustContract>;
export type AdminProductsQuery = z.infer<typeof adminProductsQuery>;

export interface AdminProductRow {
  id: number;
  name: string;
  thumbnail: string | null;
  price: number;
  offerPrice: number | null;
  availability: Availability;
  /** Pieces in stock, over every size on offer. */
  stock: number;
  /** Its sizes on offer with their counts, for the quick adjust ('One size' alone for a one-size piece). */
  sizes: { size: string; stock: number }[];
  featured: boolean;
  hidden: boolean;
  updatedAt: string;
}

export interface AdminProductPage {
  items: AdminProductRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** A product as the form edits it: the input's fields plus what the owner should know. */
export interface AdminProduct extends ProductInput {
  id: number;
  /** What the shop shows, from the stock. */
  availability: Availability;
  hidden: boolean;
  /** Orders that name it: such a product is hidden on delete, never destroyed. */
  orderCount: number;
  updatedAt: string;
}

/** The editor's choices of size list. */
/** A size list as the owner's editor has it: its sizes, and its chart's measures and figures in inches. */
export type SizeListChoice = SizeList & { measures: string[]; chart: Record<string, (number | null)[]> };

export const CHART_LIMITS = { measures: 6, measureName: 24, minInches: 1, maxInches: 80 } as const;

const inches = z
  .number({ error: 'Give each measure in inches, such as 36 or 36.5.' })
  .min(CHART_LIMITS.minInches, `A measure is at least ${CHART_LIMITS.minInches} inch.`)
  .max(CHART_LIMITS.maxInches, `A measure is at most ${CHART_LIMITS.maxInches} inches.`)
  .refine((n) => Number.isInteger(n * 4), 'Give inches to the quarter, such as 36.25.')
  .nullable();

/**
 * A size list's chart (issue 16): the measures (Bust, Waist...) and, per size, a figure in inches
 * for each (blank: not measured). Every product sold in the list shows it.
 */
export const sizeChartContract = z
  .object({
    measures: z
      .array(
        z
          .string({ error: 'Name each measure, such as Bust.' })
          .transform(oneLine)
          .refine((v) => v.length > 0, 'Name each measure, such as Bust.')
          .refine((v) => charCount(v) <= CHART_LIMITS.measureName, `A measure's name must be at most ${CHART_LIMITS.measureName} characters.`),
        { error: 'Measures must be a list.' },
      )
      .min(1, 'Give at least one measure, such as Bust.')
      .max(CHART_LIMITS.measures, `At most ${CHART_LIMITS.measures} measures.`)
      .refine((m) => new Set(m.map((x) => x.toLowerCase())).size === m.length, 'Each measure once.'),
    chart: z.record(sizeName, z.array(inches).max(CHART_LIMITS.measures), { error: 'The chart must give figures per size.' }),
  })
  .refine((c) => Object.values(c.chart).every((row) => row.length === c.measures.length), { message: 'Give each size one figure per measure.', path: ['chart'] });
export type SizeChartInput = z.infer<typeof sizeChartContract>;

export interface GroupChoice {
  /** An offer's scope names a category by it (issue 50). */
  id: number;
  slug: string;
  name: string;
}

/** What a delete did: destroyed, or hidden because orders name the product. */
export interface DeleteOutcome {
  outcome: 'deleted' | 'hidden';
  message: string;
}
