/**
 * The screens the web app has. The server answers these paths with the app and status 200, and
 * every other path (and a product that does not exist) with the app's not-found screen and 404.
 */
export const SCREEN_PATHS = ['/', '/products', '/about', '/shipping', '/faq'] as const;

/** Screens later stages build; until then each shows Coming Soon at its real path (design.md). */
export const COMING_SOON_PATHS = ['/login', '/signup', '/cart', '/favorites', '/checkout', '/orders', '/profile'] as const;

const PRODUCT_PATH = /^\/product\/(\d{1,10})$/;

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
