/**
 * Load More as an address (issue 47, docs/decisions/0040): a list drawn on the server shows as
 * many pages as its address asks (`?show=24`), so its Load More is a real link to the next page,
 * followed before the app runs or without script at all. The app turns it back into the button.
 */
import { pageAnchor, PRODUCTS_PAGE_SIZE } from './catalog.ts';
import { listingQuery } from './filters.ts';

export const SHOW_PARAM = 'show';

/**
 * The most pages one address draws (240 pieces): the link stops there, and a larger ask is this
 * many, so a crafted address cannot make a page without end, nor pages without number.
 */
export const MAX_SHOWN_PAGES = 20;

/** How many of a list's pages the address asks to see, from 1 (no ask, or one not understood) to the most. */
export function shownPages(params: URLSearchParams): number {
  const show = params.get(SHOW_PARAM) ?? '';
  if (!/^[1-9]\d{0,5}$/.test(show)) return 1;
  return Math.min(MAX_SHOWN_PAGES, Math.ceil(Number(show) / PRODUCTS_PAGE_SIZE));
}

/** The ask for `pages` pages as the address writes it (none for one). */
const showPart = (pages: number) => (pages > 1 ? `${SHOW_PARAM}=${pages * PRODUCTS_PAGE_SIZE}` : '');

/**
 * The query a list is drawn and kept by: its listing query (the term and the filters in their one
 * form) and how many pages it shows, in whole pages.
 */
export function drawnQuery(params: URLSearchParams): string {
  const listing = listingQuery(params);
  const show = showPart(shownPages(params));
  if (!show) return listing;
  return listing ? `${listing}&${show}` : `?${show}`;
}

/**
 * Where Load More leads from a list at `path` with `params`, showing `pages` pages: the same list
 * with one more, at the first new piece; null once the address shows the most it may.
 */
export function nextPageHref(path: string, params: URLSearchParams, pages: number): string | null {
  if (pages >= MAX_SHOWN_PAGES) return null;
  const listing = listingQuery(params);
  const show = showPart(pages + 1);
  return `${path}${listing ? `${listing}&` : '?'}${show}#${pageAnchor(pages + 1)}`;
}
