/**
 * The screens the web app has. The server answers these paths with the app and status 200, and
 * every other path (and a product, category or collection that does not exist) with the app's
 * not-found screen and 404.
 */
export const SCREEN_PATHS = [
  '/',
  '/products',
  '/about',
  '/shipping',
  '/faq',
  '/best-seller',
  '/just-landed',
  '/categories',
  '/collections',
  '/career',
  '/help',
] as const;

/** Screens later stages build; until then each shows Coming Soon at its real path (design.md). */
export const COMING_SOON_PATHS = ['/login', '/signup', '/cart', '/favorites', '/checkout', '/orders', '/profile'] as const;

const PRODUCT_PATH = /^\/product\/(\d{1,10})$/;
// The slug pattern is the API's slugParam (catalog.contract.ts); web.test.ts checks they agree.
const GROUP_PATH = /^\/(categories|collections)\/([a-z0-9-]{1,80})$/;

export type GroupKind = 'category' | 'collection';

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isScreenPath(pathname: string): boolean {
  const p = normalise(pathname);
  return (SCREEN_PATHS as readonly string[]).includes(p) || (COMING_SOON_PATHS as readonly string[]).includes(p);
}

/** The product id in a /product/{id} path, or null for any other path. */
export function productIdOfPath(pathname: string): number | null {
  const m = PRODUCT_PATH.exec(normalise(pathname));
  return m ? Number(m[1]) : null;
}

/** The group in a /categories/{slug} or /collections/{slug} path, or null for any other path. */
export function groupOfPath(pathname: string): { kind: GroupKind; slug: string } | null {
  const m = GROUP_PATH.exec(normalise(pathname));
  if (!m) return null;
  return { kind: m[1] === 'categories' ? 'category' : 'collection', slug: m[2]! };
}

/** Where a group's page lives. */
export const groupPath = (kind: GroupKind, slug: string) => `/${kind === 'category' ? 'categories' : 'collections'}/${slug}`;
