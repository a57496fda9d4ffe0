/** Types of dir-lock.js (plain JavaScript, shared with the production launcher). */
export interface Holder {
  pid: number;
  since: string;
  host: string;
  /** Linux's start time of the process, so a reused pid is told apart. */
  started?: string;
  token: string;
  [about: string]: unknown;
}

export type LockAttempt = { held: true; release: () => void } | { held: false; holder: Holder };

export function tryLock(lockDir: string, about?: Record<string, unknown>): LockAttempt;
export function readHolder(lockDir: string): Holder | null;
export function isAlive(holder: Holder, lockDir: string): boolean;
/** Takes the lock, waiting while a live process holds it; `onWait` hears once who. Resolves to its release. */
export function takeLock(lockDir: string, about?: Record<string, unknown>, onWait?: (holder: Holder) => void): Promise<() => void>;
