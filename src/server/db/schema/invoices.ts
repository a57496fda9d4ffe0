/**
 * Tax invoices (issue 18, docs/decisions/0021): the shop's tax registration, one row, checked by
 * src/shared/tax-settings.contract.ts on the way in and again when read.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

export const taxSettings = pgTable(
  'tax_settings',
  {
    /** There is one row: the key is always true. */
    id: boolean('id').primaryKey().default(true),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tax_settings_one_row', sql`${t.id}`)],
);
