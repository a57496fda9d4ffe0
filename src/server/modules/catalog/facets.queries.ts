/**
 * What the filter index is built from (issue 20): every piece on sale with its attributes, prices
 * and likes; its sizes offered with what is left; its categories and collections; its search text.
 * Six plain reads, joined in memory: at 100,000 products correlated subqueries per row cost several times as much.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, collections, productCategories, productCollections, productLikes, products, productSearch, productSizes } from '../../db/schema/index.ts';

const onSale = isNull(products.hiddenAt);

/**
 * In one read-only transaction: the six reads see one moment of the catalog, and they run on one
 * connection the pool hands out. Asked of the pool one by one, each could open a connection of its
 * own, and node-postgres keeps the answer of the query that opened a connection for as long as the
 * connection lives (its connect callback holds it): at 100,000 products, 100 MB and a million
 * objects that every whole-heap collection then walks, for as long as a busy shop's pool stays open.
 */
export function facetRows(db: Db) {
  return db.transaction((tx) => readFacetRows(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** One after another: a connection runs one query at a time (node-postgres 9 will refuse a second while one runs). */
async function readFacetRows(db: Pick<Db, 'select'>) {
  const pieces = await db
    .select({
      id: products.id,
      price: products.price,
      offerPrice: products.offerPrice,
      featured: products.featured,
      fabric: products.fabric,
      colour: products.colour,
      occasions: products.occasions,
      weave: products.weave,
      origin: products.origin,
    })
    .from(products)
    .where(onSale);
  const sizes = await db
    .select({ productId: productSizes.productId, size: productSizes.size, left: sql<boolean>`${productSizes.stock} > 0` })
    .from(productSizes)
    .where(isNull(productSizes.retiredAt))
    .orderBy(productSizes.productId, productSizes.position);
  const likes = await db.select({ productId: productLikes.productId, n: sql<number>`count(*)::int` }).from(productLikes).groupBy(productLikes.productId);
  const cats = await db.select({ productId: productCategories.productId, slug: categories.slug }).from(productCategories).innerJoin(categories, eq(categories.id, productCategories.categoryId));
  const cols = await db.select({ productId: productCollections.productId, slug: collections.slug }).from(productCollections).innerJoin(collections, and(eq(collections.id, productCollections.collectionId)));
  // The search's text (decision 0002: pieces on sale only), in rank order after the name.
  const texts = await db
    .select({ id: productSearch.productId, name: productSearch.name, text: productSearch.text, featured: productSearch.featured })
    .from(productSearch)
    .orderBy(desc(productSearch.featured), desc(productSearch.productId));
  return { pieces, sizes, likes, cats, cols, texts };
}

export type FacetRows = Awaited<ReturnType<typeof facetRows>>;
