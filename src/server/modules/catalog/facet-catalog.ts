/**
 * The filter index of this app server's catalog (issue 20, docs/decisions/0025): built from the
 * database, kept as fresh as the catalog watch says.
 * - A change to the catalog or the owner's settings is waited for: the next list is built anew, so
 *   an edit shows at once, as on every other list. (Not at 100,000 products, whose build takes a
 *   second: there lists go on with the index before while the next is built, and the cards
 *   themselves, read by id, show the edit at once.)
 * - Likes and stock counts move all day. They reorder "popularity" and move "in stock only", and
 *   the index is rebuilt for them in the background: until it is done, lists use the one before.
 *   The product page and the cart always check the real stock.
 * - While the watch is not live, the catalog's version is read per list and the rest may lag the
 *   same few seconds.
 */
import { discountPercent } from '../../../shared/money.ts';
import { discountStepsOf, priceBandOf } from '../../../shared/filters.ts';
import type { Db } from '../../db/client.ts';
import type { Bits } from './bitset.ts';
import type { CatalogWatch } from './catalog-watch.ts';
import { BUILD_SLICE, FacetIndex, nextTurn, type IndexedProduct, type SortOrder } from './facet-index.ts';
import { facetRows, type FacetRows } from './facets.queries.ts';
import { SearchIndex } from './search-index.ts';

/** The facets besides sizes, by their names in the address (src/shared/filters.ts). */
export const FACETS = ['fabric', 'colour', 'occasion', 'weave', 'origin', 'price', 'discount'] as const;

/** Best Seller's order (featured first, then likes) is "popularity"; a tie goes to the newer piece. */
const ORDERS: Record<string, SortOrder> = {
  newest: { key: 'id', direction: 'desc' },
  popular: { key: 'popular', direction: 'desc' },
  'price-asc': { key: 'paid', direction: 'asc' },
  'price-desc': { key: 'paid', direction: 'desc' },
  discount: { key: 'discount', direction: 'desc' },
};

/** Featured outranks any number of likes (likes stay far below this). */
const FEATURED = 2 ** 31;

export interface FacetCatalog {
  index: FacetIndex;
  /** A category's or collection's products as a set; undefined when there is no such group. */
  scope(kind: 'category' | 'collection', slug: string): Bits | undefined;
  /** The search's matching, over the same pieces (search-index.ts). */
  search: SearchIndex;
  /** Tells lists apart in a cache: a new one per build. */
  build: number;
}

export async function indexedProducts(rows: FacetRows): Promise<IndexedProduct[]> {
  const sizes = new Map<number, { offered: string[]; left: string[] }>();
  for (const s of rows.sizes) {
    let of = sizes.get(s.productId);
    if (!of) sizes.set(s.productId, (of = { offered: [], left: [] }));
    of.offered.push(s.size);
    if (s.left) of.left.push(s.size);
  }
  const likes = new Map(rows.likes.map((l) => [l.productId, l.n]));
  await nextTurn();
  const out: IndexedProduct[] = [];
  for (const p of rows.pieces) {
    if (out.length % BUILD_SLICE === BUILD_SLICE - 1) await nextTurn();
    const paid = p.offerPrice ?? p.price;
    const off = discountPercent(p.price, p.offerPrice);
    const one = (v: string | null) => (v === null ? [] : [v]);
    out.push({
      id: p.id,
      values: {
        fabric: one(p.fabric),
        colour: one(p.colour),
        occasion: p.occasions,
        weave: one(p.weave),
        origin: one(p.origin),
        price: [priceBandOf(paid)],
        discount: discountStepsOf(off),
      },
      sizes: sizes.get(p.id)?.offered ?? [],
      sizesInStock: sizes.get(p.id)?.left ?? [],
      keys: { id: p.id, popular: (p.featured ? FEATURED : 0) + (likes.get(p.id) ?? 0), paid, discount: off },
    });
  }
  return out;
}

let builds = 0;

export async function buildFacetCatalog(rows: FacetRows): Promise<FacetCatalog> {
  const index = await FacetIndex.build(await indexedProducts(rows), FACETS, ORDERS);
  const search = await SearchIndex.build(rows.texts, (id) => index.positionOf(id));
  const members = { category: new Map<string, number[]>(), collection: new Map<string, number[]>() };
  for (const [kind, links] of [['category', rows.cats], ['collection', rows.cols]] as const) {
    for (const { productId, slug } of links) {
      const ids = members[kind].get(slug);
      if (ids) ids.push(productId);
      else members[kind].set(slug, [productId]);
    }
  }
  // A group's set is made the first time its list is filtered, then kept with the index.
  const scopes = new Map<string, Bits>();
  return {
    index,
    search,
    build: ++builds,
    scope(kind, slug) {
      const key = `${kind}:${slug}`;
      let bits = scopes.get(key);
      if (!bits) {
        const ids = members[kind].get(slug);
        if (!ids) return undefined;
        scopes.set(key, (bits = index.bitsOf(ids)));
      }
      return bits;
    },
  };
}

/** How long lists may use an index while likes or stock have moved and no watch says so. */
const UNWATCHED_MS = 5_000;
/**
 * A catalog change is waited for in a catalog of fewer pieces than this (a boutique's shop: its
 * build takes milliseconds). A bigger one's build takes a second or more (2.5 s at 100,000 on a
 * busy machine): lists then go on with the index before the change until the next is built,
 * rather than every shopper waiting on each edit. Counted in pieces, not in a build's measured
 * time: on a loaded machine a small shop's build once took over 250 ms, and an owner's edit then
 * missed the very next list.
 */
const WAIT_FOR_BUILDS_UNDER_PIECES = 10_000;
/** Background builds rest nine times their own length between them: at most a tenth of a core. */
const REST_BETWEEN_BUILDS = 9;

export function facetCatalogSource(db: Db, watch: CatalogWatch) {
  let current: { catalog: FacetCatalog; tag: string; firm: string; tookMs: number; builtAt: number } | undefined;
  let building: Promise<FacetCatalog> | undefined;
  let later: NodeJS.Timeout | undefined;

  /** `firm`: what must be waited for (the catalog, settings); `tag`: all the index reflects. */
  async function stampNow() {
    const live = watch.live();
    if (live) return { firm: `${live.catalog}.${live.shop}`, tag: `${live.catalog}.${live.shop}.${live.likes}.${live.stock}` };
    const firm = `v${await watch.version()}`;
    return { firm, tag: `${firm}.${Math.floor(Date.now() / UNWATCHED_MS)}` };
  }

  /** One build at a time; its stamp is read before its rows, so it never claims a change it may have missed. */
  function rebuild(firm: string, tag: string): Promise<FacetCatalog> {
    const started = performance.now();
    building ??= facetRows(db)
      .then(async (rows) => {
        const catalog = await buildFacetCatalog(rows);
        current = { catalog, tag, firm, tookMs: performance.now() - started, builtAt: performance.now() };
        return catalog;
      })
      .finally(() => {
        building = undefined;
      });
    return building;
  }

  /**
   * The next build in the background, once the last one is REST_BETWEEN_BUILDS of its own length
   * behind: a stream of changes (a sale a second, an owner's bulk edit) then costs at most a tenth
   * of a core, and the last change is built in all the same.
   */
  function rebuildSoon(last: NonNullable<typeof current>) {
    if (building || later) return;
    const wait = Math.max(0, last.builtAt + last.tookMs * REST_BETWEEN_BUILDS - performance.now());
    later = setTimeout(() => {
      later = undefined;
      void stampNow()
        .then(({ firm, tag }) => (current?.tag === tag ? undefined : rebuild(firm, tag)))
        .catch(() => {});
    }, wait).unref();
  }

  return async function facetCatalog(): Promise<FacetCatalog> {
    const { firm, tag } = await stampNow();
    if (current?.tag === tag) return current.catalog;
    if (current && (current.firm === firm || current.catalog.index.size >= WAIT_FOR_BUILDS_UNDER_PIECES)) {
      // The lists go on with this index while the next is built.
      rebuildSoon(current);
      return current.catalog;
    }
    // A build that started before the change may not hold it: wait for it, then build again.
    if (building) await building.catch(() => {});
    if (current?.tag === tag) return current.catalog;
    return rebuild(firm, tag);
  };
}
