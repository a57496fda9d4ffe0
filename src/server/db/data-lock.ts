/**
 * One process at a time on an embedded database folder (docs/decisions/0015). PGlite is PostgreSQL
 * inside one process: a second process opening the same folder works on its own copy in memory and
 * can overwrite, or be overwritten by, the first (a grant lost, then "Aborted()"). So whatever opens
 * the folder first takes this lock (src/server/dir-lock.js) and holds it until it closes the
 * database or exits; any other opener is refused at once, told who holds it and what to do. A lock
 * left by a process that died is taken over.
 */
import os from 'node:os';
import path from 'node:path';
import { tryLock, type Holder } from '../dir-lock.js';
import { DatabaseConnectError } from './db-errors.ts';

export interface LockHolder extends Holder {
  /** What the process is, in the words a person used to start it: "npm start", "npm run admin". */
  what: string;
  /** A shop, which takes the owner's commands over its channel (modules/admin/owner-channel.ts). */
  shop?: boolean;
}

export class DataFolderInUse extends DatabaseConnectError {
  constructor(
    readonly folder: string,
    readonly holder: LockHolder,
    lockDir: string,
  ) {
    const since = new Date(holder.since);
    const when = Number.isNaN(since.getTime()) ? holder.since : since.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'medium' });
    const elsewhere = holder.host !== os.hostname();
    super(
      `The embedded database in ${folder} is in use by another Vastra process: ${holder.what ?? 'a process'} (pid ${holder.pid}${elsewhere ? ` on ${holder.host}` : ''}, since ${when}). ` +
        'Only one process can open it at a time. Stop that one first (Ctrl+C in its terminal), or set DATA_DIR to another folder.' +
        (elsewhere ? ` If that machine is gone, delete ${lockDir}, or wait two minutes.` : ''),
    );
  }
}

/** What this process is, in the words a person used to start it. */
export function describeProcess(): string {
  const script = process.env.npm_lifecycle_event;
  if (script) return script === 'start' || script === 'test' ? `npm ${script}` : `npm run ${script}`;
  return `node ${path.basename(process.argv[1] ?? 'node')}`;
}

/** Takes the lock on `folder` (the embedded database's directory) or throws DataFolderInUse naming its holder. */
export function lockDataFolder(folder: string, opts: { shop?: boolean; what?: string } = {}): { release(): void } {
  const lockDir = `${path.resolve(folder)}.lock`;
  const attempt = tryLock(lockDir, { what: opts.what ?? describeProcess(), ...(opts.shop && { shop: true }) });
  if (!attempt.held) throw new DataFolderInUse(folder, attempt.holder as LockHolder, lockDir);
  return { release: attempt.release };
}
