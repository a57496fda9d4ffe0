/**
 * The web fonts' files, fetched for a later page view (src/shared/web-fonts.ts) once this page has
 * settled. A chunk of its own, asked for after the app has taken the page over: none of it is
 * needed to draw the page or to answer a tap.
 */
import { WEB_FONTS_COOKIE } from '../../shared/web-fonts.ts';
import cormorant from '../fonts/cormorant-garamond-latin-600-normal.woff2?url';
import inter from '../fonts/inter-latin-wght-400-700.woff2?url';

/** As long as the files are kept (hashed assets, cached for a year). */
const YEAR_S = 365 * 24 * 60 * 60;
/**
 * How long no file of the page may have arrived before the fonts are asked for. The seconds after
 * a page goes live are when a shopper on a slow line scrolls (pictures come near) and taps; files
 * for a later page must not share the line with those.
 */
const QUIET_MS = 2000;

/** Once no file of the page has finished loading for QUIET_MS. */
function settled(): Promise<void> {
  return new Promise((done) => {
    const observer = new PerformanceObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(finish, QUIET_MS);
    });
    let timer = setTimeout(finish, QUIET_MS);
    function finish() {
      observer.disconnect();
      done();
    }
    observer.observe({ type: 'resource' });
  });
}

/**
 * The files into the browser's cache, one after the other and at low priority, then the cookie
 * that names them on the next page. Fetched as files, not loaded as this page's faces: a face that
 * loads makes the browser lay out every text again, though no text names it yet. Rejects when a
 * file could not be had (offline): the fallbacks stay, and the next page tries again.
 */
export async function fetchWhenSettled(): Promise<void> {
  await settled();
  for (const url of [cormorant, inter]) if (!(await fetch(url, { priority: 'low' })).ok) throw new Error(`${url}: not fetched`);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${WEB_FONTS_COOKIE}=1; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`;
}
