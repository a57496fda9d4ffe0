/**
 * Paths of the screens in the registry (screens.ts). The server answers a screen's path with the
 * app and status 200, and every other path (and a product, category or collection that does not
 * exist) with the app's not-found screen and 404.
 */
import { SCREENS, screenAt, type Screen } from './screens.ts';

const PRODUCT_PATH = /^\/product\/(\d{1,10})$/;
// The slug pattern is the API's slugParam (catalog.contract.ts); web.test.ts checks they agree.
const GROUP_PATH = /^\/(categories|collections)\/([a-z0-9-]{1,80})$/;

export type GroupKind = 'category' | 'collection';

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Whether `pathname` is a screen at a fixed path (no product or group in it). */
export function isScreenPath(pathname: string): boolean {
  return screenAt(normalise(pathname)) !== undefined;
}

const PRODUCT_SCREEN = SCREENS.find((s) => s.path === '/product/:id')!;
const GROUP_SCREENS = {
  category: SCREENS.find((s) => s.path === '/categories/:slug')!,
  collection: SCREENS.find((s) => s.path === '/collections/:slug')!,
};

/** The registry's screen for a path, fixed or with a product id or group slug in it. */
export function screenOfPath(pathname: string): Screen | undefined {
  if (productIdOfPath(pathname) !== null) return PRODUCT_SCREEN;
  const group = groupOfPath(pathname);
  return group ? GROUP_SCREENS[group.kind] : screenAt(normalise(pathname));
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

/** The largest id PostgreSQL's integer holds (as catalog.contract.ts's MAX_ID, which brings zod). */
const MAX_ID = 2_147_483_647;

/**
 * The one URL of a page: no trailing slash, the product id in plain digits. `/products/` and
 * `/product/01` are the same pages as `/products` and `/product/1`, and are sent there; null when
 * the path is no page of ours at all (never a redirect elsewhere: `//host/` is not a page).
 */
export function canonicalPath(pathname: string): string | null {
  const p = normalise(pathname);
  const id = productIdOfPath(p);
  if (id !== null) return id >= 1 && id <= MAX_ID ? `/product/${id}` : null;
  return isScreenPath(p) || groupOfPath(p) ? p : null;
}

/** Where a group's page lives. */
export const groupPath = (kind: GroupKind, slug: string) => `/${kind === 'category' ? 'categories' : 'collections'}/${slug}`;
