import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { leanIcons } from './scripts/vite/lean-icons.ts';
import { leanRouter } from './scripts/vite/lean-router.ts';
import { INJECTED_STYLES, stylesAsFiles } from './scripts/vite/styles-as-files.ts';

const brotli = promisify(zlib.brotliCompress);
/** The store owner's screens (src/web/routes/admin*.tsx), as built. */
const ADMIN_CHUNK = /^assets\/admin[-.]/;
const gzip = promisify(zlib.gzip);

/** Writes .br and .gz beside each text asset so the server never compresses per request. */
function precompress(): Plugin {
  return {
    name: 'vastra-precompress',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir!;
      const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
      await Promise.all(
        files
          .filter((f) => f.isFile() && /\.(js|css|html|svg|json|txt|xml)$/.test(f.name))
          .map(async (f) => {
            const file = path.join(f.parentPath, f.name);
            const body = fs.readFileSync(file);
            if (body.length < 1024) return;
            fs.writeFileSync(`${file}.br`, await brotli(body));
            fs.writeFileSync(`${file}.gz`, await gzip(body, { level: 9 }));
          }),
      );
    },
  };
}

/**
 * The chunks the app's entry imports statically, as built: loaded before any screen is asked for,
 * so a screen's preload list need not name them (each name is paid for in the entry's download).
 */
const withTheEntry = new Set<string>();
function chunksWithTheEntry(): Plugin {
  return {
    name: 'vastra-chunks-with-the-entry',
    apply: 'build',
    // Before Vite writes the preload lists (its own generateBundle), which read the set.
    generateBundle: {
      order: 'pre',
      handler(_, bundle) {
        const add = (file: string) => {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk' || withTheEntry.has(file)) return;
          withTheEntry.add(file);
          chunk.imports.forEach(add);
        };
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'index') add(chunk.fileName);
      },
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  resolve: {
    // React Router 7 points every import at its development build, whose warnings then ship to
    // shoppers (remix-run/react-router#14102); its production build is the same code without them.
    alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)) }],
  },
  plugins: [leanRouter(), leanIcons(), react(), tailwindcss(), stylesAsFiles(INJECTED_STYLES), chunksWithTheEntry(), precompress()],
  // Served to npm run dev as they are, so stylesAsFiles can take their injected styles out.
  optimizeDeps: { exclude: Object.keys(INJECTED_STYLES) },
  build: {
    modulePreload: {
      // Every browser the shop serves reads <link rel="modulepreload"> itself (Safari from 17);
      // one that does not loads each module when it is imported, only later.
      polyfill: false,
      // The store owner's screens load their pieces one after another on the owner's first visit;
      // listing them for every dynamic import would put their names in every shopper's first download.
      resolveDependencies: (file, deps) => (ADMIN_CHUNK.test(file) ? [] : deps.filter((dep) => !withTheEntry.has(dep))),
    },
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // The server reads it to preload each screen's chunk (src/server/web/preloads.ts).
    manifest: true,
    rollupOptions: {
      output: {
        // The entry lists every chunk's file name (Vite's preload map), so each character of a name is
        // in every shopper's first download: a hash of 7 (the fewest rolldown allows for this many
        // chunks, still one in 4 * 10^12) instead of 8 is 0.24 KB less gzip (issue 47, decision 0043);
        // names cut to their first 8 characters (enough to tell a chunk in the network panel) were
        // 0.23 KB less again (stop 59: home's JS at 110.006 KB with full names, 109.775 cut), and to 7
        // another 0.08 KB (issue 50's code box, one more chunk for the cart and checkout: 110.009 → 109.933),
        // and to 6 another 0.13 (issue 51's review chunks: 110.018 → 109.891; gzip's matches make this
        // no straight line: 4 gave 110.187 and 8 110.085, so measure before changing it).
        chunkFileNames: (chunk) => `assets/${chunk.name.slice(0, 6)}-[hash:7].js`,
        // React's DOM renderer and the pieces of it other chunks share (portals, the scheduler) in
        // one file: the entry asks for it a task after its own code (src/web/main.tsx), and as one
        // file it is 0.5 KB less gzip than as two. Only those modules: pulling in what they import
        // (React itself) would put the entry's own imports in this file too, and it back in the entry's task.
        // Offers' shared code (issue 50: the words, the contract, the code box) in one file for the
        // cart, checkout and the owner's screen: as two, one more name in the entry's preload map.
        // The icons the home page draws in one file (issue 51's card stars needed room): as six
        // files of 0.2 KB, each paid its own header, imports and preload name; as one, home's first
        // JavaScript was 0.62 KB less (109.99 → 109.37). An icon home draws later and not listed here
        // is its own file again: the budget's test says when that matters.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'offers', test: /src[\\/](shared[\\/]offers|web[\\/]components[\\/]code-box)/ },
            { name: 'icons', test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-right|chevron-(down|left|right)|play|shield-check|truck)\.mjs$/ },
          ],
        },
      },
      // The page, and the small start of the app on pages drawn on the server (src/web/drawing/boot.ts).
      input: {
        index: fileURLToPath(new URL('src/web/index.html', import.meta.url)),
        boot: fileURLToPath(new URL('src/web/drawing/boot.ts', import.meta.url)),
      },
    },
  },
});
