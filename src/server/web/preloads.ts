/**
 * Early hints in the HTML for the screen being opened, so the phone does not wait for the app's
 * entry script to run before it asks for the screen's own code and first picture:
 * - `modulepreload` for the screen's lazily loaded chunk (and the chunks it imports), found in
 *   Vite's build manifest;
 * - on home, the first hero banner, the page's largest paint, at the width the phone will pick.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BANNER_DESKTOP_WIDTHS, BANNER_MOBILE_WIDTHS, imageAtWidth, imageSrcSet } from '../../shared/images.ts';
import { HERO_SLIDES } from '../../shared/home.ts';
import { BREAKPOINT_DESKTOP } from '../../shared/ui.ts';
import { groupOfPath, productIdOfPath } from '../../shared/routes.ts';

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The source file of the screen at `pathname`, as the router in src/web/router.tsx loads it. */
function screenModule(pathname: string): string | null {
  if (pathname === '/') return 'routes/home.tsx';
  if (pathname === '/products') return 'routes/products.tsx';
  if (productIdOfPath(pathname) !== null) return 'routes/product.tsx';
  const group = groupOfPath(pathname);
  if (group) return `routes/${group.kind}.tsx`;
  return null;
}

function heroPreloads(): string[] {
  const stem = HERO_SLIDES[0]?.stem;
  if (!stem) return [];
  const mobile = `/images/banners/${stem}-mobile.webp`;
  const desktop = `/images/banners/${stem}-desktop.webp`;
  const link = (href: string, srcset: string | undefined, media: string) =>
    `<link rel="preload" as="image" href="${href}" imagesrcset="${srcset}" imagesizes="100vw" media="${media}" fetchpriority="high" />`;
  return [
    link(imageAtWidth(mobile, 768), imageSrcSet(mobile, BANNER_MOBILE_WIDTHS), `(max-width: ${BREAKPOINT_DESKTOP - 0.02}px)`),
    link(imageAtWidth(desktop, 1280), imageSrcSet(desktop, BANNER_DESKTOP_WIDTHS), `(min-width: ${BREAKPOINT_DESKTOP}px)`),
  ];
}

/** Reads the build manifest once; returns the `<link>` lines for a path (none without a manifest). */
export function preloadsFor(webDir: string, html: string): (pathname: string) => string[] {
  const file = path.join(webDir, '.vite', 'manifest.json');
  const manifest: Manifest = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};

  function chunkFiles(key: string, seen = new Set<string>()): string[] {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return [];
    seen.add(key);
    return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(k, seen))];
  }

  return (pathname) => {
    const module = screenModule(pathname);
    // Chunks the entry already preloads (index.html names them) need no second hint.
    const files = module ? chunkFiles(module).filter((f) => !html.includes(`/${f}"`)) : [];
    const scripts = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`);
    return [...(pathname === '/' ? heroPreloads() : []), ...scripts];
  };
}
