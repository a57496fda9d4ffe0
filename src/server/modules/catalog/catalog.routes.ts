import { Hono } from 'hono';
import { z } from 'zod';
import { productId, rangeQuery, searchQuery, slugParam } from '../../../shared/catalog.contract.ts';
import { cacheFor } from '../../http/cache.ts';
import { jsonAnswer } from '../../http/compress.ts';
import { valid } from '../../http/validate.ts';
import type { CatalogService } from './catalog.service.ts';
import type { Listing } from './filtered-lists.ts';
import { isFiltered, readFilters, type ListFilters } from '../../../shared/filters.ts';

const idParam = z.object({ id: productId });
const slug = z.object({ slug: slugParam });

/**
 * The catalog is the same for everyone, so any cache may keep it; but like counts and the owner's
 * edits must show on the next read, so a kept copy is checked with us before each use.
 */
const CATALOG_CACHING = 'public, no-cache';

/**
 * The catalog's own paths. Its caching is scoped to them: this app is mounted at the API's root, where
 * a bare `.use()` would mark every later route (a shopper's profile) as publicly cacheable too.
 */
const CATALOG_PATHS = ['/products', '/products/*', '/categories', '/categories/*', '/collections', '/collections/*'];

/**
 * The address's filters when the list is to be filtered, sorted or counted (issue 20); null for the
 * plain list, answered as before. What the address says that is not understood is left out.
 */
function filtersOf(url: string): ListFilters | null {
  const params = new URL(url).searchParams;
  const filters = readFilters(params);
  return params.get('counts') === '1' || isFiltered(filters) || filters.sort !== null ? filters : null;
}

export function catalogRoutes(catalog: CatalogService) {
  const routes = new Hono();
  /** The list as the address asks: filtered by the index, or plain. */
  const list = <T>(url: string, listing: Listing, range: { offset: number; limit: number }, plain: () => Promise<T>) => {
    const filters = filtersOf(url);
    return filters ? catalog.filtered(listing, filters, range) : plain();
  };
  for (const path of CATALOG_PATHS) routes.use(path, cacheFor(CATALOG_CACHING));
  return routes
    .get('/products', valid('query', rangeQuery), async (c) => jsonAnswer(c, await list(c.req.url, { kind: 'all' }, c.req.valid('query'), () => catalog.list(c.req.valid('query')))))
    .get('/products/best-sellers', valid('query', rangeQuery), async (c) =>
      jsonAnswer(c, await list(c.req.url, { kind: 'best' }, c.req.valid('query'), () => catalog.bestSellers(c.req.valid('query')))),
    )
    .get('/products/search', valid('query', searchQuery), async (c) => {
      const { q } = c.req.valid('query');
      return jsonAnswer(c, await list(c.req.url, { kind: 'search', term: q }, { offset: 0, limit: 0 }, () => catalog.search(q)));
    })
    .get('/products/suggestions', valid('query', searchQuery), async (c) =>
      jsonAnswer(c, await catalog.suggestions(c.req.valid('query').q)),
    )
    .get('/products/:id', valid('param', idParam, { status: 404 }), async (c) =>
      jsonAnswer(c, await catalog.product(c.req.valid('param').id)),
    )
    .get('/products/:id/likes', valid('param', idParam, { status: 404 }), async (c) =>
      c.json({ count: await catalog.likeCount(c.req.valid('param').id) }),
    )
    .get('/categories', async (c) => jsonAnswer(c, await catalog.categories()))
    .get('/categories/:slug', valid('param', slug, { status: 404 }), valid('query', rangeQuery), async (c) => {
      const { slug } = c.req.valid('param');
      return jsonAnswer(c, await list(c.req.url, { kind: 'category', slug }, c.req.valid('query'), () => catalog.category(slug, c.req.valid('query'))));
    })
    .get('/collections', async (c) => jsonAnswer(c, await catalog.collections()))
    .get('/collections/:slug', valid('param', slug, { status: 404 }), valid('query', rangeQuery), async (c) => {
      const { slug } = c.req.valid('param');
      return jsonAnswer(c, await list(c.req.url, { kind: 'collection', slug }, c.req.valid('query'), () => catalog.collection(slug, c.req.valid('query'))));
    });
}
