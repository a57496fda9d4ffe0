/**
 * The screens the web app has. The server answers these paths with the app and status 200, and
 * every other path with the app's not-found screen and status 404.
 */
export const SCREEN_PATHS = ['/', '/products'] as const;

export function isScreenPath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (SCREEN_PATHS as readonly string[]).includes(p);
}
