/**
 * The store owner's SQL console (design.md SQL console; spec §2 Admin SQL editor, §8 SQL page): what
 * the form sends and the API takes, one contract for both, and the shapes of the answers.
 */
import { charCount } from './text-rules.ts';
import { z } from './zod.ts';

/**
 * The longest statement the console takes. Every request body of the API is capped at 16 KiB
 * (src/server/http/mutations.ts); 10,000 characters of plain SQL fit in it with room for the JSON
 * around them, so a long statement gets this clear message rather than 'too large'.
 */
export const MAX_SQL_CHARS = 10_000;
/** Rows one answer carries; more are left in the database and the answer says so. */
export const SQL_ROW_CAP = 500;
/** PostgreSQL stops a console statement after this long (statement_timeout). */
export const SQL_TIMEOUT_MS = 5_000;

export const SQL_MODES = ['read', 'write'] as const;
export type SqlMode = (typeof SQL_MODES)[number];

/** ok: ran; refused: the console would not run it; failed: PostgreSQL said no; timed_out: stopped at SQL_TIMEOUT_MS. */
export const SQL_OUTCOMES = ['ok', 'refused', 'failed', 'timed_out'] as const;
export type SqlOutcome = (typeof SQL_OUTCOMES)[number];

/** Spec §8's words for the SQL page. */
export const SQL_SUCCESS = 'Success!';
export const SQL_ERROR = 'Error:';
export const SQL_UNKNOWN_ERROR = 'Unknown error';

export const SQL_MESSAGES = {
  empty: 'Write a statement to run.',
  tooLong: `A statement can be at most ${MAX_SQL_CHARS.toLocaleString('en-IN')} characters.`,
  nul: 'The statement contains a NUL character, which PostgreSQL cannot take.',
  mode: 'Choose read or write mode.',
  confirm: 'Confirm write mode for this statement first.',
} as const;

export const sqlRunContract = z
  .object({
    sql: z
      .string({ error: SQL_MESSAGES.empty })
      .refine((s) => s.trim() !== '', SQL_MESSAGES.empty)
      .refine((s) => charCount(s) <= MAX_SQL_CHARS, SQL_MESSAGES.tooLong)
      .refine((s) => !s.includes('\u0000'), SQL_MESSAGES.nul),
    mode: z.enum(SQL_MODES, { error: SQL_MESSAGES.mode }).default('read'),
    /** Write mode is consent given for one statement: the request must say so itself. */
    confirmWrite: z.boolean({ error: SQL_MESSAGES.confirm }).optional(),
  })
  .refine((b) => b.mode === 'read' || b.confirmWrite === true, { message: SQL_MESSAGES.confirm, path: ['confirmWrite'] });

export type SqlRunRequest = z.input<typeof sqlRunContract>;

/** A value as JSON carries it: numbers, booleans and JSON as themselves, anything else as PostgreSQL prints it. */
export type SqlValue = string | number | boolean | null | { [key: string]: unknown } | unknown[];

export interface SqlColumn {
  name: string;
  /** PostgreSQL's name for the type, e.g. `integer`, `timestamp with time zone`. */
  type: string;
}

export interface SqlResult {
  mode: SqlMode;
  /** PostgreSQL's command tag: SELECT, UPDATE, ... */
  command: string;
  columns: SqlColumn[];
  rows: SqlValue[][];
  /** Rows returned, or changed by INSERT, UPDATE, DELETE and MERGE. */
  rowCount: number;
  /** More rows than SQL_ROW_CAP matched: only the first SQL_ROW_CAP are here. */
  capped: boolean;
  durationMs: number;
  /** The statement that ran (Sample Data shows the one it made). */
  statement: string;
}

export interface SqlAuditEntry {
  id: number;
  at: string;
  userId: string | null;
  userEmail: string;
  mode: SqlMode;
  statement: string;
  outcome: SqlOutcome;
  rowCount: number | null;
  error: string | null;
  durationMs: number;
}

export interface SqlAuditPage {
  entries: SqlAuditEntry[];
  /** Pass as `before` for the next (older) page; null when this is the last. */
  nextBefore: number | null;
}

export const SQL_AUDIT_PAGE_SIZE = 20;

/** A table the planner has no estimate for is counted, up to this many rows. */
export const SQL_COUNT_CAP = 100_000;

export const sqlAuditQuery = z.object({
  before: z.coerce.number({ error: 'Give the id to page before.' }).int('Give the id to page before.').positive('Give the id to page before.').optional(),
});

export interface SqlTableColumn {
  name: string;
  type: string;
  nullable: boolean;
  default: string | null;
  /** Whether the console's roles may read it (never the auth secrets). */
  readable: boolean;
}

export interface SqlTable {
  name: string;
  /** The planner's estimate, or a count (up to one past SQL_COUNT_CAP) for a table never analysed. */
  rows: number;
  rowsCounted: boolean;
  sizeBytes: number;
  rowLevelSecurity: boolean;
  columns: SqlTableColumn[];
}

export interface SqlPolicy {
  table: string;
  name: string;
  command: string;
  roles: string[];
  using: string | null;
  withCheck: string | null;
}

export interface SqlFunction {
  name: string;
  arguments: string;
  returns: string;
  language: string;
  definition: string;
}

export interface SqlTrigger {
  table: string;
  name: string;
  definition: string;
}

/** Which tab a migration belongs under. */
export type MigrationTab = 'tables' | 'auth' | 'functions';

export interface SqlMigration {
  file: string;
  tab: MigrationTab;
  sql: string;
}

export interface SqlSchema {
  database: { engine: string; version: string; sizeBytes: number; tables: number; rows: number };
  tables: SqlTable[];
  policies: SqlPolicy[];
  functions: SqlFunction[];
  triggers: SqlTrigger[];
  migrations: SqlMigration[];
}
