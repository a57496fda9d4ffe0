/**
 * The shape of the demo catalog the seed writes. The catalog text lives in demo-catalog.ts,
 * the picture recipes in images/; both are written against these types.
 */

/** What a product picture shows: a garment silhouette filled with a woven-looking textile. */
export type GarmentKind = 'saree' | 'kurta' | 'lehenga' | 'salwar' | 'dupatta';

/** Surface patterns the image renderer knows how to draw. */
export type Motif =
  | 'paisley'
  | 'buta'
  | 'checks'
  | 'stripes'
  | 'floral'
  | 'ikat'
  | 'temple'
  | 'leheriya'
  | 'bandhani'
  | 'plain';

export interface ProductImageSpec {
  kind: GarmentKind;
  /** CSS hex colours: body of the fabric, the border/trim, and the zari/motif colour. */
  colors: { body: string; border: string; motif: string };
  motif: Motif;
  /** How many pictures the product gets, 2 to 5 (full view, drape, border close-up, texture, styled). */
  count: 2 | 3 | 4 | 5;
}

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  /** Slug of the parent category, if any (e.g. 'silk-sarees' under 'sarees'). */
  parent?: string;
}

export interface DemoCollection {
  slug: string;
  name: string;
  description: string;
  /** Colours for the generated poster. */
  poster: { background: string; accent: string; kind: GarmentKind; motif: Motif };
}

export interface DemoProduct {
  /** URL-safe unique key; also names the product's image files. */
  key: string;
  name: string;
  /** Category slugs (the most specific ones; parents are implied). */
  categories: string[];
  /** Collection slugs. */
  collections: string[];
  /** Whole rupees, e.g. 12999. The seed turns them into paise. */
  price: number;
  offerPrice: number | null;
  availability: 'In Stock' | 'Only a few left' | 'Out of Stock';
  description: string;
  keyHighlights: Record<string, string>;
  fullDescription: string;
  manufactureAndCare: string;
  returnPolicy: string;
  deliveryInfo: { standardDelivery: boolean; expressDelivery: boolean; pincodeDelivery: boolean };
  featured: boolean;
  image: ProductImageSpec;
}
