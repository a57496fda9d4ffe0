/**
 * The benchmark's database, made for one run and thrown away after it: a PGlite folder in a temp
 * dir, or, when DATABASE_URL is set, a new database `vastra_bench_<random>` on that server, which
 * dispose() drops again (WITH (FORCE), so connections left open by a crashed child do not stop it).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describeUrl, openPglite, openPostgres, type Database } from '../src/server/db/client.ts';

export type DbLocation = { databaseUrl: string } | { pgliteDir: string };

export interface ThrowawayDb {
  kind: 'pglite' | 'postgres';
  /** For the report: which database this run measured. */
  label: string;
  /** Where the child processes find it: a PostgreSQL URL or a PGlite folder. */
  location: DbLocation;
  /** Drops the database or deletes the folder; safe to call more than once. */
  dispose(): Promise<void>;
}

/** How run.ts tells a child process (prepare.ts, serve.ts) where the database is. */
export function locationEnv(location: DbLocation): NodeJS.ProcessEnv {
  return 'databaseUrl' in location ? { BENCH_DATABASE_URL: location.databaseUrl } : { BENCH_PGLITE_DIR: location.pgliteDir };
}

/** The child's side of locationEnv: opens the database as the app does (pool of 10 on PostgreSQL). */
export function openFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  if (env.BENCH_DATABASE_URL) return openPostgres(env.BENCH_DATABASE_URL);
  if (env.BENCH_PGLITE_DIR) return openPglite({ dir: env.BENCH_PGLITE_DIR });
  throw new Error('neither BENCH_DATABASE_URL nor BENCH_PGLITE_DIR is set: this script is started by bench/run.ts');
}

export async function createThrowawayDb(workDir: string, serverUrl: string | undefined): Promise<ThrowawayDb> {
  if (!serverUrl) {
    const pgliteDir = path.join(workDir, 'pgdata');
    return {
      kind: 'pglite',
      label: 'PGlite (embedded, in the server process)',
      location: { pgliteDir },
      dispose: async () => fs.rmSync(pgliteDir, { recursive: true, force: true }),
    };
  }

  const name = `vastra_bench_${randomBytes(6).toString('hex')}`;
  const databaseUrl = withDatabase(serverUrl, name);
  const version = await admin(serverUrl, 'SHOW server_version');
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  let dropped = false;
  return {
    kind: 'postgres',
    label: `PostgreSQL ${version} server at ${describeUrl(databaseUrl)}`,
    location: { databaseUrl },
    async dispose() {
      if (dropped) return;
      dropped = true;
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on a connection of its own (CREATE/DROP DATABASE cannot run in a pool's transaction). */
async function admin(url: string, statement: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const result = await client.query<Record<string, unknown>>(statement);
    const first = result.rows[0];
    return first ? String(Object.values(first)[0]) : '';
  } finally {
    await client.end().catch(() => {});
  }
}
