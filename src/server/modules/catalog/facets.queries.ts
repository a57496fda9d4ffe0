/**
 * What the filter index is built from (issue 20): every piece on sale with its attributes, prices
 * and likes; its sizes offered with what is left; its categories and collections; its search text.
 * Six plain reads, joined in memory: at 100,000 products correlated subqueries per row cost several times as much.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, collections, productCategories, productCollections, productLikes, products, productSearch, productSizes } from '../../db/schema/index.ts';

const onSale = isNull(products.hiddenAt);

export async function facetRows(db: Db) {
  const [pieces, sizes, likes, cats, cols, texts] = await Promise.all([
    db
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
      .where(onSale),
    db
      .select({ productId: productSizes.productId, size: productSizes.size, left: sql<boolean>`${productSizes.stock} > 0` })
      .from(productSizes)
      .where(isNull(productSizes.retiredAt))
      .orderBy(productSizes.productId, productSizes.position),
    db.select({ productId: productLikes.productId, n: sql<number>`count(*)::int` }).from(productLikes).groupBy(productLikes.productId),
    db.select({ productId: productCategories.productId, slug: categories.slug }).from(productCategories).innerJoin(categories, eq(categories.id, productCategories.categoryId)),
    db.select({ productId: productCollections.productId, slug: collections.slug }).from(productCollections).innerJoin(collections, and(eq(collections.id, productCollections.collectionId))),
    // The search's text (decision 0002: pieces on sale only), in rank order after the name.
    db
      .select({ id: productSearch.productId, name: productSearch.name, text: productSearch.text, featured: productSearch.featured })
      .from(productSearch)
      .orderBy(desc(productSearch.featured), desc(productSearch.productId)),
  ]);
  return { pieces, sizes, likes, cats, cols, texts };
}

export type FacetRows = Awaited<ReturnType<typeof facetRows>>;
