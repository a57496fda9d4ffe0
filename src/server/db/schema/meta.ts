import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about the database itself, e.g. that the demo catalog was seeded (once, ever). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The shop's timed jobs, one row each (issue 52): when a pass last began. A server starts a pass
 * only by moving this forward past the job's interval, in one statement, so with several app
 * servers each pass is run by one of them; a server that dies mid-pass leaves the next to another.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
