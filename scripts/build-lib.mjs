/**
 * Builds the web app and the server only when they are missing or older than their sources, one
 * process at a time, without ever leaving a half-written build where a server reads it
 * (docs/decisions/0015). Plain JavaScript: the production start runs no TypeScript.
 *
 * - Fresh: each build carries a fingerprint of its inputs (every file's path, size and time);
 *   a build whose fingerprint matches the sources is used as it is.
 * - One builder: a lock directory (mkdir is atomic) in dist/; a second start waits for the first
 *   to finish, then finds the build fresh. A lock left by a builder that died is taken over.
 * - Whole or nothing: Vite writes into a folder of its own, which is renamed into place at the end.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { takeLock } from '../src/server/dir-lock.js';

export const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

/** What each build is made from, and where its fingerprint is kept (the web app's stays out of what the server serves). */
export const TARGETS = {
  web: {
    out: 'dist/web',
    config: 'vite.config.ts',
    stamp: '.vite/build-fingerprint',
    inputs: ['src/web', 'src/shared', 'vite.config.ts', 'scripts/vite/styles-as-files.ts', 'scripts/vite/lean-router.ts', 'scripts/vite/lean-icons.ts', 'package-lock.json'],
  },
  // The web app's server build: draws the public pages (vite.ssr.config.ts, issue 19).
  ssr: {
    out: 'dist/ssr',
    config: 'vite.ssr.config.ts',
    stamp: '.build-fingerprint',
    inputs: ['src/web', 'src/shared', 'vite.config.ts', 'vite.ssr.config.ts', 'scripts/vite/lean-router.ts', 'scripts/vite/lean-icons.ts', 'package-lock.json'],
  },
  server: {
    out: 'dist/server',
    config: 'vite.server.config.ts',
    stamp: '.build-fingerprint',
    inputs: ['src/server', 'src/shared', 'vite.server.config.ts', 'package-lock.json'],
  },
};

function* filesIn(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return;
  }
  if (stat.isFile()) {
    if (!/\.test\.tsx?$/.test(entry)) yield [entry, stat];
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) yield* filesIn(path.join(entry, name));
}

/** The sources as they are now: a hash of every input file's path, size and modification time. */
export function fingerprint(target) {
  const hash = crypto.createHash('sha256').update(`${target}\n${process.version}\n`);
  for (const input of TARGETS[target].inputs) {
    for (const [file, stat] of filesIn(path.join(root, input))) hash.update(`${path.relative(root, file)} ${stat.size} ${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

export function isFresh(target) {
  const { out, stamp } = TARGETS[target];
  try {
    return fs.readFileSync(path.join(root, out, stamp), 'utf8') === fingerprint(target);
  } catch {
    return false;
  }
}

/** Takes dist/.build.lock (src/server/dir-lock.js), waiting while a live process holds it. */
const takeBuildLock = () =>
  takeLock(path.join(dist, '.build.lock'), { what: 'a build' }, (holder) =>
    console.error(`Waiting for another process (pid ${holder.pid}) to finish building the shop...`),
  );

/**
 * The previous web build's own files, carried into the new one: a page a running server (or an
 * open browser tab) drew from the previous build still finds the code it asks for.
 */
function keepPreviousAssets(previous, next) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(previous, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return;
  }
  const files = new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? []), ...(c.assets ?? [])]));
  for (const file of files) {
    for (const variant of [file, `${file}.br`, `${file}.gz`]) {
      const from = path.join(previous, variant);
      const to = path.join(next, variant);
      if (fs.existsSync(from) && !fs.existsSync(to)) fs.copyFileSync(from, to);
    }
  }
}

function build(target) {
  const { out, config, stamp } = TARGETS[target];
  const label = { web: 'web app', ssr: 'web app for the server', server: 'server' }[target];
  const print = fingerprint(target);
  const temporary = path.join(dist, `.building-${target}-${process.pid}`);
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const started = Date.now();
  // Its words go to stderr: a command's own output (npm run admin) stays its own.
  const run = spawnSync(process.execPath, [vite, 'build', '--config', config, '--outDir', temporary, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (run.status !== 0) {
    fs.rmSync(temporary, { recursive: true, force: true });
    throw new Error(`Building the ${label} failed (see above).`);
  }
  fs.mkdirSync(path.dirname(path.join(temporary, stamp)), { recursive: true });
  fs.writeFileSync(path.join(temporary, stamp), print);
  const final = path.join(root, out);
  const old = path.join(dist, `.old-${target}-${process.pid}`);
  if (target === 'web') keepPreviousAssets(final, temporary);
  if (fs.existsSync(final)) fs.renameSync(final, old);
  fs.renameSync(temporary, final);
  fs.rmSync(old, { recursive: true, force: true });
  console.error(`Built the ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/**
 * Makes sure each target is built from the sources as they are now: nothing is done when they
 * are; otherwise one process builds while any other waits, then finds them fresh.
 */
export async function ensureBuilt(targets, { force = false } = {}) {
  if (!force && targets.every(isFresh)) return;
  const release = await takeBuildLock();
  try {
    // What a builder that died left half-made: nobody else builds while we hold the lock.
    for (const name of fs.readdirSync(dist)) if (/^\.(building|old)-/.test(name)) fs.rmSync(path.join(dist, name), { recursive: true, force: true });
    for (const target of targets) if (force || !isFresh(target)) build(target);
  } finally {
    release();
  }
}
