/**
 * The store owner's SQL console (design.md SQL console): the schema at a glance, sample rows, and
 * free SQL. Every statement is checked (sql-guard.ts), run in a transaction of its own as a
 * restricted role (sql-runner.queries.ts), and written to the audit log after that transaction has
 * ended, whether it ran, was refused, failed or timed out.
 */
import {
  SQL_AUDIT_PAGE_SIZE,
  SQL_ROW_CAP,
  SQL_TIMEOUT_MS,
  type SqlAuditPage,
  type SqlMode,
  type SqlOutcome,
  type SqlResult,
  type SqlSchema,
} from '../../../shared/sql-console.contract.ts';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { Shopper } from '../../http/session.ts';
import { migrationScripts } from './migration-files.ts';
import * as q from './sql-console.queries.ts';
import { checkStatement, guardReady } from './sql-guard.ts';
import { canTimeOut, runStatement, StatementFailed } from './sql-runner.queries.ts';

/** Sample Data shows this many rows of a table. */
export const SAMPLE_ROWS = 10;

const CODES: Record<Exclude<SqlOutcome, 'ok'>, string> = { refused: 'sql_refused', failed: 'sql_failed', timed_out: 'sql_timed_out' };

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function createSqlConsoleService(db: Db) {
  const timeouts = canTimeOut(db);

  async function run({ sql, mode }: { sql: string; mode: SqlMode }, author: Shopper): Promise<SqlResult> {
    const audit = (outcome: SqlOutcome, durationMs: number, extra: { rowCount?: number; error?: string }) =>
      q.recordAudit(db, { userId: author.id, userEmail: author.email, mode, statement: sql, outcome, durationMs, rowCount: null, error: null, ...extra });
    await guardReady();
    const verdict = checkStatement(sql, mode, { canTimeOut: timeouts });
    if (!verdict.ok) {
      await audit(verdict.outcome, 0, { error: verdict.message });
      throw new AppError(400, CODES[verdict.outcome], verdict.message);
    }
    try {
      const plan = { statement: verdict.statement, mode, cursor: mode === 'read' && verdict.kind === 'select', rowCap: SQL_ROW_CAP, timeoutMs: SQL_TIMEOUT_MS };
      const ran = await runStatement(db, plan);
      await audit('ok', ran.durationMs, { rowCount: ran.rowCount });
      return { mode, statement: sql, ...ran };
    } catch (err) {
      if (!(err instanceof StatementFailed)) {
        await audit('failed', 0, { error: `The console could not run it: ${err instanceof Error ? err.message : String(err)}` });
        throw err;
      }
      const outcome = err.timedOut ? 'timed_out' : 'failed';
      const message = err.timedOut ? `${err.message} (the console stops a statement after ${SQL_TIMEOUT_MS / 1000} seconds)` : err.message;
      await audit(outcome, err.durationMs, { error: message });
      throw new AppError(400, CODES[outcome], message);
    }
  }

  return {
    run,

    async schema(): Promise<SqlSchema> {
      const [facts, tables, policies, functions, triggers, migrations] = await Promise.all([
        q.databaseFacts(db),
        q.tables(db),
        q.policies(db),
        q.functions(db),
        q.triggers(db),
        migrationScripts(),
      ]);
      const database = {
        engine: timeouts ? 'PostgreSQL' : 'PGlite (embedded PostgreSQL)',
        version: facts.version,
        sizeBytes: facts.sizeBytes,
        tables: tables.length,
        rows: tables.reduce((sum, t) => sum + t.rows, 0),
      };
      return { database, tables, policies, functions, triggers, migrations };
    },

    /** A few rows of a table, of the columns the console may read, through the same checks and log as typed SQL. */
    async sample(table: string, author: Shopper): Promise<SqlResult> {
      const found = (await q.tables(db)).find((t) => t.name === table);
      if (!found) throw new NotFoundError(`There is no table called ${table}.`);
      const columns = found.columns.filter((c) => c.readable).map((c) => quoteIdent(c.name));
      if (columns.length === 0) throw new AppError(400, 'sql_refused', `${table} holds sign-in secrets: the console cannot read it.`);
      return run({ sql: `select ${columns.join(', ')} from ${quoteIdent(table)} limit ${SAMPLE_ROWS}`, mode: 'read' }, author);
    },

    async audit(before?: number): Promise<SqlAuditPage> {
      const entries = await q.auditPage(db, SQL_AUDIT_PAGE_SIZE + 1, before);
      const more = entries.length > SQL_AUDIT_PAGE_SIZE;
      const page = more ? entries.slice(0, SQL_AUDIT_PAGE_SIZE) : entries;
      return { entries: page, nextBefore: more ? page.at(-1)!.id : null };
    },
  };
}

export type SqlConsoleService = ReturnType<typeof createSqlConsoleService>;
