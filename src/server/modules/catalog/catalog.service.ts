import type { Db } from '../../db/client.ts';
import {
  SEARCH_RESULTS_LIMIT,
  SUGGESTIONS_LIMIT,
  type Category,
  type Collection,
  type ProductDetail,
  type ProductPage,
  type SearchResults,
  type Suggestion,
} from '../../../shared/catalog.ts';
import { NotFoundError } from '../../http/errors.ts';
import * as q from './catalog.queries.ts';
import { VersionedCache } from './search-cache.ts';

type Range = { offset: number; limit: number };

/** Spec §4: another page exists only when the last one came back full. */
function page(items: ProductPage['items'], limit: number): ProductPage {
  return { items, hasMore: items.length === limit };
}

export function createCatalogService(db: Db) {
  const searches = new VersionedCache<{ cards: q.ProductCard[]; total: number }>();
  const suggestionCache = new VersionedCache<Suggestion[]>();

  /** The cached answer for this term at the catalog's current version, computed on a miss. */
  async function cached<V>(cache: VersionedCache<V>, term: string, compute: () => Promise<V>): Promise<V> {
    const version = await q.currentCatalogVersion(db);
    return cache.get(version, term.toLowerCase(), compute);
  }

  return {
    async list({ offset, limit }: Range): Promise<ProductPage> {
      return page(await q.listProducts(db, offset, limit), limit);
    },

    async bestSellers({ offset, limit }: Range): Promise<ProductPage> {
      return page(await q.bestSellers(db, offset, limit), limit);
    },

    async product(id: number): Promise<ProductDetail> {
      const row = await q.productById(db, id);
      if (!row) throw new NotFoundError('Product not found');
      const [cats, cols] = await Promise.all([q.groupsOfProduct(db, 'category', id), q.groupsOfProduct(db, 'collection', id)]);
      return { ...row, categories: cats, collections: cols };
    },

    async search(term: string): Promise<SearchResults> {
      if (term === '') return { items: [], total: 0 };
      const found = await cached(searches, term, async () => {
        const { ids, total } = await q.searchIds(db, term, SEARCH_RESULTS_LIMIT);
        return { cards: await q.cardsByIds(db, ids), total };
      });
      // Likes change without a catalog write, so they are read fresh.
      const likes = await q.likeCounts(db, found.cards.map((c) => c.id));
      return { items: found.cards.map((c) => ({ ...c, likeCount: likes.get(c.id) ?? 0 })), total: found.total };
    },

    async suggestions(term: string): Promise<Suggestion[]> {
      if (term === '') return [];
      return cached(suggestionCache, term, async () => {
        const cards = await q.cardsByIds(db, await q.suggestionIds(db, term, SUGGESTIONS_LIMIT));
        return cards.map(({ id, name, thumbnail, images, price, offerPrice }) => ({
          id,
          name,
          thumbnail: thumbnail ?? images[0] ?? null,
          price,
          offerPrice,
        }));
      });
    },

    async likeCount(productId: number): Promise<number> {
      const n = await q.likeCountOf(db, productId);
      if (n === undefined) throw new NotFoundError('Product not found');
      return n;
    },

    categories: (): Promise<Category[]> => q.allCategories(db),
    collections: (): Promise<Collection[]> => q.allCollections(db),

    async category(slug: string, { offset, limit }: Range) {
      const category = (await q.allCategories(db)).find((c) => c.slug === slug);
      if (!category) throw new NotFoundError('Category not found');
      return { category, ...page(await q.productsInGroup(db, 'category', slug, offset, limit), limit) };
    },

    async collection(slug: string, { offset, limit }: Range) {
      const collection = (await q.allCollections(db)).find((c) => c.slug === slug);
      if (!collection) throw new NotFoundError('Collection not found');
      return { collection, ...page(await q.productsInGroup(db, 'collection', slug, offset, limit), limit) };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
