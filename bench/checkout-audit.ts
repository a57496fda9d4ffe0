/**
 * What the database holds after a checkout scenario, for one orders.source: its orders, paid and
 * pending, their payment ids, and the 'order_confirmation' mails in the outbox. Run by serve.ts
 * (the server holds PGlite's files) on {type: 'audit'}; checkout-check.ts holds it against what the
 * shoppers were answered.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import type { CheckoutAudit, CodAudit } from './messages.ts';
import { rows } from './seed.ts';

// The confirmation mail has no order column: it names its order in the subject ("Your Vastra order
// VA001234 is confirmed") and its payment in the text ("We have received your payment (pay_...)"),
// src/server/modules/orders/orders.mails.ts. Should that wording change, the mails stop matching
// and the audit reports paid orders without a mail: loudly, never a false all-clear.
const MAIL_ORDER = 'order (VA[0-9]+) is confirmed';
const MAIL_PAYMENT = 'payment \\((pay_[A-Za-z0-9_]+)\\)';

export async function auditCheckout(db: Db, kind: 'buy_now' | 'cart' | 'offer'): Promise<CheckoutAudit> {
  // The offers' run buys with Buy Now too: its orders are those with a discount (issue 50).
  const source = kind === 'cart' ? 'cart' : 'buy_now';
  const discounted = kind === 'offer';
  const mails = sql`select substring(subject from ${MAIL_ORDER}::text) as order_number, substring(text_body from ${MAIL_PAYMENT}::text) as payment_id
                    from mail_outbox where kind = 'order_confirmation'`;
  const [counts] = await rows<Omit<CheckoutAudit, 'paymentsOnSeveralOrders' | 'mailsWithoutPaidOrder' | 'paidOrders'>>(
    db,
    sql`with m as (${mails}),
        per_order as (
          select o.id, o.payment_status, o.payment_id,
                 count(m.order_number)::int as mails,
                 count(m.order_number) filter (where m.payment_id is distinct from o.payment_id)::int as other
          from orders o left join m on m.order_number = o.order_number
          where o.source = ${source} and o.payment_method = 'online' and (o.discount > 0) = ${discounted}
          group by o.id, o.payment_status, o.payment_id)
        select count(*)::int as "orders",
               count(*) filter (where payment_status = 'pending')::int as "pending",
               count(*) filter (where payment_status = 'paid')::int as "paid",
               count(distinct payment_id) filter (where payment_status = 'paid')::int as "distinctPaymentIds",
               coalesce(sum(mails), 0)::int as "mails",
               count(*) filter (where payment_status = 'paid' and mails = 0)::int as "paidWithoutMail",
               count(*) filter (where payment_status = 'paid' and mails > 1)::int as "paidWithSeveralMails",
               coalesce(sum(other), 0)::int as "mailsWithOtherPayment"
        from per_order`,
  );
  const [several] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select payment_id from orders where payment_id is not null group by payment_id having count(*) > 1) x`,
  );
  const [orphans] = await rows<{ n: number }>(
    db,
    sql`with m as (${mails})
        select count(*)::int as n from m
        where not exists (select 1 from orders o where o.order_number = m.order_number and o.payment_status = 'paid')`,
  );
  const paid = await rows<{ id: string; payment_id: string }>(
    db,
    sql`select id, payment_id from orders where source = ${source} and payment_method = 'online' and payment_status = 'paid' and (discount > 0) = ${discounted}`,
  );
  const [stock] = await rows<{ lost: number; mismatches: number; oversold: number }>(
    db,
    sql`select
          (select count(*)::int from orders where source = ${source} and payment_method = 'online' and ((payment_status = 'paid' and stock_state <> 'sold') or (status = 'pending' and stock_state <> 'held'))) as lost,
          (select count(*)::int from (select s.id from product_sizes s left join stock_movements m on m.product_size_id = s.id group by s.id having s.stock <> coalesce(sum(m.change), 0)) x) as mismatches,
          (select count(*)::int from product_sizes where stock < 0) as oversold`,
  );
  return {
    ...counts!,
    lostReservations: stock?.lost ?? 0,
    ledgerMismatches: stock?.mismatches ?? 0,
    oversold: stock?.oversold ?? 0,
    paymentsOnSeveralOrders: several?.n ?? 0,
    mailsWithoutPaidOrder: orphans?.n ?? 0,
    paidOrders: paid.map((r) => [r.id, r.payment_id]),
  };
}

// The Cash on Delivery mails name their order in the subject too: "... order VA001234 is confirmed"
// ('cod_confirmation') and "... order VA001234 is cancelled" ('order_cancelled'), orders.mails.ts.
const MAIL_NUMBER = 'order (VA[0-9]+) is';

/** The Cash on Delivery scenario's orders (every COD order: the other checkouts pay online), their stock and mails. */
export async function auditCod(db: Db): Promise<CodAudit> {
  const orders = await rows<{ id: string; status: string }>(db, sql`select id, status from orders where payment_method = 'cod'`);
  const [c] = await rows<Omit<CodAudit, 'orders' | 'confirmations' | 'cancellations'> & { cm: number; cs: number; xm: number; xs: number }>(
    db,
    sql`with m as (select kind, substring(subject from ${MAIL_NUMBER}::text) as order_number from mail_outbox where kind in ('cod_confirmation', 'order_cancelled')),
        per_order as (
          select o.status, o.stock_state, o.payment_status,
                 (select count(*) from m where m.order_number = o.order_number and m.kind = 'cod_confirmation')::int as confirmations,
                 (select count(*) from m where m.order_number = o.order_number and m.kind = 'order_cancelled')::int as cancellations
          from orders o where o.payment_method = 'cod')
        select count(*) filter (where (status = 'cancelled' and stock_state <> 'returned') or (status <> 'cancelled' and stock_state <> 'sold'))::int as "misplacedStock",
               count(*) filter (where payment_status = 'paid')::int as "paid",
               count(*) filter (where confirmations = 0)::int as cm,
               count(*) filter (where confirmations > 1)::int as cs,
               count(*) filter (where status = 'cancelled' and cancellations = 0)::int as xm,
               count(*) filter (where cancellations > 1 or (status <> 'cancelled' and cancellations > 0))::int as xs,
               (select count(*)::int from m where not exists (select 1 from orders o where o.order_number = m.order_number and o.payment_method = 'cod')) as "strayMails",
               (select count(*)::int from (select s.id from product_sizes s left join stock_movements sm on sm.product_size_id = s.id group by s.id having s.stock <> coalesce(sum(sm.change), 0)) x) as "ledgerMismatches",
               (select count(*)::int from product_sizes where stock < 0) as "oversold"
        from per_order`,
  );
  return {
    orders: orders.map((o) => [o.id, o.status]),
    misplacedStock: c!.misplacedStock,
    paid: c!.paid,
    confirmations: { missing: c!.cm, several: c!.cs },
    cancellations: { missing: c!.xm, several: c!.xs },
    strayMails: c!.strayMails,
    ledgerMismatches: c!.ledgerMismatches,
    oversold: c!.oversold,
  };
}

/** Marks the checkout shoppers' e-mail addresses verified (their verify links would; the links are in the server's outbox). */
export async function verifyShoppers(db: Db, emailPrefix: string): Promise<number> {
  const done = await rows<{ id: string }>(db, sql`update users set email_verified = true where starts_with(email, ${emailPrefix}) returning id`);
  return done.length;
}

/**
 * The Cash on Delivery row's shoppers place and cancel orders in a loop, on purpose: it measures
 * both steps. The limit that pauses a real shopper who does that (issue 53, 3 cancels an hour) is
 * lifted for them by forgetting their cancels as they go (serve.ts, every 100 ms: a shopper's
 * place-and-cancel takes far longer than that, so no count reaches the limit in between).
 */
export async function forgetCodCancels(db: Db, emailPrefix: string): Promise<void> {
  // A key is the rule's name (`cod-cancelled:shopper:hour`) and the shopper's id.
  await db.execute(sql`
    delete from request_limits
    where starts_with(key, 'cod-cancelled:')
      and split_part(key, ':', 4) in (select id::text from users where starts_with(email, ${emailPrefix}))`);
}
