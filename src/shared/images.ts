/**
 * Image variants. Every picture the store makes is stored once per width as `<name>-<w>.webp`,
 * plus `<name>.webp` at the largest width (for Open Graph and external links). Products keep the
 * plain `<name>.webp` URL; the browser asks for a width through `srcset`.
 */
export const PRODUCT_IMAGE_WIDTHS = [320, 480, 768, 1080] as const;
export const BANNER_DESKTOP_WIDTHS = [1280, 1920] as const;
export const BANNER_MOBILE_WIDTHS = [480, 768] as const;
export const POSTER_WIDTHS = [480, 768] as const;

/** How wide the product page's main picture shows: its srcset `sizes`, and the server's preload. */
export const GALLERY_SIZES = '(min-width: 1024px) 560px, 100vw';
export const GALLERY_SRC_WIDTH = 768;

/** Product pictures are portrait, 3:4, the way sarees and kurtas are photographed. */
export const PRODUCT_ASPECT = { width: 3, height: 4 } as const;

const LOCAL_WEBP = /^(\/images\/.+)\.webp$/;
/** An owner's or a buyer's uploaded photograph (or one width of it), by its name after `/images`. */
const UPLOADED = /^\/images(\/(?:products\/u|reviews\/r)-)/;

/**
 * Where the uploaded photographs are fetched from: '' for the shop's own `/images/` (the default),
 * or the bucket's public address (`IMAGES_PUBLIC_URL`, issue 52), without a trailing slash. One
 * setting of the whole deployment, so a module's own: set as a server starts (app.ts) and in each
 * drawing thread's renderer (drawing-worker.ts), and read in the browser from the page's
 * `photos-from` meta as this module starts, so a drawn page and its takeover agree.
 */
let photosFrom = globalThis.document?.querySelector<HTMLMetaElement>('meta[name=photos-from]')?.content ?? '';
export function fetchPhotosFrom(base: string | undefined): void {
  photosFrom = base ?? '';
}
export const photosFromAddress = (): string => photosFrom;

/** A picture's URL as a page writes it: an uploaded photograph from the bucket's public address when there is one. */
export const photoSrc = (url: string): string => (photosFrom && UPLOADED.test(url) ? photosFrom + url.slice(7) : url);

/** The URL of one width of a locally stored picture; other URLs come back unchanged. */
export function imageAtWidth(url: string, width: number): string {
  const m = LOCAL_WEBP.exec(url);
  return m ? photoSrc(`${m[1]}-${width}.webp`) : url;
}

/** A `srcset` for a locally stored picture, or undefined for an external URL. */
export function imageSrcSet(url: string, widths: readonly number[] = PRODUCT_IMAGE_WIDTHS): string | undefined {
  if (!LOCAL_WEBP.test(url)) return undefined;
  return widths.map((w) => `${imageAtWidth(url, w)} ${w}w`).join(', ');
}

/** A photograph the storage could not take just now (issue 52): the owner's and the shopper's words alike. */
export const PHOTO_NOT_STORED_NOW = 'The photograph could not be stored just now. Please try again in a minute.';
