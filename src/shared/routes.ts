/**
 * The screens the web app has. The server answers these paths with the app and status 200, and
 * every other path (and a product that does not exist) with the app's not-found screen and 404.
 */
export const SCREEN_PATHS = ['/', '/products'] as const;

const PRODUCT_PATH = /^\/product\/(\d{1,10})$/;

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isScreenPath(pathname: string): boolean {
  return (SCREEN_PATHS as readonly string[]).includes(normalise(pathname));
}

/** The product id in a /product/{id} path, or null for any other path. */
export function productIdOfPath(pathname: string): number | null {
  const m = PRODUCT_PATH.exec(normalise(pathname));
  return m ? Number(m[1]) : null;
}
