/**
 * The SQL console's audit log (design.md SQL console): every statement the store owner ran or tried,
 * in which mode, by whom, how it ended and how long it took. Written by the server as the tables'
 * owner after the statement's own transaction has ended, so a failed or timed-out statement is
 * logged too; the console's own roles may read it but never change it (migration 0012).
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SqlMode, SqlOutcome } from '../../../shared/sql-console.contract.ts';
import { users } from './accounts.ts';

export const sqlConsoleAudit = pgTable(
  'sql_console_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // The account may go one day; its entries stay, with the email they were made under.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    mode: text('mode').$type<SqlMode>().notNull(),
    statement: text('statement').notNull(),
    outcome: text('outcome').$type<SqlOutcome>().notNull(),
    /** Rows returned or changed, when it ran. */
    rowCount: integer('row_count'),
    /** What PostgreSQL or the console said, when it did not run. */
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sql_console_audit_mode_check', sql`${t.mode} in ('read', 'write')`),
    check('sql_console_audit_outcome_check', sql`${t.outcome} in ('ok', 'refused', 'failed', 'timed_out')`),
  ],
);
