/**
 * The one notifier (issue 48): every message to a shopper about their order's parcel goes through
 * here, once per step and channel however many times the scan that caused it arrives, and is kept
 * for the order's history. E-mail goes through the outbox, in the caller's transaction, so it goes
 * only if the step commits.
 */
import type { Db } from '../../db/client.ts';
import type { Outbox } from '../mail/mail.service.ts';
import { messagesOf, recordOnce } from './notify.queries.ts';

export interface OrderMessage {
  orderId: string;
  /** The step told of (shipped, out_for_delivery, delivered, ...): the message's key with the order. */
  step: string;
  mail: Parameters<Outbox['send']>[1];
}

export function createNotifier(outbox: Outbox) {
  return {
    /** Tells the shopper in `tx`; false when this step was told already (nothing is sent). */
    async tell(tx: Pick<Db, 'insert'>, message: OrderMessage): Promise<boolean> {
      const recorded = await recordOnce(tx, { orderId: message.orderId, step: message.step, channel: 'email', summary: message.mail.subject, details: { to: message.mail.toAddress } });
      if (recorded) await outbox.send(tx, message.mail);
      return recorded;
    },
    /** After the commit: the mail sender may go now. */
    nudge: () => outbox.nudge(),
    /** What the order's shopper was sent, oldest first. */
    history: (db: Pick<Db, 'select'>, orderId: string) => messagesOf(db, orderId),
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
