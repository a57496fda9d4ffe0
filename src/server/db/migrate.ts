import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectRoot } from '../project-root.ts';
import type { Database } from './client.ts';

export const migrationsFolder = path.join(projectRoot, 'drizzle');

/** Any fixed number; app servers starting together queue on it so migrations run once. */
const MIGRATION_LOCK = 7_342_001;

export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite' || !database.url) {
    // PGlite is in-process: only this process can have the folder open.
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  // drizzle's migrator runs its own transaction, so hold a session lock on a connection of our own.
  const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
