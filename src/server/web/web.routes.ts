/**
 * Serves the built web app: hashed assets cached for a year, the HTML never cached, each file
 * precompressed at build time (brotli, gzip) so no request pays for compression.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { every } from 'hono/combine';
import { cacheFor } from '../http/cache.ts';
import { acceptsGzip, compressed } from '../http/compress.ts';
import { groupHead, type HeadGroup } from '../../shared/group-head.ts';
import { photoSrc } from '../../shared/images.ts';
import { productHead, screenHead, type HeadProduct, type PageHead } from '../../shared/page-head.ts';
import { pageTitle } from '../../shared/page-titles.ts';
import { DEFAULT_PRICING, shopDescription, type PricingSettings } from '../../shared/pricing.ts';
import { canonicalPath, groupOfPath, productIdOfPath, type GroupKind } from '../../shared/routes.ts';
import { drawnQuery } from '../../shared/shown-pages.ts';
import { trackedQuery } from '../../shared/track-query.ts';
import { clientIp } from '../http/client-ip.ts';
import { indexable, screenAt } from '../../shared/screens.ts';
import { WEB_FONTS_COOKIE } from '../../shared/web-fonts.ts';
import { originOf } from '../http/origin.ts';
import { newNonce, pagePolicy } from '../http/security-headers.ts';
import { pageTemplate, type DrawnPage, type PageMeta } from './page-meta.ts';
import { bootScriptOf, preloadsFor, productImagePreload, readManifest } from './preloads.ts';
import { zippedPage } from './zipped-pages.ts';

const YEAR = 'public, max-age=31536000, immutable';
/** Never from a shared cache: each page carries its own CSP nonce, and its links may name the request's Host (without PUBLIC_URL). */
const PAGE_CACHING = 'private, no-cache';

/** What an undrawn product page's head is made from; null when there is no such product (a real 404). */
export type ProductForPage = (id: number) => Promise<HeadProduct | null>;

/** What an undrawn category or collection page's head is made from; null when there is no such group (a real 404). */
export type GroupForPage = (kind: GroupKind, slug: string) => Promise<HeadGroup | null>;

/** Where page heads come from: the catalog service provides the first two, the pricing settings the shop's own description. */
export interface PageSources {
  productForPage: ProductForPage;
  groupForPage: GroupForPage;
  pricing?: () => Promise<PricingSettings>;
}

const NO_SOURCES: PageSources = { productForPage: async () => null, groupForPage: async () => null };

/** Draws a public page on the server (dist/ssr, issue 19); null when that page is not drawn there. */
/** Who the page is drawn for: the address its look-ups are counted against (the tracking page's). */
export interface Asker {
  address: string;
}

export type DrawPage = (pathAndQuery: string, asker?: Asker) => Promise<DrawnPage | null>;

/**
 * npm run dev (src/server/dev-server.ts): the page as Vite serves it at this moment, its scripts
 * and styles stamped with `nonce` (the placeholder Vite was given), for the request's own nonce.
 */
export interface DevPages {
  html(url: string): Promise<string>;
  nonce: string;
}

export function webRoutes(webDir: string, sources: PageSources = NO_SOURCES, publicUrl?: string, draw?: DrawPage, dev?: DevPages, trustProxyHops = 0) {
  const files = new Hono();
  const indexFile = path.join(webDir, 'index.html');
  const html = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const manifest = readManifest(webDir);
  const page = html ? pageTemplate(html, bootScriptOf(manifest)) : null;
  const root = path.relative(process.cwd(), webDir) || '.';
  const preloads = preloadsFor(manifest, html ?? '');

  files.get('/assets/*', cacheFor(YEAR), serveStatic({ root, precompressed: true }), (c) => c.text('Not found', 404));
  // Other files Vite copies from public/ (favicon), each a route of its own, found once at the
  // start: a page's path never costs a stat, and robots.txt never matches a catch-all. Not hashed,
  // so cached for a day. The HTML is drawn below; the build manifest stays private.
  const publicFile = every(cacheFor('public, max-age=86400'), serveStatic({ root, precompressed: true }));
  for (const file of publicFiles(webDir)) files.get(`/${file}`, publicFile);
  const drawPage = async (c: Context) => {
    const canonical = canonicalPath(c.req.path);
    if ((!page && !dev) || (canonical && canonical !== c.req.path)) return notAPage(c, canonical, Boolean(page || dev));
    const nonce = newNonce();
    const policy = pagePolicy(nonce, Boolean(dev));
    // A page as HTML, compressed here if it is worth it. The headers are set only now: a kept
    // page's zipped answer, below, sets its own as a plain object.
    const htmlPage = (markup: string, status: 200 | 404) => {
      c.header('Cache-Control', PAGE_CACHING);
      c.header('Content-Security-Policy', policy);
      return compressed(c, c.html(markup, status));
    };
    const template = dev ? pageTemplate((await dev.html(c.req.url)).replaceAll(dev.nonce, nonce)) : page!;
    // Only the one value the page itself writes counts; the cookie is never written into the page.
    const webFonts = getCookie(c, WEB_FONTS_COOKIE) === '1';
    const fill: typeof template = (meta, ...rest) => template({ ...meta, webFonts }, ...rest);
    const origin = originOf(c, publicUrl);
    const url = origin + c.req.path;
    const { pictures, modules } = preloads(c.req.path);
    // A page's head as written, drawn or not: a missing product's or group's is a 404, kept out of
    // search results, with no picture to ask for first; a product's own picture goes first.
    const metaOf = (head: PageHead, status: 200 | 404): PageMeta => {
      if (status === 404) c.header('X-Robots-Tag', 'noindex');
      const links = status === 404 ? undefined : head.picture !== undefined ? productImagePreload(head.picture) : pictures;
      return { ...head, url, image: head.image ? new URL(photoSrc(head.image), origin).toString() : undefined, links, modules };
    };
    // The path and the listing's query in its one form: the page's markup never depends on the
    // Host a request names, nor on parameters no screen reads (shared/filters.ts listingQuery), and
    // how many of a list's pages it shows (shared/shown-pages.ts).
    const queryAt = c.req.url.indexOf('?');
    const params = new URLSearchParams(queryAt === -1 ? '' : c.req.url.slice(queryAt));
    // The tracking page is drawn for its look-up, counted against the shopper's address (issue 48).
    const query = c.req.path === '/track' ? trackedQuery(params) : queryAt === -1 ? '' : drawnQuery(params);
    const drawn = await draw?.(c.req.path + query, { address: clientIp(c, trustProxyHops) });
    if (drawn) {
      // Its route said its head, from what the drawing read: the product is read once, not twice.
      // A product's or group's not-found goes out as drawn, a 404.
      const { head, status } = drawn;
      // Its head is written once per kept copy's start, not per view.
      const filled = (slot: string) => fill(metaOf(head, status), slot, drawn);
      // Compressed here, its start once per kept copy; the compression middleware lets it pass.
      // Not in development, where Vite's page may change under a kept copy.
      const zipped = status === 200 && !dev && acceptsGzip(c) ? zippedPage(drawn, `${webFonts}|${origin}`, filled, nonce) : null;
      if (!zipped) return htmlPage(filled(nonce), status);
      // Its headers as a plain object, which @hono/node-server hands to Node as they are.
      const headers = { 'Cache-Control': PAGE_CACHING, 'Content-Security-Policy': policy, 'Content-Type': 'text/html; charset=UTF-8', 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' };
      return new Response(zipped, { headers });
    }
    // Not drawn: a private screen, a path that is no screen, or a page that could not be drawn
    // (the browser draws it). Its head is read here, and said by the very function its route's
    // handle.head calls when it is drawn (shared/page-head.ts, shared/group-head.ts).
    const render = (head: PageHead, status: 200 | 404 = 200, noindex = false) => htmlPage(fill({ ...metaOf(head, status), noindex }, nonce), status);
    const pricing = async () => (await sources.pricing?.()) ?? DEFAULT_PRICING;
    // Only a not-found's head says the shop's own description: a page found reads no settings for it.
    const described = async (found: object | null) => (found ? '' : shopDescription(await pricing()));
    const productId = productIdOfPath(c.req.path);
    if (productId !== null) {
      const p = await sources.productForPage(productId);
      return render(productHead(p, await described(p)), p ? 200 : 404);
    }
    const group = groupOfPath(c.req.path);
    if (group) {
      const g = await sources.groupForPage(group.kind, group.slug);
      return render(groupHead(group.kind, g, await described(g)), g ? 200 : 404);
    }
    const shown = await pricing();
    const screen = screenAt(c.req.path);
    // Placeholders and private screens are nothing for a search engine.
    if (screen) return render(screenHead(c.req.path, c.req.query('search'), shown), 200, !indexable(screen));
    // The app still starts, to draw the not-found: its code is hinted as any page's is.
    return render({ title: pageTitle('Page not found'), description: shopDescription(shown) }, 404);
  };
  return { files, page: drawPage };
}

/** Not a page to draw: the web app is not built yet (503), or the address is not the page's own (301 to it). */
function notAPage(c: Context, canonical: string | null, built: boolean): Response {
  c.header('Cache-Control', PAGE_CACHING);
  if (!built) return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
  const query = c.req.url.indexOf('?');
  return c.redirect(canonical! + (query === -1 ? '' : c.req.url.slice(query)), 301);
}

/**
 * The web app alone, as createApp mounts it: its files, and a page for every other path. The page
 * is Hono's not-found handler, not a catch-all route, so a path another route answers (robots.txt,
 * a picture) is that route's alone, and Hono calls it directly (http/edge.ts).
 */
export function webApp(...args: Parameters<typeof webRoutes>): Hono {
  const { files, page } = webRoutes(...args);
  return new Hono().route('/', files).notFound(page);
}

/** The files Vite copied from public/ into the build's top level, and its folders other than assets/ (and no compressed twins). */
function publicFiles(webDir: string): string[] {
  if (!fs.existsSync(webDir)) return [];
  const entries = fs.readdirSync(webDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(webDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((file) => !/^(assets|\.vite)\//.test(file) && !/\.(html|br|gz)$/.test(file));
}
