/**
 * Settling a payment, the one step the browser's confirmation, the webhook and the reconcile step
 * share (design.md Payments): the order is marked paid once (orders.service settle), and in the
 * same transaction, only then, the bought pieces leave the cart (not for Buy Now) and the
 * confirmation mail is written to the outbox. Money that came for an order that could not take it
 * (cancelled, expired, paid already) is recorded with a mail to the buyer in that transaction, and
 * refunded just after (payments/refunds.ts; docs/decisions/0016).
 */
import type { CartService } from '../cart/cart.service.ts';
import type { Outbox } from '../mail/mail.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import { orderConfirmationMail, refundMail } from '../orders/orders.mails.ts';
import { boughtPieces, type OrdersService, type Settlement } from '../orders/orders.service.ts';
import type { Refunds } from './refunds.ts';

export interface SettleDeps {
  orders: OrdersService;
  cart: CartService;
  /** The code a paid order used leaves the shopper's cart (issue 50). */
  offers: Pick<OffersService, 'usedIn'>;
  refunds: Refunds;
  /** The shop's public address, for the mail's link to the orders; none in development without PUBLIC_URL. */
  publicUrl: string | undefined;
  outbox: Outbox;
}

export type Settle = (providerOrderId: string, paymentId: string, amount: number | null) => Promise<Settlement>;

export function createSettle({ orders, cart, offers, refunds, publicUrl, outbox }: SettleDeps): Settle {
  return async (providerOrderId, paymentId, amount) => {
    let mailed = false;
    const settlement = await orders.settle(
      providerOrderId,
      paymentId,
      amount,
      async (tx, paid) => {
        if (paid.order.source === 'cart') {
          const bought = boughtPieces(paid.lines);
          await cart.removeBoughtIn(tx, paid.order.userId, bought);
        }
        await offers.usedIn(tx, paid.order.userId, paid.order.offers);
        if (paid.buyer) {
          await outbox.send(tx, orderConfirmationMail({ ...paid, buyer: paid.buyer }, publicUrl ? `${publicUrl}/orders` : null));
          mailed = true;
        }
      },
      async (tx, due) => {
        if (!due.buyer) return;
        await outbox.send(tx, refundMail({ ...due, buyer: due.buyer }));
        mailed = true;
      },
    );
    if (mailed) outbox.nudge();
    // Outside the transaction: a refund is a call to the provider; one that fails stays owed, for the reconcile step.
    if (settlement.outcome === 'not-payable' || settlement.outcome === 'other-payment') await refunds.refund(paymentId);
    return settlement;
  };
}
