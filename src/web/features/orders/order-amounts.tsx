import type { ReactNode } from 'react';
import { formatInr } from '../../../shared/money.ts';
import type { Order } from '../../../shared/orders.ts';
import { gstText } from '../../../shared/order-price.ts';
import { fallbackBreakdown, type PriceBreakdown } from '../../../shared/pricing.ts';

/**
 * The amounts to show: the order's own, or spec §9's fallback when they are missing or zero (an
 * order from before the breakdown was kept), from its total or else from its lines.
 */
export function shownAmounts(order: Pick<Order, 'amounts' | 'items'>): PriceBreakdown {
  const a = order.amounts as PriceBreakdown | null | undefined;
  if (a && a.subtotal > 0 && a.total > 0) return a;
  const total = a?.total || order.items.reduce((sum, line) => sum + line.lineTotal, 0);
  return fallbackBreakdown(total);
}

/** Subtotal, GST (included or added, per the order), shipping ('FREE' at 0) and the total paid. */
export function OrderAmounts({ amounts: a, labelledBy }: { amounts: PriceBreakdown; labelledBy: string }) {
  // None for a shop not registered for GST (issue 18).
  const gst = gstText(a);
  return (
    <dl aria-labelledby={labelledBy} className="grid gap-2 text-sm">
      <Row term="Subtotal" value={formatInr(a.subtotal)} />
      {a.discount ? <Row term="Discount" value={<span className="text-green-800">−{formatInr(a.discount)}</span>} /> : null}
      {gst && <Row term={gst} value={formatInr(a.gstAmount)} />}
      <Row term="Shipping" value={a.shippingCharges === 0 ? <span className="font-medium text-green-800">FREE</span> : formatInr(a.shippingCharges)} />
      {a.codFee !== undefined && <Row term="Cash on Delivery fee" value={a.codFee === 0 ? <span className="font-medium text-green-800">FREE</span> : formatInr(a.codFee)} />}
      <div className="mt-1 flex justify-between gap-3 border-t border-line pt-3 text-base">
        <dt className="font-medium">Total</dt>
        <dd className="font-semibold tabular-nums">{formatInr(a.total)}</dd>
      </div>
    </dl>
  );
}

function Row({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted">{term}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
