/** What bench/run.ts and its child processes (prepare.ts, serve.ts, load.ts) say to each other over IPC. */
import type { SeedReport } from './seed.ts';
import type { Workload } from './workload.ts';

export type FromPrepare = { type: 'prepared'; seed: SeedReport; workload: Workload };

/** How often the "busy admin" bumps catalog_version during the uncached scenarios. */
export const BUMP_INTERVAL_MS = 5;

/** Longest wait for the requests a finished scenario left in the server (autocannon hangs up on them). */
export const DRAIN_LIMIT_MS = 600_000;

export type ToServer = { type: 'bump'; on: boolean } | { type: 'drain' } | { type: 'close' };
export type FromServer =
  | { type: 'listening'; port: number }
  | { type: 'bumped'; bumps: number; ms: number }
  /** Requests still being handled after DRAIN_LIMIT_MS (normally 0), and how long draining took. */
  | { type: 'drained'; inflight: number; ms: number };

export interface LoadRequest {
  type: 'run';
  /** Requests go to these paths in turn (one shared sequence over all connections). */
  paths: string[];
  /** GET unless said; a POST's JSON body and any extra headers (a session cookie). */
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  origin: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  reqPerSec: number;
  /** null when no request was answered at all. */
  p50Ms: number | null;
  p99Ms: number | null;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
}

export type FromLoad = { type: 'result'; result: LoadResult } | { type: 'error'; message: string };
