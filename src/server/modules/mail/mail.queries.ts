/** The outbox's SQL: write a mail, claim what is due, settle what was tried. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

/** A mail the sender has claimed, with how many times it has now been tried (this time included). */
export type ClaimedMail = Pick<typeof mailOutbox.$inferSelect, 'id' | 'kind' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'attempts' | 'invoiceId'>;
export type NewMail = Pick<typeof mailOutbox.$inferInsert, 'kind' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'invoiceId'>;

/** Anything that runs queries: the database or a transaction, so a mail commits with its cause. */
export type Runner = Pick<Db, 'insert'>;

export async function enqueue(runner: Runner, mail: NewMail): Promise<number> {
  const [row] = await runner.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * Claims up to `limit` due mails for `leaseSeconds`: one statement, so two app servers never claim
 * the same row (SKIP LOCKED), and no transaction stays open while a mail is sent. A sender that
 * dies mid-send leaves the lease to run out, and the mail is tried again.
 */
export async function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
  const { rows } = (await db.execute(sql`
    update mail_outbox set send_after = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
    where id in (
      select id from mail_outbox
      where sent_at is null and failed_at is null and send_after <= now()
      order by send_after, id
      limit ${limit}
      for update skip locked
    )
    returning id, kind, to_address as "toAddress", subject, text_body as "textBody", html_body as "htmlBody", attempts, invoice_id as "invoiceId"`)) as unknown as {
    rows: ClaimedMail[];
  };
  return rows;
}

export async function markSent(db: Db, id: number): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: sql`now()`, lastError: null }).where(eq(mailOutbox.id, id));
}

/** A failed try: again after `retryInSeconds`, or never (null) once the attempts are used up. */
export async function markFailed(db: Db, id: number, error: string, retryInSeconds: number | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryInSeconds === null
        ? { failedAt: sql`now()`, lastError: error }
        : { sendAfter: sql`now() + make_interval(secs => ${retryInSeconds})`, lastError: error },
    )
    .where(eq(mailOutbox.id, id));
}
