/**
 * The web app's server build (issue 19): src/web/drawing/entry-server.tsx and the routes it draws, as
 * plain JavaScript under dist/ssr, which the shop imports to draw public pages. The same
 * resolution and router transform as the browser build (vite.config.ts: React Router's production
 * build), so both sides draw from the same code.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { leanIcons } from './scripts/vite/lean-icons.ts';
import { leanRouter } from './scripts/vite/lean-router.ts';
import web from './vite.config.ts';

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  logLevel: 'warn',
  resolve: web.resolve,
  // The router and the icons as the browser gets them (scripts/vite/lean-router.ts, lean-icons.ts).
  plugins: [leanRouter(), leanIcons(), react()],
  // React and the libraries that draw with it are bundled, built for production: the shop draws
  // with React's production renderer whatever NODE_ENV it runs under (its development build is
  // twice as slow), and every part of the bundle shares the one React inside it.
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'drawing/entry-server.tsx',
    target: 'node20',
    outDir: '../../dist/ssr',
    emptyOutDir: true,
    minify: false,
    rollupOptions: {
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      // The browser fetches the query client after first paint; the server has it from the start, as it should.
      onwarn(warning, warn) {
        if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
      },
    },
  },
});
