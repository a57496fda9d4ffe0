/**
 * What the server writes into a page's <head> so that a shared link (WhatsApp, search engines)
 * shows the product without running the app: title, description, canonical URL, Open Graph tags
 * and JSON-LD. Everything from the database is escaped: a product name with quotes or </script>
 * cannot break out of its attribute or script.
 */
import type { Availability } from '../../shared/catalog.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { scriptJson, SSR_DATA_ID } from '../../shared/script-json.ts';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of this page. */
  url: string;
  image?: string;
  /** Placeholder screens and missing pages: keep them out of search results. */
  noindex?: boolean;
  /** Ready-made `<link>` lines (preloads), trusted: built by the server, never from the database. */
  links?: string[];
  product?: { name: string; price: number; offerPrice: number | null; availability: Availability };
}



const SCHEMA_AVAILABILITY: Record<Availability, string> = {
  'In Stock': 'https://schema.org/InStock',
  'Only a few left': 'https://schema.org/LimitedAvailability',
  'Out of Stock': 'https://schema.org/OutOfStock',
};

const rupees = (paise: number) => (paise / 100).toFixed(2);

/** Long enough for any real title or description, short enough that no product can bloat a page. */
const MAX_TITLE = 200;
const MAX_DESCRIPTION = 320;
const cut = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

function productJsonLd(meta: PageMeta) {
  const p = meta.product!;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: cut(p.name, MAX_TITLE),
    description: meta.description,
    image: meta.image ? [meta.image] : undefined,
    url: meta.url,
    offers: {
      '@type': 'Offer',
      priceCurrency: 'INR',
      price: rupees(p.offerPrice ?? p.price),
      availability: SCHEMA_AVAILABILITY[p.availability],
      url: meta.url,
    },
  };
}

export function renderHead(meta: PageMeta, nonce: string): string {
  const tag = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}" />`;
  meta = { ...meta, title: cut(meta.title, MAX_TITLE), description: cut(meta.description, MAX_DESCRIPTION) };
  const lines = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    // The page's CSP nonce, for the <style> elements the app writes at run time (src/web/lib/csp-nonce.ts).
    `<meta property="csp-nonce" nonce="${escapeHtml(nonce)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    tag('og:site_name', 'Vastra'),
    tag('og:type', meta.product ? 'product' : 'website'),
    tag('og:title', meta.title),
    tag('og:description', meta.description),
    tag('og:url', meta.url),
  ];
  if (meta.noindex) lines.push('<meta name="robots" content="noindex" />');
  if (meta.links) lines.push(...meta.links);
  if (meta.image) lines.push(tag('og:image', meta.image), `<meta name="twitter:card" content="summary_large_image" />`);
  if (meta.product) {
    lines.push(
      tag('product:price:amount', rupees(meta.product.offerPrice ?? meta.product.price)),
      tag('product:price:currency', 'INR'),
      `<script type="application/ld+json">${scriptJson(productJsonLd(meta))}</script>`,
    );
  }
  return lines.join('\n    ');
}

/** A page drawn on the server: the app's markup for inside the root, and its data as script-safe JSON. */
export interface DrawnPage {
  html: string;
  data: string;
  /** A drawn product page's product, for its head (so the page reads it once). */
  product?: { name: string; description: string | null; price: number; offerPrice: number | null; availability: Availability; thumbnail: string | null; images: string[] };
}

/** What index.html holds in the root until the app draws (src/web/index.html). */
const ROOT_PLACEHOLDER = '<div class="app-loading" role="status">Loading application...</div>';

/**
 * The built index.html, cut once at start into what comes before and after the page's head (its
 * own title and description taken out), and around the root's placeholder. A page is then strings
 * joined: request and product data are never passed through String.replace, whose `$&`, `$\``
 * and `$'` patterns would copy the document into itself.
 */
export function pageTemplate(html: string): (meta: PageMeta, nonce: string, drawn?: DrawnPage | null) => string {
  const bare = html.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
  const at = bare.indexOf('</head>');
  if (at === -1) throw new Error('index.html has no </head>');
  const before = bare.slice(0, at);
  const after = bare.slice(at);
  const root = after.indexOf(ROOT_PLACEHOLDER);
  const end = after.lastIndexOf('</body>');
  // A stand-in index.html (API tests) may have no placeholder: its pages are never drawn.
  const drawable = root !== -1 && end > root;
  return (meta, nonce, drawn) => {
    const start = `${before}  ${renderHead(meta, nonce)}\n  `;
    if (!drawn || !drawable) return start + after;
    const data = `<script type="application/json" id="${SSR_DATA_ID}">${drawn.data}</script>\n  `;
    return start + after.slice(0, root) + drawn.html + after.slice(root + ROOT_PLACEHOLDER.length, end) + data + after.slice(end);
  };
}
