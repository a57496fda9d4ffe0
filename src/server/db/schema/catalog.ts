import { sql } from 'drizzle-orm';
import type { TaxRule } from '../../../shared/gst.ts';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import type { Availability, DeliveryInfo } from '../../../shared/catalog.ts';
import { NO_DETAILS, type GarmentDetails } from '../../../shared/garment.ts';
import { users } from './accounts.ts';
import { COLOUR_NAME_MAX, COLOURS, FABRICS, OCCASIONS, ORIGINS, WEAVES, valuesOf, type Colour, type Fabric, type Occasion, type Origin, type Weave } from '../../../shared/attributes.ts';

/** A list's values as SQL literals, for a check constraint (they are our own constants: letters and hyphens). */
const listed = (choices: Readonly<Record<string, string>>) =>
  sql.raw(
    valuesOf(choices)
      .map((v) => {
        if (!/^[a-z-]+$/.test(v)) throw new Error(`Not a list value: ${v}`);
        return `'${v}'`;
      })
      .join(', '),
  );

/**
 * An ordered list of sizes the owner picks a product's sizes from (XS to 3XL for kurtas, 32 to 44
 * for blouses), with its size chart: what each size measures, in inches (the page shows centimetres
 * beside them).
 */
export const sizeLists = pgTable('size_lists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  sizes: text('sizes').array().notNull(),
  /** The chart's columns (Bust, Waist, ...), and per size one figure per column, in inches. */
  measures: text('measures').array().notNull().default(sql`'{}'::text[]`),
  chart: jsonb('chart').$type<Record<string, (number | null)[]>>().notNull().default({}),
  ...timestamps,
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    thumbnail: text('thumbnail'),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /** Integer paise. */
    /** Published reviews (issue 51): their count and the sum of their stars, kept by the reviews' service in the same transaction. */
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    price: integer('price').notNull(),
    offerPrice: integer('offer_price'),
    availability: text('availability').$type<Availability>().notNull().default('In Stock'),
    description: text('description'),
    keyHighlights: jsonb('key_highlights').$type<Record<string, string>>().notNull().default({}),
    fullDescription: text('full_description'),
    manufactureAndCare: text('manufacture_and_care'),
    returnPolicy: text('return_policy'),
    /** Not returnable (issue 49): a stitched blouse, a made-to-measure piece, a saree with fall and pico done. A damaged or wrong piece is still taken back. */
    finalSale: boolean('final_sale').notNull().default(false),
    deliveryInfo: jsonb('delivery_info')
      .$type<DeliveryInfo>()
      .notNull()
      .default({ standardDelivery: true, expressDelivery: true, pincodeDelivery: true }),
    featured: boolean('featured').notNull().default(false),
    /** Saree length, blouse piece, fall and pico; a kurta's fit and length (issue 16): what the owner said. */
    details: jsonb('details').$type<GarmentDetails>().notNull().default(NO_DETAILS),
    /** The list its sizes come from; null for a piece sold in one size (a saree, a dupatta). */
    sizeListId: integer('size_list_id').references((): AnyPgColumn => sizeLists.id, { onDelete: 'set null' }),
    /** Issue 18: its HSN code (4, 6 or 8 digits), and how it is taxed: a fixed rate (fabric) or apparel by value; null: the shop's GST rate. */
    hsnCode: text('hsn_code'),
    taxRule: text('tax_rule').$type<TaxRule>(),
    taxRateBp: integer('tax_rate_bp'),
    /** Issue 20: what a shopper filters by, each from its list in src/shared/attributes.ts; null: not said. */
    fabric: text('fabric').$type<Fabric>(),
    colour: text('colour').$type<Colour>(),
    /** The owner's own name for the shade (Rani pink); only with a colour. */
    colourName: text('colour_name'),
    occasions: text('occasions').array().$type<Occasion[]>().notNull().default(sql`'{}'::text[]`),
    weave: text('weave').$type<Weave>(),
    origin: text('origin').$type<Origin>(),
    /**
     * Set when the owner deletes a product that orders refer to: it leaves the shop (listings,
     * search, its page, carts) but stays for the orders that name it.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /**
     * Where an import made it (`folder:<name>` or `csv:<handle>`): importing the same folder or
     * row again updates this product instead of making another.
     */
    importKey: text('import_key').unique(),
    ...timestamps,
  },
  (t) => [
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_offer_price_check', sql`${t.offerPrice} is null or ${t.offerPrice} >= 0`),
    check('products_availability_check', sql`${t.availability} in ('In Stock', 'Only a few left', 'Out of Stock')`),
    check('products_hsn_code_check', sql`${t.hsnCode} is null or ${t.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    // A fixed rule carries its rate (GST slabs run 0 to 28%); apparel's come from the settings; no rule has neither.
    check('products_tax_rule_check', sql`(${t.taxRule} is null and ${t.taxRateBp} is null) or (${t.taxRule} = 'apparel' and ${t.taxRateBp} is null) or (${t.taxRule} = 'fixed' and ${t.taxRateBp} between 0 and 2800)`),
    index('products_featured_id').on(t.featured, t.id),
    // Issue 51: the few products with reviews, read once per catalog version so a page of one without asks nothing more.
    index('products_reviewed').on(t.id).where(sql`${t.reviewCount} > 0`),
    check('products_fabric_check', sql`${t.fabric} is null or ${t.fabric} in (${listed(FABRICS)})`),
    check('products_colour_check', sql`${t.colour} is null or ${t.colour} in (${listed(COLOURS)})`),
    check('products_colour_name_check', sql`${t.colourName} is null or (${t.colour} is not null and char_length(${t.colourName}) between 1 and ${sql.raw(String(COLOUR_NAME_MAX))})`),
    check('products_occasions_check', sql`${t.occasions} <@ array[${listed(OCCASIONS)}]::text[]`),
    check('products_weave_check', sql`${t.weave} is null or ${t.weave} in (${listed(WEAVES)})`),
    check('products_origin_check', sql`${t.origin} is null or ${t.origin} in (${listed(ORIGINS)})`),
  ],
);

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const collections = pgTable('collections', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  poster: text('poster'),
  ...timestamps,
});

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category').on(t.categoryId, t.productId)],
);

export const productCollections = pgTable(
  'product_collections',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.collectionId] }),
    index('product_collections_collection').on(t.collectionId, t.productId),
  ],
);

/**
 * What search reads: one narrow row per product, kept by triggers (migration 0002) whatever writes
 * the catalog. Lower-cased, so a plain LIKE (cheaper than ILIKE) serves case-insensitive search, and
 * narrow, so counting a broad match scans a few megabytes rather than the whole products heap.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** lower(name), to rank name matches first. */
    name: text('name').notNull(),
    /** lower(name plus category and collection names): design.md's search scope. */
    text: text('text').notNull(),
    featured: boolean('featured').notNull(),
  },
  (t) => [
    index('product_search_text_trgm').using('gin', sql`${t.text} gin_trgm_ops`),
    index('product_search_rank').on(t.featured, t.productId),
  ],
);

/**
 * One row per shopper and product they like (spec §3 product_likes): the unique index makes a
 * double tap one like. Counts are these rows, never a number stored beside the product. A shopper
 * reads and writes their own under row-level security (migration 0008).
 */
export const productLikes = pgTable(
  'product_likes',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_likes_user_product').on(t.userId, t.productId), index('product_likes_product').on(t.productId)],
);

/**
 * Bumped by statement triggers on every catalog write (migration 0002), so that any app server can
 * tell whether a cached search is still current with one cheap read.
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: integer('id').primaryKey().default(1),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('catalog_version_single_row', sql`${t.id} = 1`)],
);

/**
 * The owner's uploaded photographs (issue 52), one row per photograph (`u-<hash>`, its widths
 * beside it in the storage): a product names only photographs listed here, and a photograph no
 * product names is removed, row and objects, a day after its last upload (photos.ts `sweep`).
 */
export const storedPhotos = pgTable('stored_photos', {
  stem: text('stem').primaryKey(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});
