/**
 * The web app's server build (vite.ssr.config.ts) made into a folder of its own for a test file,
 * so tests draw pages with the very code `npm start` serves, without touching dist/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { PageRenderer } from '../app.ts';
import { projectRoot } from '../project-root.ts';

export async function buildPageRenderer(): Promise<{ renderer: PageRenderer; remove(): void }> {
  // Inside the project: the build imports React and the rest from node_modules, found by walking up.
  const cache = path.join(projectRoot, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const outDir = fs.mkdtempSync(path.join(cache, 'vastra-ssr-'));
  await build({ configFile: path.join(projectRoot, 'vite.ssr.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const renderer = (await import(pathToFileURL(path.join(outDir, 'entry-server.js')).href)) as PageRenderer;
  return { renderer, remove: () => fs.rmSync(outDir, { recursive: true, force: true }) };
}
