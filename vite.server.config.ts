/**
 * The server's build (docs/decisions/0015): the TypeScript of src/server compiled by Vite's SSR
 * build into plain JavaScript under dist/server, one file per command (the shop, `npm run admin`,
 * `npm run seed`) and one for the drawing threads' module, so production runs no TypeScript compiler. Packages stay in node_modules (SSR
 * builds leave them external), so PGlite's wasm, sharp and libpg-query load as they do in development.
 */
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist/server',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rollupOptions: {
      // The drawing threads' module beside the shop's entry (src/server/web/drawing-threads.ts starts it).
      input: {
        index: 'src/server/index.ts',
        'admin-cli': 'src/server/admin-cli.ts',
        'seed-cli': 'src/server/db/seed/cli.ts',
        'backup-cli': 'src/server/backup/backup-cli.ts',
        'restore-cli': 'src/server/backup/restore-cli.ts',
        'drawing-worker': 'src/server/web/drawing-worker.ts',
      },
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
