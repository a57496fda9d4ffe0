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
 * While the watch is not live, nothing is kept and every page is drawn afresh. A 404 is never kept.
 * What is kept is bounded by its bytes (issue 53): the operator's CACHE_MEMORY_MB, shared out in
 * src/server/cache-budget.ts.
 */
import type { CatalogWatch } from '../modules/catalog/catalog-watch.ts';
import { VersionedCache } from '../modules/catalog/search-cache.ts';
import { productIdOfPath } from '../../shared/routes.ts';
import type { CacheBudget } from '../cache-budget.ts';
import type { DrawnPage } from './page-meta.ts';
import type { DrawPage } from './web.routes.ts';

/** Pages kept per app server: every product page of a small shop, the busy ones of a big one. */
export const PAGES_KEPT = 2000;

/**
 * A kept copy's bytes: its markup and data (two bytes a character: a page that names ₹ is stored
 * so), and the gzip starts kept with it (zipped-pages.ts). Measured with the benchmark's crafted
 * addresses (docs/decisions/0047).
 */
export const pageBytes = (page: DrawnPage) => 3 * (page.html.length + page.data.length);

/**
 * A page not kept: one that could not be drawn (a render that failed), or an unknown product's or
 * group's 404 (any path can name one: kept, they would crowd out the shop's real pages).
 */
class NotKept extends Error {
  constructor(readonly page: DrawnPage | null) {
    super('not kept');
  }
}

export function keptPages(draw: DrawPage, watch: CatalogWatch, budget: Pick<CacheBudget, 'pages' | 'pagesWithQuery'>): DrawPage {
  const plain = new VersionedCache<DrawnPage>({ entries: PAGES_KEPT, bytes: budget.pages, sizeOf: pageBytes });
  // An address with a query (a filtered list, page 3) is kept apart: any stranger can make up
  // thousands of them, and they must not push out the pages every shopper opens.
  const withQuery = new VersionedCache<DrawnPage>({ entries: PAGES_KEPT, bytes: budget.pagesWithQuery, sizeOf: pageBytes });
  return async (pathAndQuery, asker) => {
    const stamp = watch.live();
    if (!stamp) return draw(pathAndQuery, asker);
    const query = pathAndQuery.indexOf('?');
    const pages = query === -1 ? plain : withQuery;
    const path = query === -1 ? pathAndQuery : pathAndQuery.slice(0, query);
    const product = productIdOfPath(path);
    // A tracking page moves with its order and parcel (issue 48), not the catalog: only a found one is kept (a wrong guess is a 404).
    const parcel = path === '/track' ? `.${watch.parcelOf(new URLSearchParams(pathAndQuery.slice(query)).get('order') ?? '')}` : '';
    const tag = `${stamp.catalog}.${stamp.likes}.${stamp.shop}.${product === null ? '' : watch.stockOf(product)}${parcel}`;
    const drawing = async () => {
      const page = await draw(pathAndQuery, asker);
      if (!page || page.status === 404) throw new NotKept(page);
      return page;
    };
    return pages.get(tag, pathAndQuery, drawing).catch((error: unknown) => (error instanceof NotKept ? error.page : null));
  };
}
