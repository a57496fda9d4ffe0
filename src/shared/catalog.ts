/**
 * The catalog's constants and the shapes the API returns, shared by server, web app and tests.
 * The request schemas are in catalog.contract.ts, so the web app's bundle does not carry zod for them.
 */
import type { ProductAttributes } from './attributes.ts';
import type { GarmentDetails } from './garment.ts';
import type { SizeChart, SizeChoice } from './sizes.ts';

/** Spec §9 page sizes. */
export const PRODUCTS_PAGE_SIZE = 12;
export const HOME_FEATURED_PAGE_SIZE = 8;
/** The anchor of a list's page `page` (from 2) at its first piece, where a Load More link lands (shown-pages.ts). */
export const pageAnchor = (page: number) => `page-${page}`;
export const SUGGESTIONS_LIMIT = 10;
/** design.md: search shows the best 48 matches and counts them all. */
export const SEARCH_RESULTS_LIMIT = 48;
/** The largest range one request may ask for. */
export const MAX_RANGE = 48;
/** Search text longer than this is cut: nobody types more, and it bounds the work. */
export const MAX_SEARCH_LENGTH = 100;

export const AVAILABILITY = ['In Stock', 'Only a few left', 'Out of Stock'] as const;
export type Availability = (typeof AVAILABILITY)[number];

export interface DeliveryInfo {
  standardDelivery: boolean;
  expressDelivery: boolean;
  pincodeDelivery: boolean;
}

/** What a product card needs (spec §7: id, name, images, price, offer_price, availability). */
export interface ProductSummary {
  id: number;
  name: string;
  thumbnail: string | null;
  images: string[];
  price: number; // paise
  offerPrice: number | null; // paise
  availability: Availability;
  /** Bought in a size the shopper chooses (issue 16): a card opens the product page to choose it. */
  sized: boolean;
  likeCount: number;
  /** Its published reviews (issue 51): with none, the page asks for no reviews and the card shows no stars. */
  reviewCount: number;
  /** The average of their stars to one decimal; null with none. */
  rating: number | null;
}

/** The product page's words for a final-sale piece (issue 49). */
export const FINAL_SALE_TERMS = 'Final sale: this piece is taken back only if it arrives damaged or is not the piece you ordered.';

export interface ProductDetail extends ProductSummary {
  description: string | null;
  keyHighlights: Record<string, string>;
  fullDescription: string | null;
  manufactureAndCare: string | null;
  returnPolicy: string | null;
  /** Not returnable unless it arrives damaged or is the wrong piece (issue 49): the owner's mark. */
  finalSale: boolean;
  deliveryInfo: DeliveryInfo;
  categories: { slug: string; name: string }[];
  collections: { slug: string; name: string }[];
  /** The sizes on offer in order ('One size' alone for a one-size piece). */
  sizes: SizeChoice[];
  /** The size list's chart, for a piece in sizes whose list has one. */
  sizeChart: SizeChart | null;
  /** Saree length, blouse piece, fall and pico; a kurta's fit and length (src/shared/garment.ts). */
  details: GarmentDetails;
  /** Fabric, colour, occasions, weave or work, origin (src/shared/attributes.ts). */
  attributes: ProductAttributes;
}

export interface ProductPage {
  items: ProductSummary[];
  /** Spec §4: another page exists only when this one came back full. */
  hasMore: boolean;
}

/**
 * Issue 20: beside each choice of each facet (src/shared/filters.ts names them, sizes as `size`),
 * how many pieces the list would have with it chosen too.
 */
export type FacetCounts = Record<string, Record<string, number>>;

/** A page of a filtered or sorted list, with what its filters need to show. */
export interface FilteredPage extends ProductPage {
  /** Every piece the list has with these choices. */
  total: number;
  counts: FacetCounts;
  /** Of those, the pieces with a size left (beside "in stock only"). */
  inStock: number;
}

export interface SearchResults {
  items: ProductSummary[];
  /** Every match, though at most SEARCH_RESULTS_LIMIT come back. */
  total: number;
}

export interface Suggestion {
  id: number;
  name: string;
  thumbnail: string | null;
  price: number;
  offerPrice: number | null;
}

export interface Category {
  slug: string;
  name: string;
  description: string | null;
  parentSlug: string | null;
  productCount: number;
}

export interface Collection {
  slug: string;
  name: string;
  description: string | null;
  poster: string | null;
  productCount: number;
}
