/**
 * The shop's web fonts wait for a later page view (docs/decisions/0024). A first view is set in the
 * fallbacks stretched to the fonts' measure (styles.css), so its first picture does not share a
 * slow line with 58 KB of fonts that `font-display: optional` would mostly not use on that view.
 * Once that page has settled the fonts are fetched into the browser's cache
 * (src/web/lib/web-fonts-fetch.ts), this cookie says so, and the server marks every later page's
 * <html> with the class, which names the fonts from the first paint.
 */
export const WEB_FONTS_COOKIE = 'vastra_fonts';
export const WEB_FONTS_CLASS = 'web-fonts';
