/**
 * JSON that is safe inside a <script> element (a page's JSON-LD, a server-drawn page's data): no
 * '<' (so no '</script>' or '<!--' from a product's name), no line separators old parsers choke on.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The id of the block a page drawn on the server carries its data in (src/web/drawing/ssr-data.ts reads it). */
export const SSR_DATA_ID = 'ssr-data';
