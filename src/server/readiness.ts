/**
 * Readiness (issue 52, docs/deploy.md): whether this app server can serve a shopper now, for the
 * proxy or load balancer in front of several: its database answers, and its file storage (the
 * bucket) answers. `/api/health` says only that the process is alive.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import type { Storage } from './storage/storage.ts';

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'down';
  storage: 'ok' | 'down';
}

/** A name no photograph has: asking for it is the cheapest question the bucket answers. */
const PROBE = 'products/u-00000000000000000000.webp';
const WAIT_MS = 3000;

const within = <T>(p: Promise<T>): Promise<T> => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer')), WAIT_MS).unref())]);

/** How long an answer is given again: a proxy asks every few seconds, and anyone may ask (no bucket request per ask). */
const KEPT_MS = 2000;

export function readinessOf(db: Db, storage: Storage) {
  let last: { at: number; answer: Promise<Readiness> } | undefined;
  const ask = async (): Promise<Readiness> => {
    const [database, files] = await Promise.all([
      within(db.execute(sql`select 1`)).then(() => 'ok' as const, () => 'down' as const),
      within(storage.has(PROBE)).then(() => 'ok' as const, () => 'down' as const),
    ]);
    return { ready: database === 'ok' && files === 'ok', database, storage: files };
  };
  return (): Promise<Readiness> => {
    if (!last || Date.now() - last.at > KEPT_MS) last = { at: Date.now(), answer: ask() };
    return last.answer;
  };
}
