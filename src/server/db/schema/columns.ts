import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was made and last changed: every table of the shop's own has both. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
