/**
 * Early hints in the HTML for the screen being opened, so the phone does not wait for the app's
 * entry script to run before it asks for the screen's own code and first picture:
 * - `modulepreload` for React's DOM renderer (which the entry imports one task after its own
 *   code), and the screen's lazily loaded chunk (and the chunks it imports), found in Vite's build manifest;
 * - on home, the first hero banner, and on a product page its main picture: each page's largest
 *   paint, at the width the screen will pick.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  BANNER_DESKTOP_WIDTHS,
  BANNER_MOBILE_WIDTHS,
  GALLERY_SIZES,
  GALLERY_SRC_WIDTH,
  imageAtWidth,
  imageSrcSet,
} from '../../shared/images.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { HERO_SLIDES } from '../../shared/home.ts';
import { BREAKPOINT_DESKTOP } from '../../shared/ui.ts';
import { screenOfPath } from '../../shared/routes.ts';

export type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The web app's query client, which every page asks for just after it draws (src/web/lib/data-client.ts). */
const QUERY_CLIENT = 'lib/query-client.ts';
/** React's DOM renderer, which the app's entry asks for as soon as its own code has run (src/web/main.tsx). */
export const REACT_DOM = 'drawing/react-dom-client.ts';

/**
 * The source files of the screen at `pathname`, as the router (built from screens.ts) loads them,
 * each with whether the screen waits for it. A data screen waits for the query client too; any
 * other screen draws first and asks for the client after, so its hint is low-priority there.
 */
function screenModules(screen: ReturnType<typeof screenOfPath>): { key: string; low?: boolean }[] {
  if (!screen) return [{ key: REACT_DOM }];
  const own = screen.data ? [{ key: QUERY_CLIENT }, { key: screen.chunk }] : [{ key: screen.chunk }, { key: QUERY_CLIENT, low: true }];
  return [{ key: REACT_DOM }, ...own];
}

/** A high-priority hint for a picture the page will show first, at the width the screen will pick. */
function imagePreload(href: string, srcset: string | undefined, sizes: string, media?: string): string {
  const attrs = [`href="${escapeHtml(href)}"`, srcset && `imagesrcset="${escapeHtml(srcset)}"`, `imagesizes="${sizes}"`, media && `media="${media}"`];
  return `<link rel="preload" as="image" ${attrs.filter(Boolean).join(' ')} fetchpriority="high" />`;
}

function heroPreloads(): string[] {
  const stem = HERO_SLIDES[0]?.stem;
  if (!stem) return [];
  const mobile = `/images/banners/${stem}-mobile.webp`;
  const desktop = `/images/banners/${stem}-desktop.webp`;
  return [
    imagePreload(imageAtWidth(mobile, 768), imageSrcSet(mobile, BANNER_MOBILE_WIDTHS), '100vw', `(max-width: ${BREAKPOINT_DESKTOP - 0.02}px)`),
    imagePreload(imageAtWidth(desktop, 1280), imageSrcSet(desktop, BANNER_DESKTOP_WIDTHS), '100vw', `(min-width: ${BREAKPOINT_DESKTOP}px)`),
  ];
}

/** The product page's main picture (its URL comes from the database, hence the escaping). */
export function productImagePreload(image: string | null): string[] {
  return image ? [imagePreload(imageAtWidth(image, GALLERY_SRC_WIDTH), imageSrcSet(image), GALLERY_SIZES)] : [];
}

/** Vite's build manifest (empty when the app is not built, or in tests with a stand-in page). */
export function readManifest(webDir: string): Manifest {
  const file = path.join(webDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

/** The built src/web/drawing/boot.ts, which starts the app on a page drawn on the server; null if not built. */
export const bootScriptOf = (manifest: Manifest) => manifest['drawing/boot.ts']?.file ?? null;

/** A screen's module hints: the `<link>` lines for a page that starts its app at once, and their files for one that starts it later (src/web/drawing/boot.ts). */
export interface ModuleHints {
  lines: string[];
  hrefs: string[];
}

/** What a page at a path hints at: its first pictures (home's hero) and its screen's modules. */
export interface ScreenHints {
  pictures: string[];
  modules: ModuleHints;
}

/** The hints for a path (no modules without a manifest), worked out once per screen (a few dozen), not per request. */
export function preloadsFor(manifest: Manifest, html: string): (pathname: string) => ScreenHints {
  function chunkFiles(key: string, seen = new Set<string>()): string[] {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return [];
    seen.add(key);
    return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(k, seen))];
  }

  const known = new Map<string, ScreenHints>();
  return (pathname) => {
    const screen = screenOfPath(pathname);
    const key = pathname === '/' ? '/' : (screen?.path ?? '');
    let hints = known.get(key);
    if (!hints) {
      // Chunks the entry already preloads (index.html names them) need no second hint.
      const seen = new Set<string>();
      const files = screenModules(screen).flatMap(({ key: chunk, low }) =>
        chunkFiles(chunk, seen)
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => ({ href: `/${f}`, low })),
      );
      hints = {
        pictures: pathname === '/' ? heroPreloads() : [],
        modules: {
          lines: files.map(({ href, low }) => `<link rel="modulepreload" crossorigin href="${href}"${low ? ' fetchpriority="low"' : ''} />`),
          hrefs: files.map((f) => f.href),
        },
      };
      known.set(key, hints);
    }
    return hints;
  };
}
