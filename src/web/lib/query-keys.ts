/**
 * Every query key of the web app, in one place (docs/decisions/0017-web-data-layer.md). Each
 * endpoint's queryOptions factory takes its key from here, and a change in one corner of the shop
 * names here the keys it touches in another (a like changes counts on cards, a catalog edit the
 * cart's lines): features never import each other, but all of them can import these.
 *
 * Keys that hold one shopper's data carry the shopper's id, so one account never reads another's.
 */
import type { QueryClient } from '@tanstack/react-query';

export const queryKeys = {
  session: ['session'] as const,
  pricing: ['pricing'] as const,
  /** Everything that shows product cards or a product: lists, search, suggestions, a product's page. */
  products: ['products'] as const,
  productPages: (list: string, pageSize: number) => ['products', 'pages', list, pageSize] as const,
  /**
   * A listing screen's pages with their filters and counts (issue 20). `filters` is the address's
   * choices as shared/filters.ts writes them: one form per choice, so an address cannot make keys
   * without end.
   */
  listPages: (list: string, filters: string) => ['products', 'list', list, filters] as const,
  // The exact term: folding it here (`İ` and `i̇` lower-case alike in JavaScript) would show one
  // term's answer for another; the server decides what is the same search (searchKey).
  search: (term: string, filters: string) => ['products', 'search', term, filters] as const,
  /** The counts a choice not yet applied would give (the phone's filter sheet). */
  listCounts: (path: string, filters: string) => ['products', 'counts', path, filters] as const,
  suggestions: (term: string) => ['products', 'suggestions', term] as const,
  product: (id: string) => ['products', 'detail', id] as const,
  // A product's reviews, ['products', 'reviews', id, sort], and a buyer's own, ['profile', id, 'reviews']
  // (issue 51), are named in features/reviews: this file is in home's first download, at its budget.
  /** Every filtered list of one category or collection (the key's start that they share). */
  groupPages: (kind: 'category' | 'collection', slug: string) => ['products', kind, slug] as const,
  categoryPages: (slug: string, filters: string) => ['products', 'category', slug, filters] as const,
  collectionPages: (slug: string, filters: string) => ['products', 'collection', slug, filters] as const,
  categories: ['categories'] as const,
  /** The PIN check's answer for a piece (the same for every shopper; dates move with the day). */
  delivery: (pin: string, productId: number) => ['delivery', pin, productId] as const,
  collections: ['collections'] as const,

  cart: (shopperId: string) => ['cart', shopperId] as const,
  wishlist: (shopperId: string) => ['wishlist', shopperId] as const,
  stockAlerts: (shopperId: string) => ['stock-alerts', shopperId] as const,
  orders: (shopperId: string) => ['orders', shopperId] as const,
  profile: (shopperId: string) => ['profile', shopperId] as const,
  /** Store credit (issue 49), under the profile's root so a sign-out forgets it. */
  storeCredit: (shopperId: string) => ['profile', shopperId, 'store-credit'] as const,
  addresses: (shopperId: string) => ['addresses', shopperId] as const,
  quote: (shopperId: string, buyNow: { productId: number; size?: string } | null, addressId?: string | null) =>
    ['checkout-quote', shopperId, buyNow ? `${buyNow.productId}:${buyNow.size ?? ''}` : 'cart', ...(addressId ? [addressId] : [])] as const,
  quotes: ['checkout-quote'] as const,

  /** The store owner's screens: everything under it is refused to anyone else by the API. */
  admin: ['admin'] as const,
} as const;

/** The first part of every key that holds one shopper's own data: dropped at log out. */
export const SHOPPER_KEY_ROOTS = ['cart', 'wishlist', 'stock-alerts', 'orders', 'profile', 'addresses', 'checkout-quote', 'admin'] as const;

/** What a change to the catalog (a product saved, hidden, imported) makes stale: cards, groups, and the lines that show products. */
export const CATALOG_KEY_ROOTS = ['products', 'categories', 'collections', 'cart', 'wishlist', 'stock-alerts', 'checkout-quote', 'admin'] as const;

const rootIn = (roots: readonly string[]) => (q: { queryKey: readonly unknown[] }) => roots.includes(q.queryKey[0] as string);

/** The catalog changed (the owner saved, hid, showed or imported products): every answer that shows products is asked again. */
export const catalogChanged = (client: QueryClient, except?: (key: readonly unknown[]) => boolean) =>
  client.invalidateQueries({ predicate: (q) => rootIn(CATALOG_KEY_ROOTS)(q) && !except?.(q.queryKey) });

/** The shopper's own answers, dropped at log out. */
export const isShopperKey = rootIn(SHOPPER_KEY_ROOTS);
