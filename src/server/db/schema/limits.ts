/**
 * Fixed-window counters for the shop's own rate limits (failed logins per account and per IP,
 * reset and verification mails per address and per IP): in PostgreSQL, so a limit holds across
 * every app server. (better-auth's own limiter guards only its HTTP endpoints, which the shop does
 * not mount: every account request goes through the shop's routes, src/server/modules/accounts.)
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const requestLimits = pgTable('request_limits', {
  /** What is counted, e.g. `login-fail:account:<email>` or `reset-mail:ip:<address>`. */
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
