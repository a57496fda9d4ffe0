import { AlertTriangle } from 'lucide-react';
import type { PaymentIssue } from '../../../shared/orders.ts';
import { formatInr } from '../../../shared/money.ts';

const WHY: Record<PaymentIssue['kind'], string> = {
  order_cancelled: 'arrived after the order was cancelled',
  order_expired: 'arrived after the order’s payment window closed',
  second_payment: 'is a second payment for this paid order',
  payment_reused: 'had already paid another order: check it in the Razorpay Dashboard',
  order_refund: 'paid for this order, cancelled before dispatch',
};

const REFUND: Record<PaymentIssue['refundStatus'], string> = {
  due: 'Refund to be made: the shop tries again every few minutes.',
  pending: 'Refund under way with Razorpay.',
  processed: 'Refunded.',
  failed: 'The refund could not be made: refund it in your Razorpay Dashboard.',
  not_ours: 'Not refunded by the shop.',
};

/** Money that came for this order when it could not take it (docs/decisions/0016): what it was, and its refund. */
export function PaymentIssues({ issues }: { issues: readonly PaymentIssue[] }) {
  return (
    <section aria-labelledby="payment-issues" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950 md:col-span-2">
      <h3 id="payment-issues" className="mb-1 flex items-center gap-2 text-xs font-medium uppercase tracking-[0.16em]">
        <AlertTriangle className="size-4" aria-hidden="true" /> Payments to look at
      </h3>
      <ul className="grid gap-2">
        {issues.map((i) => (
          <li key={i.paymentId}>
            Payment <span className="break-all font-mono text-xs">{i.paymentId}</span>
            {i.amount !== null && ` of ${formatInr(i.amount)}`} {WHY[i.kind]}. {REFUND[i.refundStatus]}
            {i.refundId && <span className="break-all font-mono text-xs"> ({i.refundId})</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
