/**
 * The one notifier (issue 48): every message to a shopper about their order's parcel goes through
 * here, once per step and channel however many times the scan that caused it arrives, and is kept
 * for the order's history. E-mail goes through the outbox, in the caller's transaction, so it goes
 * only if the step commits. WhatsApp or SMS (whichever the shop has, WhatsApp first) only for a
 * shopper who asked at checkout: queued in the same transaction, sent just after by `sendDue`
 * (retried with back-off, given up after a day of tries), never twice.
 */
import type { Db } from '../../db/client.ts';
import type { Outbox } from '../mail/mail.service.ts';
import { ChatRefusal, type ChatChannel } from './chat.ts';
import { claimDue, markSent, markTried, messagesOf, recordOnce } from './notify.queries.ts';

/** What WhatsApp and SMS say: the step's template filled with these, in order. */
export interface ChatFacts {
  phone: string;
  firstName: string;
  orderNumber: string;
  /** 'Delhivery, AWB 1234' or ''. */
  courierLine: string;
  /** The tracking page or the shopper's orders; '' when the shop has no public address. */
  link: string;
}

export interface OrderMessage {
  orderId: string;
  /** The step told of (shipped, out_for_delivery, delivered, ...): the message's key with the order. */
  step: string;
  mail: Parameters<Outbox['send']>[1];
  /** Present when the shopper asked for WhatsApp or SMS updates. */
  chat?: ChatFacts | null;
}

const CHAT_TRIES = 8;
const retryIn = (attempts: number) => Math.min(60 * 2 ** (attempts - 1), 3 * 3600);

export function createNotifier(db: Db, outbox: Outbox, chat: ChatChannel | null = null, log: (line: string) => void = console.error) {
  let sending: Promise<number> | null = null;

  /** Every WhatsApp or SMS message due, sent once each; how many were tried. */
  async function sendDue(): Promise<number> {
    if (!chat) return 0;
    const due = await claimDue(db, 20, 120);
    for (const m of due) {
      const { phone, values } = (m.details ?? {}) as { phone?: string; values?: string[] };
      try {
        await markSent(db, m.id, await chat.send({ step: m.step, phone: phone ?? '', values: values ?? [] }));
      } catch (err) {
        const refused = err instanceof ChatRefusal;
        const giveUp = refused || m.attempts >= CHAT_TRIES;
        const words = err instanceof Error ? err.message : String(err);
        if (giveUp) log(`Messages: ${chat.name} for order step ${m.step} not sent: ${words}`);
        await markTried(db, m.id, words.slice(0, 300), giveUp ? null : retryIn(m.attempts));
      }
    }
    return due.length;
  }

  return {
    /** Tells the shopper in `tx`; false when this step was told already (nothing is sent). */
    async tell(tx: Pick<Db, 'insert'>, message: OrderMessage): Promise<boolean> {
      const recorded = await recordOnce(tx, { orderId: message.orderId, step: message.step, channel: 'email', summary: message.mail.subject, details: { to: message.mail.toAddress } });
      if (recorded) await outbox.send(tx, message.mail);
      const c = message.chat;
      if (recorded && chat && c && /^\d{10}$/.test(c.phone)) {
        const values = [c.firstName, c.orderNumber, c.courierLine, c.link];
        await recordOnce(tx, { orderId: message.orderId, step: message.step, channel: chat.name, summary: message.mail.subject, details: { phone: c.phone, values }, status: 'queued' });
      }
      return recorded;
    },
    /** After the commit: the mail sender may go now, and so do WhatsApp and SMS. */
    nudge() {
      outbox.nudge();
      if (chat && !sending) sending = sendDue().finally(() => (sending = null)).catch((err: unknown) => (log(`Messages: ${String(err)}`), 0));
    },
    sendDue,
    /** Waits for a send the nudge started (tests, and a shop closing). */
    settled: () => sending ?? Promise.resolve(0),
    /** What the order's shopper was sent, oldest first. */
    history: (on: Pick<Db, 'select'>, orderId: string) => messagesOf(on, orderId),
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
