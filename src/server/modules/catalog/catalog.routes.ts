import { Hono } from 'hono';
import { z } from 'zod';
import { productId, rangeQuery, searchQuery, slugParam } from '../../../shared/catalog.contract.ts';
import { cacheFor } from '../../http/cache.ts';
import { valid } from '../../http/validate.ts';
import type { CatalogService } from './catalog.service.ts';

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

export function catalogRoutes(catalog: CatalogService) {
  const routes = new Hono();
  for (const path of CATALOG_PATHS) routes.use(path, cacheFor(CATALOG_CACHING));
  return routes
    .get('/products', valid('query', rangeQuery), async (c) => c.json(await catalog.list(c.req.valid('query'))))
    .get('/products/best-sellers', valid('query', rangeQuery), async (c) =>
      c.json(await catalog.bestSellers(c.req.valid('query'))),
    )
    .get('/products/search', valid('query', searchQuery), async (c) =>
      c.json(await catalog.search(c.req.valid('query').q)),
    )
    .get('/products/suggestions', valid('query', searchQuery), async (c) =>
      c.json(await catalog.suggestions(c.req.valid('query').q)),
    )
    .get('/products/:id', valid('param', idParam, { status: 404 }), async (c) =>
      c.json(await catalog.product(c.req.valid('param').id)),
    )
    .get('/products/:id/likes', valid('param', idParam, { status: 404 }), async (c) =>
      c.json({ count: await catalog.likeCount(c.req.valid('param').id) }),
    )
    .get('/categories', async (c) => c.json(await catalog.categories()))
    .get('/categories/:slug', valid('param', slug, { status: 404 }), valid('query', rangeQuery), async (c) =>
      c.json(await catalog.category(c.req.valid('param').slug, c.req.valid('query'))),
    )
    .get('/collections', async (c) => c.json(await catalog.collections()))
    .get('/collections/:slug', valid('param', slug, { status: 404 }), valid('query', rangeQuery), async (c) =>
      c.json(await catalog.collection(c.req.valid('param').slug, c.req.valid('query'))),
    );
}
