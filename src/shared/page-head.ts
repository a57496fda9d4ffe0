/**
 * What a page's <head> says about it (issue 19). A page drawn on the server says its own: its
 * route works it out from what the route's loader read (src/web/drawing/route-head.ts), so a product
 * is read once per page, for the body and the head alike. A page sent undrawn has its head worked
 * out by the page route (src/server/web/web.routes.ts) from the catalog's own read: both call the
 * route's one head function (a product's here, a category's or collection's in group-head.ts), so
 * the two cannot say different things. The server writes it, escaped and cut to length, with the
 * canonical address it alone knows (src/server/web/page-meta.ts).
 */
import type { PublicReview, ReviewSummary } from './reviews.ts';
import type { Availability, ProductDetail } from './catalog.ts';
import { shopDescription, type PricingSettings } from './pricing.ts';
import { pageTitle, screenPath, screenTitle } from './page-titles.ts';
import { SCREEN_DESCRIPTIONS } from './screens.ts';

export interface PageHead {
  title: string;
  description: string;
  /** The picture a shared link shows (Open Graph), as the shop names it (a path). */
  image?: string | null;
  /** The page's largest picture, which the server asks the browser to fetch first. */
  picture?: string | null;
  /** A product page's offer: its Open Graph price and its JSON-LD. */
  product?: { name: string; price: number; offerPrice: number | null; availability: Availability; rating?: ShownRating };
}

/** The reviews a drawn product page shows (issue 51): its JSON-LD rates the product only with them on the page. */
export interface ShownRating {
  average: number;
  count: number;
  reviews: { author: string; rating: number; title: string; text: string; date: string }[];
}

/** The reviews' first page as the product page holds it, as its head says them; none without reviews. */
export function shownRating(first: { summary: ReviewSummary | null; items: PublicReview[] } | undefined): ShownRating | undefined {
  const s = first?.summary;
  if (!s || s.count === 0 || s.average === null) return undefined;
  return { average: s.average, count: s.count, reviews: first.items.map((r) => ({ author: r.reviewer, rating: r.rating, title: r.title, text: r.text, date: r.createdAt.slice(0, 10) })) };
}

/** A screen's head where the screen says nothing of its own: its title, and its description or the shop's. */
export function screenHead(path: string, search: string | null | undefined, pricing: PricingSettings): PageHead {
  const term = search?.trim();
  const description = (!term && SCREEN_DESCRIPTIONS[screenPath(path)]) || shopDescription(pricing);
  return { title: screenTitle(path, search), description };
}

/** What a product page's head is made from: the product as the API answers it, or as the catalog reads it for an undrawn page. */
export type HeadProduct = Pick<ProductDetail, 'name' | 'description' | 'price' | 'offerPrice' | 'availability' | 'thumbnail' | 'images'>;

/**
 * A product page's head: named, described, pictured and priced. Null is a product not found (a
 * 404), whose head says the shop's own description (`shopDescription` of the settings shown).
 * Here, not beside images.ts's rules, which are in home's first download: only the product
 * route's chunk and the server hold it.
 */
export function productHead(p: HeadProduct | null, shopDescriptionText: string, rating?: ShownRating): PageHead {
  if (!p) return { title: pageTitle('Product not found'), description: shopDescriptionText };
  return {
    title: pageTitle(p.name),
    description: p.description ?? `${p.name}, from Vastra.`,
    // A shared link shows the thumbnail the owner chose, else the first photo; the page's largest
    // picture, asked for first, is the one its gallery shows first.
    image: p.thumbnail ?? p.images[0] ?? null,
    picture: p.images[0] ?? p.thumbnail ?? null,
    product: { name: p.name, price: p.price, offerPrice: p.offerPrice, availability: p.availability, ...(rating && { rating }) },
  };
}
