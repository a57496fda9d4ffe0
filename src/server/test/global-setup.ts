/**
 * Migrates and seeds one template database per run; every test file then starts from a copy of it
 * (a PGlite loaded from the template's dump, or CREATE DATABASE ... TEMPLATE on PostgreSQL), so each
 * file gets a fresh database in well under a second.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { ensurePinDirectory } from '../modules/delivery/pin-directory.ts';
import { seedDemoCatalogOnce } from '../db/seed/demo.ts';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    pgliteTemplate: string;
    pgTemplateUrl: string;
  }
}

async function prepare(database: Database) {
  await migrate(database);
  await ensurePinDirectory(database.db);
  await seedDemoCatalogOnce(database.db);
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  if (project.name === 'api-postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `vastra_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const database = await openPostgres(withDatabase(url, name), 2);
    await prepare(database);
    await database.close();
    project.provide('dbKind', 'postgres');
    project.provide('pgTemplateUrl', withDatabase(url, name));
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openPglite({ pglite });
  await prepare(database);
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbKind', 'pglite');
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
