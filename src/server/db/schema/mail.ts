/**
 * The mail outbox (design.md Email): a mail is a row written in the same transaction as what causes
 * it (a sign-up, a reset, a payment), so it is never lost when that commits and never sent when it
 * rolls back. The sender (src/server/modules/mail/) delivers rows with retries.
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { invoices } from './invoices.ts';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the mail is for (verify_email, reset_password, ...): for logs and tests, never shown. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not before this: now at first, later after each failure's back-off, or a claim's lease. */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the sender gives up after its last attempt. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /**
     * The tax invoice the mail carries as a PDF (issue 18): drawn by the sender from the issued
     * document when it sends, so the outbox holds no file and a retry attaches the same one.
     */
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
  },
  // The sender's question: what is due and still to send.
  (t) => [index('mail_outbox_due_idx').on(t.sendAfter).where(sql`${t.sentAt} is null and ${t.failedAt} is null`)],
);
