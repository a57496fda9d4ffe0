/**
 * Runs one console statement in a transaction of its own (design.md SQL console), whatever it says:
 * - as vastra_console_reader in a READ ONLY transaction, or as vastra_console_writer when write mode
 *   was confirmed (migration 0012: no auth secrets for either; SET LOCAL, so both end with it);
 * - under statement_timeout, and over the extended protocol, where one message holds one statement;
 * - a read-mode SELECT through a cursor, fetching one row past the cap: a huge result never leaves
 *   the database;
 * - on PostgreSQL on a connection of its own that is closed afterwards, so nothing the statement did
 *   to its session (a setting, a lock) reaches the pool; a watchdog cancels it should the timeout
 *   ever have been lifted. PGlite is one connection in this process: its transaction holds it.
 * Values come back as PostgreSQL prints them, except numbers, booleans and JSON, so nothing the
 * driver would build (bigint, Date, Buffer) needs turning into JSON afterwards.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { SqlColumn, SqlMode, SqlResult, SqlValue } from '../../../shared/sql-console.contract.ts';
import type { Db } from '../../db/client.ts';
import { pgErrorCode } from '../../db/pg-error.ts';

export const CONSOLE_ROLES: Record<SqlMode, string> = { read: 'vastra_console_reader', write: 'vastra_console_writer' };
const QUERY_CANCELED = '57014';
const SESSION_RESETS = ['reset session authorization', 'reset role', 'reset all'];

export interface RunPlan {
  statement: string;
  mode: SqlMode;
  /** A plain SELECT in read mode: read through a cursor. */
  cursor: boolean;
  rowCap: number;
  timeoutMs: number;
}

/** What a statement gave: the console's answer but for the mode and statement the service adds. */
export type Ran = Omit<SqlResult, 'mode' | 'statement'>;

/** PostgreSQL refused or stopped the statement: its message, and whether the timeout stopped it. */
export class StatementFailed extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
    readonly durationMs: number,
  ) {
    super(message);
  }
}

interface Answer {
  command: string;
  fields: { name: string; dataTypeID: number }[];
  rows: SqlValue[][];
  rowCount: number;
}
interface Session {
  query(text: string, params?: unknown[]): Promise<Answer>;
}

/** Whether PostgreSQL can stop a statement here: PGlite runs it on this thread, with no timer to interrupt it. */
export const canTimeOut = (db: Db) => clientOf(db) instanceof pg.Pool;

export async function runStatement(db: Db, plan: RunPlan): Promise<Ran> {
  return inSession(db, plan.timeoutMs, async (session, end) => {
    await session.query(plan.mode === 'read' ? 'set transaction read only' : 'set transaction read write');
    await session.query(`select set_config('role', $1, true), set_config('statement_timeout', $2, true)`, [CONSOLE_ROLES[plan.mode], String(plan.timeoutMs)]);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let answer: Answer;
    try {
      if (plan.cursor) {
        await session.query(`declare vastra_console no scroll cursor for ${plan.statement}`);
        answer = { ...(await session.query(`fetch forward ${plan.rowCap + 1} from vastra_console`)), command: 'SELECT' };
      } else {
        answer = await session.query(plan.statement);
      }
      const durationMs = elapsed();
      const columns = await columnsOf(session, answer.fields);
      // What a committed statement set for the session would outlive it on PGlite's one connection.
      if (plan.mode === 'write') for (const reset of SESSION_RESETS) await session.query(reset);
      await end(plan.mode === 'write');
      const capped = answer.rows.length > plan.rowCap;
      const rows = capped ? answer.rows.slice(0, plan.rowCap) : answer.rows;
      return { command: answer.command, columns, rows, rowCount: capped ? rows.length : answer.rowCount, capped, durationMs };
    } catch (err) {
      throw new StatementFailed(messageOf(err), pgErrorCode(err) === QUERY_CANCELED, elapsed());
    }
  });
}

async function columnsOf(session: Session, fields: Answer['fields']): Promise<SqlColumn[]> {
  if (fields.length === 0) return [];
  const oids = `{${[...new Set(fields.map((f) => f.dataTypeID))].join(',')}}`;
  const { rows } = await session.query('select oid::int4, format_type(oid, null) from pg_type where oid = any($1::oid[])', [oids]);
  const names = new Map(rows.map(([oid, name]) => [oid, String(name)]));
  return fields.map((f) => ({ name: f.name, type: names.get(f.dataTypeID) ?? String(f.dataTypeID) }));
}

/** A value as JSON should carry it: PostgreSQL's text, except what JSON has a type for. */
function toValue(oid: number, text: string): SqlValue {
  switch (oid) {
    case 16:
      return text === 't';
    case 21:
    case 23:
    case 26:
      return Number(text);
    case 700:
    case 701:
      return Number.isFinite(Number(text)) ? Number(text) : text;
    case 114:
    case 3802:
      return JSON.parse(text) as SqlValue;
    default:
      return text; // int8 and numeric stay exact; dates, bytea, arrays as PostgreSQL prints them
  }
}

function messageOf(err: unknown): string {
  const e = (err as { cause?: unknown }).cause ?? err;
  const { message, hint } = e as { message?: string; hint?: string };
  return [message, hint].filter(Boolean).join('. Hint: ');
}

const clientOf = (db: Db) => (db as unknown as { $client: unknown }).$client;

type Work<T> = (session: Session, end: (commit: boolean) => Promise<void>) => Promise<T>;

function inSession<T>(db: Db, timeoutMs: number, work: Work<T>): Promise<T> {
  const client = clientOf(db);
  if (client instanceof pg.Pool) return inPostgresSession(client, timeoutMs, work);
  if (client instanceof PGlite) return client.transaction((tx) => work(pgliteSession(client, tx), async (commit) => (commit ? undefined : tx.rollback())));
  throw new Error('The SQL console needs PGlite or a node-postgres pool');
}

async function inPostgresSession<T>(pool: pg.Pool, timeoutMs: number, work: Work<T>): Promise<T> {
  const client = await pool.connect();
  const pid = (client as unknown as { processID: number }).processID;
  const watchdog = setTimeout(() => void pool.query('select pg_cancel_backend($1)', [pid]).catch(() => {}), timeoutMs + 2000);
  const types = { getTypeParser: (oid: number) => (text: string) => toValue(oid, text) };
  const session: Session = {
    query: async (text, params = []) => {
      const r = await client.query({ text, values: params, rowMode: 'array', queryMode: 'extended', types } as pg.QueryConfig);
      return { command: r.command, fields: r.fields, rows: r.rows as SqlValue[][], rowCount: r.rowCount ?? r.rows.length };
    },
  };
  try {
    await session.query('begin');
    return await work(session, (commit) => session.query(commit ? 'commit' : 'rollback').then(() => {}));
  } finally {
    clearTimeout(watchdog);
    client.release(true);
  }
}

function pgliteSession(pglite: PGlite, tx: Transaction): Session {
  const parsers = Object.fromEntries(Object.keys(pglite.parsers).map((oid) => [oid, (text: string) => toValue(Number(oid), text)]));
  return {
    query: async (text, params = []) => {
      const r = await tx.query<SqlValue[]>(text, params, { rowMode: 'array', parsers });
      return { command: r.command ?? '', fields: r.fields, rows: r.rows, rowCount: r.rowCount ?? r.affectedRows ?? r.rows.length };
    },
  };
}
