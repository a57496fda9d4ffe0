import { useLayoutEffect, useRef } from 'react';
import { WEB_FONTS_CLASS, WEB_FONTS_COOKIE } from '../../shared/web-fonts.ts';
import cormorant from '../fonts/cormorant-garamond-latin-600-normal.woff2?url';
import inter from '../fonts/inter-latin-wght-400-700.woff2?url';

/** As long as the files are kept (hashed assets, cached for a year). */
const YEAR_S = 365 * 24 * 60 * 60;
let fetched = false;

/**
 * Once the page is live: the font files into the browser's cache, and the cookie that names them
 * on the next page. Fetched as files, not loaded as the page's faces: a face that loads makes the
 * browser lay out every text again (a long task on a budget phone), though no text names it yet.
 */
async function fetchForLater() {
  try {
    await Promise.all([cormorant, inter].map(async (url) => (await fetch(url)).ok || Promise.reject()));
  } catch {
    return; // Offline, or a file missing: the fallbacks stay, and the next page tries again.
  }
  fetched = true;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${WEB_FONTS_COOKIE}=1; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`;
}

/**
 * The fonts for the app's frame: fetched once it is live, and named from the next screen a shopper
 * moves to, before that screen paints. The type changes in the frame their tap brought, which is
 * not counted as a layout shift (nothing that moves within half a second of input is).
 */
export function useWebFonts(pathname: string) {
  const first = useRef(true);
  useLayoutEffect(() => {
    const html = document.documentElement.classList;
    if (html.contains(WEB_FONTS_CLASS)) return;
    if (first.current) void fetchForLater();
    else if (fetched) html.add(WEB_FONTS_CLASS);
    first.current = false;
  }, [pathname]);
}
