/**
 * What the server writes into a page's <head> so that a shared link (WhatsApp, search engines)
 * shows the product without running the app: title, description, canonical URL, Open Graph tags
 * and JSON-LD. Everything from the database is escaped: a product name with quotes or </script>
 * cannot break out of its attribute or script.
 */
import type { Availability } from '../../shared/catalog.ts';
import type { PageHead } from '../../shared/page-head.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { APP_BOOT_ID, type AppBoot } from '../../shared/app-boot.ts';
import { photosFromAddress } from '../../shared/images.ts';
import type { ModuleHints } from './preloads.ts';
import { scriptJson, SSR_DATA_ID } from '../../shared/script-json.ts';
import { WEB_FONTS_CLASS } from '../../shared/web-fonts.ts';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of this page. */
  url: string;
  image?: string;
  /** Placeholder screens and missing pages: keep them out of search results. */
  noindex?: boolean;
  /** Ready-made `<link>` lines (picture preloads), trusted: built by the server, never from the database. */
  links?: string[];
  /** The screen's module hints (preloads.ts): written as links, or handed to the boot script on a drawn page. */
  modules?: ModuleHints;
  product?: PageHead['product'];
  /** The shopper's browser holds the web fonts (src/shared/web-fonts.ts): the page names them from its first paint. */
  webFonts?: boolean;
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
    // Only with the reviews on the page (issue 51): the rating and the reviews drawn with it.
    ...(p.rating && {
      aggregateRating: { '@type': 'AggregateRating', ratingValue: p.rating.average.toFixed(1), reviewCount: p.rating.count, bestRating: 5, worstRating: 1 },
      review: p.rating.reviews.map((r) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: r.author },
        reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
        name: r.title,
        ...(r.text && { reviewBody: r.text }),
        datePublished: r.date,
      })),
    }),
  };
}

/**
 * The page's CSP nonce, for the <style> elements the app writes at run time (src/web/lib/csp-nonce.ts,
 * which reads it when the app starts, after the whole page is parsed).
 */
const nonceMeta = (nonce: string) => `<meta property="csp-nonce" nonce="${escapeHtml(nonce)}" />`;

/**
 * Where the owner's photographs come from, when not from this server (IMAGES_PUBLIC_URL): said to
 * the app (main.tsx), and the connection to it opened while the page is still read.
 */
function photosFromLines(): string[] {
  const base = photosFromAddress();
  if (!base) return [];
  return [`<meta name="photos-from" content="${escapeHtml(base)}" />`, `<link rel="preconnect" href="${escapeHtml(new URL(base).origin)}" />`];
}

/** The head's lines; the nonce's among them when given (a drawn page writes it last instead). */
export function renderHead(meta: PageMeta, nonce?: string): string {
  const tag = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}" />`;
  meta = { ...meta, title: cut(meta.title, MAX_TITLE), description: cut(meta.description, MAX_DESCRIPTION) };
  const lines = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    ...(nonce === undefined ? [] : [nonceMeta(nonce)]),
    ...photosFromLines(),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    tag('og:site_name', 'Vastra'),
    tag('og:type', meta.product ? 'product' : 'website'),
    tag('og:title', meta.title),
    tag('og:description', meta.description),
    tag('og:url', meta.url),
  ];
  if (meta.noindex) lines.push('<meta name="robots" content="noindex" />');
  if (meta.links) lines.push(...meta.links);
  if (meta.modules) lines.push(...meta.modules.lines);
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

/** A page drawn on the server: the app's markup for inside the root, its data as script-safe JSON, and its head. */
export interface DrawnPage {
  html: string;
  data: string;
  /** What its route says of it (src/web/drawing/route-head.ts), from what the drawing read: nothing is read again for it. */
  head: PageHead;
  /** 404: the page's product or group does not exist, and its not-found is what was drawn. */
  status: 200 | 404;
}

/**
 * A drawn page is painted whole: the browser holds its first paint until the data block after the
 * root is parsed. A slow line delivers the HTML in pieces, and Chromium paints what it has parsed
 * so far; a row then moved when its later items arrived (the header's icons, the filter bar, the
 * gallery's zoom buttons), and that is a layout shift (decision 0039). Browsers without
 * rel="expect" ignore the line and paint as before.
 */
const PAINT_WHOLE = `<link rel="expect" href="#${SSR_DATA_ID}" blocking="render" />`;

/** What index.html holds in the root until the app draws (src/web/index.html). */
const ROOT_PLACEHOLDER = '<div class="app-loading" role="status">Loading application...</div>';

/**
 * The built index.html, cut once at start into what comes before and after the page's head (its
 * own title and description taken out), and around the root's placeholder. A page is then strings
 * joined: request and product data are never passed through String.replace, whose `$&`, `$\``
 * and `$'` patterns would copy the document into itself.
 */
export function pageTemplate(html: string, bootScript?: string | null): (meta: PageMeta, nonce: string, drawn?: DrawnPage | null) => string {
  const bare = html.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
  const at = bare.indexOf('</head>');
  if (at === -1) throw new Error('index.html has no </head>');
  const before = withAndWithoutFonts(bare.slice(0, at));
  const after = bare.slice(at);
  const root = after.indexOf(ROOT_PLACEHOLDER);
  const end = after.lastIndexOf('</body>');
  // A stand-in index.html (API tests) may have no placeholder: its pages are never drawn.
  const drawable = root !== -1 && end > root;
  const waiting = bootScript ? startLater(before.plain, bootScript) : null;
  const waitingHead = waiting && withAndWithoutFonts(waiting.head);
  // The boot block of each screen's hints, written once (the hints are worked out once per screen).
  const blocks = new WeakMap<ModuleHints, string>();
  const NO_MODULES: ModuleHints = { lines: [], hrefs: [] };
  const bootBlock = (entry: string, template: string[], hints: ModuleHints) => {
    let block = blocks.get(hints);
    if (block === undefined) {
      const boot: AppBoot = { entry, modules: [...template, ...hints.hrefs] };
      block = `<script type="application/json" id="${APP_BOOT_ID}">${scriptJson(boot)}</script>\n  `;
      blocks.set(hints, block);
    }
    return block;
  };
  return (meta, nonce, drawn) => {
    const fonts = meta.webFonts ? 'fonts' : 'plain';
    if (!drawn || !drawable) return `${before[fonts]}  ${renderHead(meta, nonce)}\n  ${after}`;
    let head = before[fonts];
    let tail = '';
    if (waiting) {
      tail = bootBlock(waiting.entry, waiting.modules, meta.modules ?? NO_MODULES);
      meta = { ...meta, modules: undefined };
      head = waitingHead![fonts];
    }
    const data = `<script type="application/json" id="${SSR_DATA_ID}">${drawn.data}</script>\n  `;
    // The nonce last: all before it is the same for every request, and is compressed once (zipped-pages.ts).
    return `${head}  ${PAINT_WHOLE}\n    ${renderHead(meta)}\n  ${after.slice(0, root)}${drawn.html}${after.slice(root + ROOT_PLACEHOLDER.length, end)}${data}${tail}${nonceMeta(nonce)}\n${after.slice(end)}`;
  };
}

/** A page's start as it is, and with the class on its <html> that names the web fonts (styles.css). */
const withAndWithoutFonts = (head: string) => ({ plain: head, fonts: head.replace(/<html\b/, () => `<html class="${WEB_FONTS_CLASS}"`) });

/** The entry script and module hints Vite writes into index.html's head. */
const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/;
const MODULE_HINT = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>\n?/g;

/**
 * A drawn page's head without the app's entry and module hints, which would share a slow line
 * with the page's first pictures: src/web/drawing/boot.ts asks for them once those have painted. Null
 * when index.html has no entry to move (a stand-in in tests).
 */
function startLater(head: string, bootScript: string): { head: string; entry: string; modules: string[] } | null {
  const entry = ENTRY_SCRIPT.exec(head)?.[1];
  if (!entry) return null;
  const modules = [...head.matchAll(MODULE_HINT)].map((m) => m[1]!);
  const boot = `    <script type="module" crossorigin src="/${bootScript}"></script>\n`;
  return { head: head.replace(MODULE_HINT, '').replace(ENTRY_SCRIPT, () => boot), entry, modules };
}
