/**
 * A drawn page sent as gzip with its start compressed once per kept copy (../http/gzip-parts.ts):
 * of a page drawn on the server, only the CSP nonce differs from one request to the next, and
 * page-meta.ts writes it last. Compressing the whole page on every view was over a third of what a
 * kept page cost (bench/).
 *
 * A start depends on the copy (kept-pages.ts keeps one per path and catalog stamp), the web fonts'
 * class and the origin its links name. Without PUBLIC_URL that origin is the request's Host, valid
 * but chosen by whoever sends it (request-guards.ts), so a copy keeps a few starts at most: made-up
 * Hosts cost a compression each, never memory.
 */
import { gzipWithEnd, zipStart, type ZippedStart } from '../http/gzip-parts.ts';
import type { DrawnPage } from './page-meta.ts';

/** Starts kept per copy: both fonts' forms for one origin, with room for a second. */
const STARTS_PER_PAGE = 4;
/** Where the page is cut: the nonce's place, found after everything the page's content could hold. */
const NONCE_SLOT = 'vastra-nonce-slot';
/** What may follow the nonce, in bytes: a page's close, sent uncompressed with each view. */
const REST_MAX = 1024;

/** A kept start, or null for a page whose nonce is not at its end (sent as before). */
type Start = { zipped: ZippedStart; rest: string } | null;

const starts = new WeakMap<DrawnPage, Map<string, Start>>();

/**
 * The page as gzip for this request, or null when its nonce is not at its end. `variant` names
 * what else the start depends on (the fonts, the origin); `page` writes the page for a nonce, and is
 * called only when the start is not kept.
 */
export function zippedPage(drawn: DrawnPage, variant: string, page: (nonce: string) => string, nonce: string): Uint8Array<ArrayBuffer> | null {
  let kept = starts.get(drawn);
  let start = kept?.get(variant);
  if (start === undefined) {
    const html = page(NONCE_SLOT);
    const at = html.lastIndexOf(NONCE_SLOT);
    const rest = Buffer.from(html.slice(at + NONCE_SLOT.length), 'utf8');
    // Kept as a string of its own (from its bytes): a slice of the page is a view that holds the
    // whole page, 50 KB at two bytes a character (a page names ₹), for as long as the copy is kept.
    start = at === -1 || rest.length > REST_MAX ? null : { zipped: zipStart(html.slice(0, at)), rest: rest.toString('utf8') };
    if (!kept) starts.set(drawn, (kept = new Map()));
    if (kept.size < STARTS_PER_PAGE) kept.set(variant, start);
  }
  return start && gzipWithEnd(start.zipped, nonce + start.rest);
}
