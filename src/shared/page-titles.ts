/**
 * Screen titles (from the registry, screens.ts), shared by the server (the HTML head) and the web
 * app (the tab title after a move inside the app).
 */
import { screenAt } from './screens.ts';

export const HOME_TITLE = 'Vastra · Sarees and clothing, handpicked across India';
export const pageTitle = (name: string) => `${name} | Vastra`;
export const screenPath = (path: string) => path.replace(/(.)\/+$/, '$1');

export function screenTitle(path: string, search?: string | null): string {
  const term = search?.trim();
  if (path.startsWith('/products') && term) return pageTitle(`Search results for “${term.slice(0, 100)}”`);
  const title = screenAt(screenPath(path))?.title;
  return title ? pageTitle(title) : HOME_TITLE;
}
