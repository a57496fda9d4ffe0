/**
 * Drawn pages kept in memory (issue 19), so a busy page is drawn once per change, not once per
 * view. A drawn page depends on no request (no session, no Host: see web.routes.ts), only on its
 * path and query and on what the shop holds, so one copy serves every shopper. Each copy carries
 * the stamp it was drawn at:
 * - the catalog's version and the likes heard (what the lists and the product show),
 * - the settings and bulk stock changes heard (free shipping, GST in prices, the low-stock mark),
 * - for a product page, the changes heard to that product's stock ("Only 2 left").
 * All of it is pushed to this server by NOTIFY (drizzle/0026, 0027), so a hit costs no round trip.
 * The stamp is read before drawing: a change that lands mid-draw leaves the copy already stale.
 * While the watch is not live, nothing is kept and every page is drawn afresh.
 */
import type { CatalogWatch } from '../modules/catalog/catalog-watch.ts';
import { VersionedCache } from '../modules/catalog/search-cache.ts';
import { productIdOfPath } from '../../shared/routes.ts';
import type { DrawnPage } from './page-meta.ts';
import type { DrawPage } from './web.routes.ts';

/** Pages kept per app server: every product page of a small shop, the busy ones of a big one. */
export const PAGES_KEPT = 2000;

/** A page that could not be drawn (an unknown product, a render that failed) is not kept. */
const NOT_DRAWN = new Error('not drawn');

export function keptPages(draw: DrawPage, watch: CatalogWatch, kept = PAGES_KEPT): DrawPage {
  const pages = new VersionedCache<DrawnPage>(kept);
  return async (pathAndQuery) => {
    const stamp = watch.live();
    if (!stamp) return draw(pathAndQuery);
    const query = pathAndQuery.indexOf('?');
    const product = productIdOfPath(query === -1 ? pathAndQuery : pathAndQuery.slice(0, query));
    const tag = `${stamp.catalog}.${stamp.likes}.${stamp.shop}.${product === null ? '' : watch.stockOf(product)}`;
    const drawing = async () => (await draw(pathAndQuery)) ?? Promise.reject(NOT_DRAWN);
    return pages.get(tag, pathAndQuery, drawing).catch(() => null);
  };
}
