/**
 * The mail sender: every few seconds (and at once when nudged) it claims due mails from the outbox
 * and sends them, retrying a failure with back-off, safe with several app servers.
 */
import type { Db } from '../../db/client.ts';
import { claimDue, enqueue, markFailed, markSent, type ClaimedMail, type NewMail, type Runner } from './mail.queries.ts';
import type { MailAttachment, MailTransport } from './mail.transports.ts';

/** What a mail carries besides its text, made at sending time (a tax invoice's PDF). */
export type AttachmentsOf = (mail: ClaimedMail) => Promise<MailAttachment[]>;

export const MAIL_RETRY = {
  /** Tries before a mail is given up (logged, kept in the outbox with its last error). */
  maxAttempts: 8,
  /** Seconds before the second try; doubling after each failure up to `maxDelay`. */
  firstDelay: 30,
  maxDelay: 3600,
  /** How long a claim holds a mail: longer than any send takes. */
  lease: 120,
} as const;

export const retryDelay = (attempts: number) => Math.min(MAIL_RETRY.firstDelay * 2 ** (attempts - 1), MAIL_RETRY.maxDelay);

/**
 * How every other module writes a mail: into the outbox, in the caller's own transaction, so the
 * mail goes only if what caused it commits. The nudge, once that transaction has committed, lets
 * the sender go at once instead of at its next round (a nudge before the commit would find nothing).
 */
export interface Outbox {
  /** Writes the letter in `tx` (the database itself for a mail with no other write); its outbox id. */
  send(tx: Runner, letter: NewMail): Promise<number>;
  /** After the commit: the sender may go now. */
  nudge(): void;
}

export function createOutbox(nudge: () => void = () => {}): Outbox {
  return { send: enqueue, nudge };
}

export interface MailSender {
  /** Sends what is due now; resolves with how many were sent and how many failed. */
  sendDue(): Promise<{ sent: number; failed: number }>;
  /** Ask for a pass soon (a mail was just written). */
  nudge(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function createMailSender(db: Db, transport: MailTransport, log: (line: string) => void = console.log, attachmentsOf: AttachmentsOf = async () => []): MailSender {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function sendDue() {
    let sent = 0;
    let failed = 0;
    for (const mail of await claimDue(db, 20, MAIL_RETRY.lease)) {
      try {
        await transport.send(mail, await attachmentsOf(mail));
        await markSent(db, mail.id);
        sent++;
      } catch (err) {
        failed++;
        const reason = err instanceof Error ? err.message : String(err);
        const last = mail.attempts >= MAIL_RETRY.maxAttempts;
        await markFailed(db, mail.id, reason.slice(0, 500), last ? null : retryDelay(mail.attempts));
        // The address and the kind only: the body may hold a link that works as a password.
        log(`Mail ${mail.id} (${mail.kind}) to ${mail.toAddress} failed (try ${mail.attempts}): ${reason}${last ? '; giving up' : ''}`);
      }
    }
    return { sent, failed };
  }

  /** One pass at a time in this process; a pass that fails (the database away) is logged and the next one tries again. */
  function pass() {
    const next = running.then(sendDue);
    running = next.catch((err: unknown) => log(`Mail sender: ${err instanceof Error ? err.message : String(err)}`));
    return next;
  }
  const passInBackground = () => void pass().catch(() => {});

  return {
    sendDue: pass,
    nudge: () => {
      if (!stopped) setTimeout(passInBackground, 0).unref();
    },
    start(intervalMs = 5000) {
      stopped = false;
      timer = setInterval(passInBackground, intervalMs);
      timer.unref();
      passInBackground();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
