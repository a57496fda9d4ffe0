import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about the database itself, e.g. that the demo catalog was seeded (once, ever). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
