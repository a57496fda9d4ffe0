/**
 * The only style attributes a page drawn on the server may carry. The page's CSP refuses inline
 * styles; each value here is allowed by its hash alone (`style-src-attr 'unsafe-hashes'`, see
 * server/http/security-headers.ts), so no other style attribute can ride in with it.
 *
 * The product gallery's zoom (react-zoom-pan-pinch) draws its content at rest with this style, as
 * React writes it into markup. If the library ever writes it differently, the browser test that
 * fails on any CSP violation and server-drawn.test.ts (every style attribute of a drawn product
 * page must be one of these) both say so.
 */
export const DRAWN_STYLE_ATTRIBUTES = ['transform-origin:0 0;transform:translate(0px, 0px) scale(1)'] as const;
