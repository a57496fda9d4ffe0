/**
 * The web app's server build (vite.ssr.config.ts) made into a folder of its own for a test file,
 * so tests draw pages with the very code `npm start` serves, without touching dist/. Built in a
 * process of its own with NODE_ENV=production, as scripts/build-lib.mjs builds it (the test
 * runner's NODE_ENV=test would make Vite emit React's development JSX). It draws on threads of its
 * own, as `npm start` draws (web/drawing-threads.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { PageRenderer } from '../app.ts';
import { projectRoot } from '../project-root.ts';
import { threadedRenderer } from '../web/drawing-threads.ts';

export async function buildPageRenderer(): Promise<{ renderer: PageRenderer & { close(): Promise<void> }; remove(): Promise<void> }> {
  // Inside the project, as dist/ssr is: the build is found and loaded from there.
  const cache = path.join(projectRoot, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const outDir = fs.mkdtempSync(path.join(cache, 'vastra-ssr-'));
  const vite = path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const run = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.ssr.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`Building the web app for the server failed:\n${run.stderr}`);
  const renderer = threadedRenderer(path.join(outDir, 'entry-server.js'));
  const remove = async () => {
    await renderer.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  };
  return { renderer, remove };
}
