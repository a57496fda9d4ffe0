/**
 * The schema scripts the console shows: the real migrations in ./drizzle, read from the project
 * (found from this file, as db/migrate.ts finds them, never from the working directory), each under
 * the tab it mostly speaks to. They change only with a new release, so they are read once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MigrationTab, SqlMigration } from '../../../shared/sql-console.contract.ts';
import { migrationsFolder } from '../../db/migrate.ts';

const MIGRATION_FILE = /^\d{4}_[\w-]+\.sql$/;

/**
 * Roles, policies and the auth library's tables belong under Authentication & RLS; a script that
 * makes functions or triggers without making tables under Functions & Triggers; the rest (tables,
 * indexes, extensions, seed rows) under Tables.
 */
export function tabOf(sql: string): MigrationTab {
  if (/\b(CREATE ROLE|CREATE POLICY|ENABLE ROW LEVEL SECURITY)\b|CREATE TABLE "?sessions"?/i.test(sql)) return 'auth';
  if (/\bCREATE (OR REPLACE )?(FUNCTION|TRIGGER)\b/i.test(sql) && !/\bCREATE TABLE\b/i.test(sql)) return 'functions';
  return 'tables';
}

let cached: Promise<SqlMigration[]> | undefined;

export function migrationScripts(): Promise<SqlMigration[]> {
  cached ??= readAll().catch((err: unknown) => {
    cached = undefined; // a missing folder now may be there on the next request
    throw err;
  });
  return cached;
}

async function readAll(): Promise<SqlMigration[]> {
  const files = (await fs.readdir(migrationsFolder)).filter((f) => MIGRATION_FILE.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      // drizzle's breakpoint markers are for its migrator, not for a person reading the script.
      const sql = (await fs.readFile(path.join(migrationsFolder, file), 'utf8')).replace(/\s*--> statement-breakpoint\s*/g, '\n\n').trim();
      return { file, tab: tabOf(sql), sql };
    }),
  );
}
