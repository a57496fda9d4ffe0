/**
 * Every lucide-react icon module, as the shop builds it, makes its component with the shop's
 * src/web/drawing/lucide-icon.ts in place of the library's `createLucideIcon` (decision 0029): each
 * icon's shapes made once, not on every draw. Used by both builds, so the browser takes over the
 * same markup the server drew; `npm run dev` keeps the library's own on both sides.
 * `lean-icons.test.ts` fails when a release no longer makes its icons this way.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** A lucide-react icon module, as its package ships it. */
export const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][a-z0-9-]+\.mjs$/;
/** How each icon module imports the library's maker. */
export const LUCIDE_MAKER = '../createLucideIcon.mjs';
export const LEAN_MAKER = fileURLToPath(new URL('../../src/web/drawing/lucide-icon.ts', import.meta.url));

export function leanIcons(): Plugin {
  return {
    name: 'vastra-lean-icons',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === LUCIDE_MAKER && importer && LUCIDE_ICON.test(importer) ? LEAN_MAKER : null;
    },
  };
}
