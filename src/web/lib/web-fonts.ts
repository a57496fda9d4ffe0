import { useLayoutEffect, useRef } from 'react';
import { WEB_FONTS_CLASS } from '../../shared/web-fonts.ts';

let fetched = false;

/**
 * The web fonts for the app's frame (src/shared/web-fonts.ts): fetched once the first page has
 * settled, and named from the next screen a shopper moves to after that, before it paints. The
 * type changes in the frame their tap brought, which is not counted as a layout shift (nothing
 * that moves within half a second of input is).
 */
export function useWebFonts(pathname: string) {
  const first = useRef(true);
  useLayoutEffect(() => {
    const html = document.documentElement.classList;
    if (html.contains(WEB_FONTS_CLASS)) return;
    if (first.current) {
      import('./web-fonts-fetch.ts').then((m) => m.fetchWhenSettled()).then(
        () => (fetched = true),
        () => {}, // Offline, or a file missing: the fallbacks stay, and the next page tries again.
      );
    } else if (fetched) html.add(WEB_FONTS_CLASS);
    first.current = false;
  }, [pathname]);
}
