/**
 * What a page's <head> says about it (issue 19). A page drawn on the server says its own: its
 * route works it out from what the route's loader read (src/web/drawing/route-head.ts), so a product
 * is read once per page, for the body and the head alike. The server writes it, escaped and cut
 * to length, with the canonical address it alone knows (src/server/web/page-meta.ts).
 */
import type { Availability } from './catalog.ts';
import { shopDescription, type PricingSettings } from './pricing.ts';
import { screenPath, screenTitle } from './page-titles.ts';
import { SCREEN_DESCRIPTIONS } from './screens.ts';

export interface PageHead {
  title: string;
  description: string;
  /** The picture a shared link shows (Open Graph), as the shop names it (a path). */
  image?: string | null;
  /** The page's largest picture, which the server asks the browser to fetch first. */
  picture?: string | null;
  /** A product page's offer: its Open Graph price and its JSON-LD. */
  product?: { name: string; price: number; offerPrice: number | null; availability: Availability };
}

/** A screen's head where the screen says nothing of its own: its title, and its description or the shop's. */
export function screenHead(path: string, search: string | null | undefined, pricing: PricingSettings): PageHead {
  const term = search?.trim();
  const description = (!term && SCREEN_DESCRIPTIONS[screenPath(path)]) || shopDescription(pricing);
  return { title: screenTitle(path, search), description };
}

/**
 * A product page's two pictures for its head (here, not in images.ts, whose other rules are in
 * home's first download): `image`, the shared link's picture (the thumbnail
 * the owner chose, else the first photo), and `galleryImage`, the one the page shows first.
 */
export function pagePictures(p: { thumbnail: string | null; images: string[] }): { image: string | null; galleryImage: string | null } {
  return { image: p.thumbnail ?? p.images[0] ?? null, galleryImage: p.images[0] ?? p.thumbnail ?? null };
}
