/**
 * A lock held by one process at a time, as a directory (mkdir is atomic) with its holder written
 * in it (docs/decisions/0015). The embedded database's folder (db/data-lock.ts) and the build
 * (scripts/build-lib.mjs) are each locked with it. Plain JavaScript, since the production launcher,
 * which runs before anything is compiled, shares it with the server.
 *
 * A holder that died (kill -9, a power cut) leaves the directory behind. On this machine it is
 * known dead when its process is gone, is a zombie its parent has yet to reap, or its pid now
 * belongs to a process that started later (Linux's start time). A holder on another machine (a
 * folder shared over a network, a container started afresh with a new hostname) cannot be asked:
 * it renews its directory's time every 15 seconds, and is taken as dead when that stops for two
 * minutes. Taking over a dead holder's lock happens under a second directory, so that of several
 * processes finding it at once only one removes it, after checking again that it is the dead one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const HOLDER = 'holder.json';
const RENEW_MS = 15_000;
const REMOTE_DEAD_MS = 120_000;
/** A directory whose holder never got written (its maker died at once) is taken over after this. */
const UNNAMED_GRACE_MS = 5_000;

/** @param {number} pid */
function procStat(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

/** @param {string} p */
function ageMs(p) {
  try {
    return Date.now() - fs.statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

/** @param {string} lockDir */
export function readHolder(lockDir) {
  try {
    const holder = JSON.parse(fs.readFileSync(path.join(lockDir, HOLDER), 'utf8'));
    return typeof holder?.pid === 'number' && typeof holder?.token === 'string' ? holder : null;
  } catch {
    return null;
  }
}

/** @param {import('./dir-lock.js').Holder} holder @param {string} lockDir */
export function isAlive(holder, lockDir) {
  if (holder.host !== os.hostname()) return ageMs(path.join(lockDir, HOLDER)) < REMOTE_DEAD_MS;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM'; // alive, another user's
  }
  const stat = procStat(holder.pid);
  if (!stat) return true;
  return stat.state !== 'Z' && stat.state !== 'X' && !(holder.started && stat.started !== holder.started);
}

/** Removes a dead holder's lock unless it changed meanwhile; one process at a time looks and removes. */
function takeOver(lockDir, dead) {
  const mutex = `${lockDir}.takeover`;
  try {
    fs.mkdirSync(mutex);
  } catch {
    // Another process is taking it over; one that died doing so leaves this only for a moment.
    if (ageMs(mutex) > UNNAMED_GRACE_MS) fs.rmSync(mutex, { recursive: true, force: true });
    return;
  }
  try {
    const now = readHolder(lockDir);
    const same = dead ? now?.token === dead.token : now === null && ageMs(lockDir) > UNNAMED_GRACE_MS;
    if (same) fs.rmSync(lockDir, { recursive: true, force: true });
  } finally {
    fs.rmSync(mutex, { recursive: true, force: true });
  }
}

const pause = (/** @type {number} */ ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Takes the lock at `lockDir` for this process, or answers who holds it. Never waits for a live
 * holder; a dead one's lock is taken over at once.
 * @param {string} lockDir
 * @param {Record<string, unknown>} about what to tell a process that finds it held (what this one is)
 */
export function tryLock(lockDir, about = {}) {
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  const stat = procStat(process.pid);
  const me = { ...about, pid: process.pid, since: new Date().toISOString(), host: os.hostname(), ...(stat && { started: stat.started }), token: crypto.randomUUID() };
  for (let attempt = 0; attempt < 400; attempt++) {
    try {
      fs.mkdirSync(lockDir);
    } catch (err) {
      if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'EEXIST') throw err;
      const holder = readHolder(lockDir);
      if (holder && isAlive(holder, lockDir)) return { held: false, holder };
      // No holder named yet (being written, or its writer died), or a dead one: look again shortly.
      if (holder || ageMs(lockDir) > UNNAMED_GRACE_MS) takeOver(lockDir, holder);
      pause(25);
      continue;
    }
    const file = path.join(lockDir, HOLDER);
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(me));
    fs.renameSync(`${file}.tmp`, file);
    return { held: true, release: holding(lockDir, me.token) };
  }
  throw new Error(`Could not take the lock ${lockDir}: if no Vastra process is running, remove that folder.`);
}

/**
 * Takes the lock at `lockDir`, waiting while a live process holds it; `onWait` hears once who.
 * @param {string} lockDir
 * @param {Record<string, unknown>} about
 * @param {(holder: { pid: number }) => void} onWait
 */
export async function takeLock(lockDir, about = {}, onWait = () => {}) {
  for (let told = false; ; told = true) {
    const attempt = tryLock(lockDir, about);
    if (attempt.held) return attempt.release;
    if (!told) onWait(attempt.holder);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function holding(lockDir, token) {
  const file = path.join(lockDir, HOLDER);
  const ours = () => readHolder(lockDir)?.token === token;
  const renew = setInterval(() => {
    try {
      if (ours()) fs.utimesSync(file, new Date(), new Date());
    } catch {
      // gone: released, or the folder removed by hand
    }
  }, RENEW_MS).unref();
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    clearInterval(renew);
    process.off('exit', release);
    // Ours only: never remove a lock that another process has since taken over.
    if (ours()) fs.rmSync(lockDir, { recursive: true, force: true });
  };
  process.on('exit', release);
  return release;
}
