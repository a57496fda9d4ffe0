/**
 * The console's first check of a statement, on PostgreSQL's own parser (libpg-query: the real
 * grammar compiled to WebAssembly; docs/decisions/0012-sql-console.md), so it reads the text exactly
 * as the server will: quoting, comments, dollar quotes and Unicode escapes cannot hide a second
 * statement or a function's name from it. It gives the owner a clear reason for what the console
 * does not run. It is not the only wall: the statement still runs as a restricted role, in a
 * read-only transaction unless write mode was confirmed, under a timeout, over the extended protocol
 * (one statement per message), so a statement that fooled this check still meets those.
 */
import { loadModule, parseSync } from 'libpg-query';
import type { SqlMode } from '../../../shared/sql-console.contract.ts';

export type Verdict =
  | { ok: true; statement: string; kind: 'select' | 'other' }
  | { ok: false; outcome: 'refused' | 'failed'; message: string };

export interface GuardOptions {
  /** False on the embedded database: PGlite runs in this process and has no timer to stop a statement. */
  canTimeOut: boolean;
}

const READ = new Set(['SelectStmt', 'ExplainStmt', 'VariableShowStmt']);
const WRITE = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);
const VERB: Record<string, string> = { InsertStmt: 'INSERT', UpdateStmt: 'UPDATE', DeleteStmt: 'DELETE', MergeStmt: 'MERGE' };

/**
 * Functions whose effect outlives or escapes the statement's checks: set_config changes the role or
 * the timeout (a superuser login may switch to any role, so a grant cannot stop it); the *_to_xml
 * family, ts_stat and ts_rewrite run SQL given as text, which this check cannot see and which
 * PostgreSQL would check against whatever role is current by then; session advisory locks stay
 * held on the connection after the transaction.
 */
const REFUSED_FUNCTIONS: Record<string, string> = {
  set_config: 'changes settings or the role',
  pg_advisory_lock: 'holds a lock after the statement ends (pg_advisory_xact_lock does not)',
  pg_advisory_lock_shared: 'holds a lock after the statement ends (pg_advisory_xact_lock_shared does not)',
  pg_try_advisory_lock: 'holds a lock after the statement ends (pg_try_advisory_xact_lock does not)',
  pg_try_advisory_lock_shared: 'holds a lock after the statement ends (pg_try_advisory_xact_lock_shared does not)',
  ...Object.fromEntries(
    ['query_to_xml', 'query_to_xmlschema', 'query_to_xml_and_xmlschema', 'cursor_to_xml', 'cursor_to_xmlschema', 'table_to_xml', 'table_to_xmlschema',
      'table_to_xml_and_xmlschema', 'schema_to_xml', 'schema_to_xmlschema', 'schema_to_xml_and_xmlschema', 'database_to_xml', 'database_to_xmlschema',
      'database_to_xml_and_xmlschema', 'ts_stat', 'ts_rewrite', 'dblink', 'dblink_exec'].map((f) => [f, 'runs SQL given as text, which the console cannot check']),
  ),
};
const SLEEPS = new Set(['pg_sleep', 'pg_sleep_for', 'pg_sleep_until']);

let loading: Promise<void> | undefined;
/** The parser's WebAssembly, loaded on first use: await it before the first check. */
export const guardReady = () => (loading ??= loadModule());

export function checkStatement(text: string, mode: SqlMode, { canTimeOut }: GuardOptions): Verdict {
  let stmts;
  try {
    stmts = parseSync(text).stmts ?? [];
  } catch (err) {
    return { ok: false, outcome: 'failed', message: err instanceof Error ? err.message : String(err) };
  }
  if (stmts.length === 0) return refuse('Write a statement to run.');
  if (stmts.length > 1) return refuse(`Run one statement at a time: this has ${stmts.length}.`);
  const { stmt, stmt_location: at = 0, stmt_len: len = 0 } = stmts[0]!;
  const [type, node] = Object.entries(stmt ?? {})[0] ?? ['', {}];
  const why = refusal(type, node, mode) ?? refusedCall(node, canTimeOut);
  if (why) return refuse(why);
  return { ok: true, statement: text.slice(at, len ? at + len : undefined), kind: type === 'SelectStmt' ? 'select' : 'other' };
}

const refuse = (message: string): Verdict => ({ ok: false, outcome: 'refused', message });

function refusal(type: string, node: unknown, mode: SqlMode): string | undefined {
  if (type === 'TransactionStmt') {
    return 'The console runs each statement in a transaction of its own: BEGIN, COMMIT, ROLLBACK, END and savepoints cannot be used.';
  }
  if (type === 'VariableSetStmt') return 'Settings, the role and the transaction mode cannot be changed from the console (SET and RESET).';
  if (type === 'ExplainStmt') {
    const inner = Object.entries((node as { query?: object }).query ?? {})[0];
    return inner ? refusal(inner[0], inner[1], mode) : undefined;
  }
  if (type === 'SelectStmt' && (node as { intoClause?: unknown }).intoClause) return 'SELECT INTO makes a table, and the console does not change the schema.';
  if (READ.has(type)) return undefined;
  if (WRITE.has(type)) {
    return mode === 'write' ? undefined : `${VERB[type]} changes data, and the console is in read-only mode. Turn on write mode for this one statement to run it.`;
  }
  return 'The console runs queries (SELECT, EXPLAIN, SHOW) and, in write mode, INSERT, UPDATE, DELETE and MERGE. Changes to the schema, roles or settings go through a migration.';
}

/** The first call anywhere in the statement (subqueries, CTEs, FROM) to a function the console refuses. */
function refusedCall(node: unknown, canTimeOut: boolean): string | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = refusedCall(child, canTimeOut);
      if (found) return found;
    }
    return undefined;
  }
  if (!node || typeof node !== 'object') return undefined;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'FuncCall') {
      const name = functionName(child);
      if (name && REFUSED_FUNCTIONS[name]) return `${name}() ${REFUSED_FUNCTIONS[name]}, so the console does not run it.`;
      if (name && !canTimeOut && SLEEPS.has(name)) {
        return `${name}() would hold the embedded database, and the whole shop, for as long as it sleeps: it cannot stop a statement after 5 seconds.`;
      }
    }
    const found = refusedCall(child, canTimeOut);
    if (found) return found;
  }
  return undefined;
}

/** The function's own name, without its schema (PostgreSQL has already folded case, or kept it when quoted). */
function functionName(call: unknown): string | undefined {
  const parts = (call as { funcname?: { String?: { sval?: string } }[] }).funcname ?? [];
  return parts.at(-1)?.String?.sval;
}
