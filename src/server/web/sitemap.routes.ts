/**
 * /robots.txt and /sitemap.xml. The sitemap is an index of sitemaps of at most 40,000 products each
 * (the protocol allows 50,000 URLs a file), so it stays valid however large the catalog grows.
 */
import { Hono } from 'hono';
import type { CatalogService } from '../modules/catalog/catalog.service.ts';
import { groupPath } from '../../shared/routes.ts';
import { FIXED_SCREENS, indexable } from '../../shared/screens.ts';
import { originOf, publicCacheFor } from '../http/origin.ts';
import { compressGenerated } from '../http/compress.ts';
import { escapeHtml } from '../http/escape-html.ts';

export const PRODUCTS_PER_SITEMAP = 40_000;

/**
 * These answers name the shop's origin in every line. Shared caches may keep them only when that
 * origin is PUBLIC_URL; built from a request's Host, they are for that request alone.
 */
export function sitemapRoutes(catalog: CatalogService, publicUrl?: string) {
  const xml = (body: string) =>
    new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': publicCacheFor(publicUrl, 'public, max-age=3600') },
    });
  const compressed = compressGenerated();
  const robotsCaching = publicCacheFor(publicUrl, 'public, max-age=86400');
  return new Hono()
    // Its headers a plain object, which @hono/node-server hands to Node as they are (c.text's two
    // headers would make a Headers object first): the shop's smallest answer (decision 0043).
    .get('/robots.txt', (c) => {
      const robots = `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${originOf(c, publicUrl)}/sitemap.xml\n`;
      return new Response(robots, { headers: { 'Content-Type': 'text/plain; charset=UTF-8', 'Cache-Control': robotsCaching } });
    })
    .get('/sitemap.xml', compressed, async (c) => {
      const origin = originOf(c, publicUrl);
      const starts = await catalog.sitemapStarts(PRODUCTS_PER_SITEMAP);
      const maps = [`${origin}/sitemaps/pages.xml`, ...starts.map((id) => `${origin}/sitemaps/products-${id}.xml`)];
      return xml(
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps
          .map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`)
          .join('\n')}\n</sitemapindex>\n`,
      );
    })
    // The screens, then every category and collection page: a few dozen URLs, never many.
    .get('/sitemaps/pages.xml', compressed, async (c) => {
      const origin = originOf(c, publicUrl);
      const [cats, cols] = await Promise.all([catalog.categories(), catalog.collections()]);
      const paths = [
        ...FIXED_SCREENS.filter(indexable).map((s) => s.path),
        ...cats.map((g) => groupPath('category', g.slug)),
        ...cols.map((g) => groupPath('collection', g.slug)),
      ];
      return xml(urlset(paths.map((p) => ({ loc: origin + p }))));
    })
    .get('/sitemaps/:file{products-[0-9]{1,10}\\.xml}', compressed, async (c) => {
      const first = Number(/\d+/.exec(c.req.param('file'))![0]);
      const rows = first > 2_147_483_647 ? [] : await catalog.sitemapProducts(first, PRODUCTS_PER_SITEMAP);
      if (rows.length === 0) return c.text('Not found', 404);
      const origin = originOf(c, publicUrl);
      return xml(urlset(rows.map((r) => ({ loc: `${origin}/product/${r.id}`, lastmod: r.updatedAt.toISOString().slice(0, 10) }))));
    });
}

function urlset(urls: { loc: string; lastmod?: string }[]): string {
  const entries = urls.map(
    (u) => `  <url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}
