import { Banknote, CreditCard, Truck, Undo2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatInr } from '../../../shared/money.ts';
import { sizeLabel } from '../../../shared/sizes.ts';
import type { OrderRefund } from '../../../shared/cancel.ts';
import type { Order, OrderLine } from '../../../shared/orders.ts';
import { OrderAddress } from './order-address.tsx';
import { OrderAmounts, shownAmounts } from './order-amounts.tsx';
import { OrderStatusBadge } from '../../components/order-status-badge.tsx';
import { OrderDocuments } from '../../components/order-documents.tsx';
import { ParcelTimeline } from '../../components/parcel-timeline.tsx';

/** Spec §2 Orders: dates in en-US long form with hour and minute (design.md: money stays en-IN). */
const placedAt = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** A short line under the order's amounts (tracking, cash on delivery, a refund, the payment), its icon first. */
function OrderNote({ icon, tone, children }: { icon: ReactNode; tone: string; children: ReactNode }) {
  return (
    <p className={`flex items-start gap-2 rounded-lg px-3 py-2 text-xs ${tone}`}>
      {icon}
      <span className="min-w-0">{children}</span>
    </p>
  );
}

/** One order: number, date and status; its pieces and amounts; where it goes and the payment's id; `footer` across the card's width (a return request). */
export function OrderCard({ order, actions, footer }: { order: Order; actions?: ReactNode; footer?: ReactNode }) {
  const id = useId();
  const amounts = shownAmounts(order);
  return (
    <article aria-labelledby={`${id}-title`} className="overflow-hidden rounded-2xl border border-line bg-white/80">
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b border-line/70 bg-sand/40 px-4 py-3 sm:px-5 sm:py-4">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="font-display text-2xl font-semibold leading-tight lining-nums">
            Order {order.orderNumber}
          </h2>
          <p className="mt-0.5 text-sm text-muted">
            Placed on <time dateTime={order.createdAt}>{placedAt.format(new Date(order.createdAt))}</time>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      <div className="grid gap-6 px-4 py-4 sm:px-5 sm:py-5 md:grid-cols-[1fr_17rem] md:gap-8">
        <div className="grid content-start gap-5">
          <section aria-labelledby={`${id}-items`}>
            <h3 id={`${id}-items`} className="text-xs font-medium uppercase tracking-[0.16em] text-gold">
              {order.items.length === 1 ? 'Item' : `Items (${order.items.length})`}
            </h3>
            <ul className="mt-1">
              {order.items.map((line, i) => (
                <OrderLineRow key={`${line.productId ?? 'gone'}-${i}`} line={line} />
              ))}
            </ul>
          </section>
          {order.parcel && order.parcel.step !== 'booking' && (
            <div className="rounded-xl bg-sand/30 p-3 sm:p-4">
              <ParcelTimeline parcel={order.parcel} />
            </div>
          )}
          <OrderAddress address={order.address} />
        </div>
        <div className="grid content-start gap-4 md:border-l md:border-line/70 md:pl-8">
          <section aria-labelledby={`${id}-amounts`}>
            <h3 id={`${id}-amounts`} className="mb-2 text-xs font-medium uppercase tracking-[0.16em] text-gold">
              Payment summary
            </h3>
            <OrderAmounts amounts={amounts} labelledBy={`${id}-amounts`} />
          </section>
          {order.trackingNumber && !order.parcel?.awb && (
            <OrderNote icon={<Truck className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />} tone="bg-indigo-50 text-indigo-900">
              Tracking number: <span className="inline-block break-all font-mono">{order.trackingNumber}</span>
            </OrderNote>
          )}
          {order.paymentMethod === 'cod' && (
            <OrderNote icon={<Banknote className="mt-0.5 size-3.5 shrink-0 text-gold" aria-hidden="true" />} tone="bg-sand/50 text-ink">
              <span className="font-medium">Cash on delivery</span> · {codState(order)}
            </OrderNote>
          )}
          {order.creditUsed > 0 && (
            <OrderNote icon={<CreditCard className="mt-0.5 size-3.5 shrink-0 text-gold" aria-hidden="true" />} tone="bg-sand/50 text-ink">
              Paid {formatInr(order.creditUsed)} with store credit{order.creditUsed < amounts.total ? ` and ${formatInr(amounts.total - order.creditUsed)} online` : ''}
            </OrderNote>
          )}
          {order.refund && (
            <OrderNote icon={<Undo2 className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />} tone="bg-green-50 text-green-900">
              {refundText(order.refund)}
            </OrderNote>
          )}
          {order.paymentId && (
            <OrderNote icon={<CreditCard className="mt-0.5 size-3.5 shrink-0 text-gold" aria-hidden="true" />} tone="bg-sand/50 text-muted">
              Payment ID: <span className="inline-block break-all font-mono text-ink">{order.paymentId}</span>
            </OrderNote>
          )}
          <OrderDocuments documents={order.documents} base={`/api/orders/${order.id}`} />
          {actions}
        </div>
      </div>
      {footer && <div className="border-t border-line/70 px-4 py-4 sm:px-5">{footer}</div>}
    </article>
  );
}

/** A cancelled order's refund as it stands: made only when the provider says so (issue 17). */
function refundText(r: OrderRefund): string {
  const amount = formatInr(r.amount);
  if (r.status === 'processed') return `Refunded ${amount}${r.refundId ? ` (refund ${r.refundId})` : ''}. Banks usually show it within 5 to 7 working days.`;
  if (r.status === 'failed') return `Refund of ${amount}: we are looking into it and will write to you.`;
  return `Refund of ${amount}: on its way to the way you paid.`;
}

/** Where a Cash on Delivery order's money stands (issue 17). */
function codState(order: Order): string {
  if (order.paymentStatus === 'paid') return 'paid on delivery';
  if (order.status === 'cancelled') return 'cancelled: nothing to pay';
  if (order.status === 'returned') return 'returned to us: nothing to pay';
  return `pay ${formatInr(order.amounts.total)} in cash or UPI when it arrives`;
}

/** 'quantity × name' and the line's total; the unit price too when more than one was bought. */
function OrderLineRow({ line }: { line: OrderLine }) {
  const name = line.productId === null ? line.name : (
    <Link to={`/product/${line.productId}`} className="underline-offset-4 hover:text-wine hover:underline">
      {line.name}
    </Link>
  );
  return (
    <li className="flex items-start justify-between gap-3 border-b border-line/60 py-2.5 text-sm last:border-b-0">
      <p className="min-w-0">
        <span className="tabular-nums text-muted">{line.quantity} ×</span> {name}
        {sizeLabel(line.size) && <span className="block text-xs text-muted">{sizeLabel(line.size)}</span>}
        {line.quantity > 1 && <span className="block text-xs text-muted">{formatInr(line.unitPrice)} each</span>}
      </p>
      <p className="shrink-0 font-medium tabular-nums">
        <span className="sr-only">Line total: </span>
        {formatInr(line.lineTotal)}
      </p>
    </li>
  );
}
