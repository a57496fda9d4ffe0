/**
 * For `npm run lighthouse`: a snapshot of the app (src/, drizzle/ and the build config, copied to a
 * temporary folder with node_modules linked in), its production build, and the real server
 * (src/server/index.ts) running from it in a child process on a free port, over a throwaway embedded
 * database, with the browser tests' cached pictures.
 *
 * Why a snapshot: the server serves dist/web beside its own source, and keeps index.html from its
 * start. Building into the repository's dist/ would pull the files from under a browser test running
 * alongside, and a build by anyone else during our runs would turn our pages' scripts into 404s. In a
 * folder of its own, the build and the server measured are the ones this run made, and nobody else's
 * dist/ is touched.
 */
import crypto from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { e2eImagesDir } from '../e2e/cache-dirs.ts';

/** The vite configs' own plugins live in scripts/vite/ (docs/pages.md): the folder is copied whole, so a new one is never left behind. */
const COPIED = ['src', 'drizzle', 'package.json', 'tsconfig.json', 'vite.config.ts', 'vite.ssr.config.ts', 'scripts/vite'];

export interface Snapshot {
  root: string;
  app: string;
  webDir: string;
  /** The server's embedded database, one for the whole run. */
  dataDir: string;
}

/** Copies the app aside and builds it there (or, with build false, copies the existing dist/web). */
export function snapshot(build: boolean): Snapshot {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-lighthouse-'));
  const app = path.join(root, 'app');
  for (const entry of COPIED) fs.cpSync(path.resolve(entry), path.join(app, entry), { recursive: true });
  fs.symlinkSync(path.resolve('node_modules'), path.join(app, 'node_modules'), 'dir');
  const webDir = path.join(app, 'dist/web');
  if (build) {
    console.log('Building the web app (vite build) in a snapshot of the sources...');
    const result = spawnSync(path.resolve('node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: app, stdio: 'inherit' });
    if (result.status !== 0) return fail(root, 'vite build failed; see above.');
    // And the web app's server build, which draws the pages (issue 19).
    const ssr = spawnSync(path.resolve('node_modules/.bin/vite'), ['build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn'], { cwd: app, stdio: 'inherit' });
    if (ssr.status !== 0) return fail(root, 'vite build (the server build of the web app) failed; see above.');
  } else {
    if (!fs.existsSync('dist/web/index.html') || !fs.existsSync('dist/ssr/entry-server.js')) return fail(root, '--no-build, but dist/web or dist/ssr is not built: run `npm run build`.');
    console.log('Using dist/web and dist/ssr as they are (--no-build).');
    fs.cpSync(path.resolve('dist/web'), webDir, { recursive: true });
    fs.cpSync(path.resolve('dist/ssr'), path.join(app, 'dist/ssr'), { recursive: true });
  }
  return { root, app, webDir, dataDir: path.join(root, 'data') };
}

function fail(root: string, message: string): never {
  removeSnapshot(root);
  throw new Error(message);
}

/** Removes the snapshot; node_modules in it is a link, which is removed, not followed. */
export function removeSnapshot(root: string): void {
  fs.rmSync(root, { recursive: true, force: true });
}

/** Chromium to drive: CHROMIUM_PATH, then Debian's, then the usual other names. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (found) return found;
  throw new Error(
    'No Chromium found for Lighthouse. Install one of:\n' +
      '  Debian/Ubuntu: apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)\n' +
      '  elsewhere:     npx playwright install chromium, then set CHROMIUM_PATH to the binary it prints',
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  origin: string;
  stop: () => Promise<void>;
}

/** Starts the server and resolves once /api/health answers (the first run also draws the pictures). */
export async function startServer(snap: Snapshot, { drawOnServer }: { drawOnServer: boolean }): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let log = '';
  // `node --import tsx` rather than the tsx wrapper: one process, so our SIGTERM reaches the server itself.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: snap.app,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: snap.dataDir,
      IMAGES_DIR: e2eImagesDir,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      PUBLIC_URL: origin,
      SEED_DEMO: 'true',
      DRAW_ON_SERVER: String(drawOnServer),
      // No Razorpay here (no internet): the production build with the offline test mode.
      PAYMENTS_TEST_MODE: 'true',
      // Production needs one; a fresh one per run (no session outlives it).
      AUTH_SECRET: crypto.randomBytes(32).toString('base64'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const gone = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    }
  };

  const started = Date.now();
  console.log(`Starting the server on ${origin} (the first run draws the demo pictures, about 30 s)...`);
  for (;;) {
    if (exited) {
      throw new Error(`The server stopped before it was ready:\n${log}`);
    }
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 240_000) {
      await stop();
      throw new Error(`The server was not ready after 240 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`Server ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return { origin, stop };
}
