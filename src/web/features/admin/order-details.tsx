import { useState } from 'react';
import { OrderDocuments } from '../../components/order-documents.tsx';
import { nextStatuses, stepLabel, TRACKING_MAX, type AdminOrder } from '../../../shared/admin-orders.contract.ts';
import { withSize } from '../../../shared/sizes.ts';
import { formatInr } from '../../../shared/money.ts';
import { gstText } from '../../../shared/order-price.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/orders.ts';
import { AddressLines } from '../../components/address-lines.tsx';
import { dangerButtonClass, quietDangerButtonClass, secondaryButtonClass } from '../../components/buttons.ts';
import { buttonClass, RetryButton } from '../../components/empty-state.tsx';
import { FormMessage, TextField } from '../../components/form-field.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { useAdminOrder, useMoveOrder, useSetTracking } from './orders.api.ts';
import { ParcelPanel } from './parcel-panel.tsx';
import { useOrderParcel } from './parcels.api.ts';
import { PaymentIssues } from './payment-issues.tsx';

const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** One order for the owner: who, where, what, how much, its history, and the steps it may take next. */
export function OrderDetails({ id }: { id: string }) {
  const order = useAdminOrder(id);
  if (order.isPending) return <LoadingIndicator text="Loading the order..." />;
  if (order.isError) return <RetryButton onRetry={() => void order.refetch()} />;
  const o = order.data;
  const gst = gstText(o.amounts);
  return (
    <div className="grid gap-5 text-sm md:grid-cols-2">
      {o.paymentIssues.length > 0 && <PaymentIssues issues={o.paymentIssues} />}
      <Block title="Shopper">
        <p>{o.customer.name}</p>
        <p className="break-all text-muted">{o.customer.email}</p>
      </Block>
      <Block title="Deliver to">
        <AddressLines address={o.address} />
      </Block>
      <Block title="Pieces">
        <ul className="grid gap-1">
          {o.items.map((line, i) => (
            <li key={i} className="flex justify-between gap-3">
              <span>
                {line.quantity} × {withSize(line.name, line.size)}
              </span>
              <span className="tabular-nums">{formatInr(line.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 border-t border-line/70 pt-2 text-muted">
          <dt>Shipping</dt>
          <dd className="text-right tabular-nums">{formatInr(o.amounts.shippingCharges)}</dd>
          {o.amounts.codFee !== undefined && (
            <>
              <dt>Cash on Delivery fee</dt>
              <dd className="text-right tabular-nums">{formatInr(o.amounts.codFee)}</dd>
            </>
          )}
          {gst && (
            <>
              <dt>{gst}</dt>
              <dd className="text-right tabular-nums">{formatInr(o.amounts.gstAmount)}</dd>
            </>
          )}
          <dt className="font-medium text-ink">Total</dt>
          <dd className="text-right font-medium text-ink tabular-nums">{formatInr(o.amounts.total)}</dd>
        </dl>
      </Block>
      <Block title="Payment">
        {o.paymentMethod === 'cod' && <p className="font-medium">Cash on Delivery</p>}
        <p>
          {o.paymentStatus === 'paid'
            ? `${o.paymentMethod === 'cod' ? 'Cash collected' : 'Paid'} ${o.paidAt ? when.format(new Date(o.paidAt)) : ''}`
            : o.paymentStatus === 'failed'
              ? 'Failed'
              : o.paymentMethod === 'cod'
                ? `To collect at the door: ${formatInr(o.amounts.total)}`
                : 'Not paid yet'}
        </p>
        {o.paymentId && <p className="break-all font-mono text-xs text-muted">{o.paymentId}</p>}
        {o.trackingNumber && (
          <p className="mt-2">
            Tracking number: <span className="font-mono">{o.trackingNumber}</span>
          </p>
        )}
        <div className="mt-2">
          <OrderDocuments documents={o.documents} base={`/api/admin/orders/${o.id}`} />
        </div>
      </Block>
      <div className="md:col-span-2">
        <ParcelPanel order={o} />
      </div>
      <div className="md:col-span-2">
        <Steps order={o} />
      </div>
      {o.history.length > 0 && (
        <Block title="History" wide>
          <ol className="grid gap-1 text-muted">
            {o.history.map((h, i) => (
              <li key={i}>
                <time dateTime={h.at}>{when.format(new Date(h.at))}</time>: {h.from === h.to ? `tracking number ${h.trackingNumber ?? 'removed'}` : `${ORDER_STATUS_LABELS[h.from]} → ${ORDER_STATUS_LABELS[h.to]}`}
                {h.from !== h.to && h.trackingNumber && ` (tracking ${h.trackingNumber})`} by {h.by}
              </li>
            ))}
          </ol>
        </Block>
      )}
    </div>
  );
}

function Block({ title, wide = false, children }: { title: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <section className={wide ? 'md:col-span-2' : undefined}>
      <h3 className="mb-1 text-xs font-medium uppercase tracking-[0.16em] text-gold">{title}</h3>
      {children}
    </section>
  );
}

/** The next steps design.md allows from here; shipping asks for the courier's number, cancelling asks first. */
function Steps({ order }: { order: AdminOrder }) {
  const move = useMoveOrder(order.id);
  const setTracking = useSetTracking(order.id);
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const [tracking, setTrackingText] = useState(order.trackingNumber ?? '');
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const next = nextStatuses(order.status, order.paymentMethod);
  const parcel = useOrderParcel(order.id);

  async function take(to: OrderStatus) {
    setMessage(null);
    try {
      await move.mutateAsync({ from: order.status, to, ...(to === 'shipped' && tracking.trim() && { trackingNumber: tracking }) });
      setAsking(null);
      const done = order.paymentMethod === 'cod' && to === 'completed' ? 'Cash collected: the order is paid and completed' : `Marked ${ORDER_STATUS_LABELS[to].toLowerCase()}`;
      setMessage({ tone: 'success', text: `${done}. The shopper sees it on their orders.` });
    } catch (err) {
      setMessage({ tone: 'error', text: err instanceof Error ? err.message : String(err) });
    }
  }
  async function saveTracking() {
    setMessage(null);
    try {
      await setTracking.mutateAsync(tracking);
      setMessage({ tone: 'success', text: 'Tracking number saved.' });
    } catch (err) {
      setMessage({ tone: 'error', text: err instanceof Error ? err.message : String(err) });
    }
  }

  // A parcel booked with the courier has the courier's AWB: no number to type.
  const byCourier = parcel.data?.parcel != null && parcel.data.parcel.step !== 'booking';
  const canTrack = (order.status === 'shipped' || order.status === 'delivered') && !byCourier;
  if (next.length === 0 && !canTrack) return <p className="text-muted">This order is {ORDER_STATUS_LABELS[order.status].toLowerCase()}: nothing more to do.</p>;
  return (
    <div className="grid gap-3 rounded-xl border border-line bg-white p-3 sm:p-4">
      {(asking === 'shipped' && !byCourier) || (canTrack && asking === null) ? (
        <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
          <TextField label="Tracking number" hint="The courier's number, shown to the shopper." value={tracking} maxLength={TRACKING_MAX} onChange={(e) => setTrackingText(e.target.value)} />
          {canTrack && (
            <button type="button" className={secondaryButtonClass} disabled={setTracking.isPending} onClick={() => void saveTracking()}>
              Save tracking number
            </button>
          )}
        </div>
      ) : null}
      {asking === 'cancelled' && (
        <FormMessage tone="info">
          Cancel order {order.orderNumber}?{' '}
          {order.paymentStatus === 'paid'
            ? `It is paid: cancelling refunds ${formatInr(order.amounts.total - order.creditUsed)} through Razorpay${order.creditUsed > 0 ? ` and gives ${formatInr(order.creditUsed)} back to the shopper's store credit` : ''}, puts its pieces back on sale and tells the shopper.`
            : order.paymentMethod === 'cod'
              ? 'It is Cash on Delivery and not yet paid, so nothing needs refunding; its pieces go back on sale.'
              : 'It is not paid, so nothing needs refunding.'}
        </FormMessage>
      )}
      <div className="flex flex-wrap gap-2">
        {asking ? (
          <>
            <button type="button" className={asking === 'cancelled' ? dangerButtonClass : buttonClass} disabled={move.isPending} onClick={() => void take(asking)}>
              {move.isPending ? 'Saving...' : asking === 'cancelled' ? 'Yes, cancel it' : `Ship order ${order.orderNumber}`}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setAsking(null)}>
              Not now
            </button>
          </>
        ) : (
          next.map((to) => (
            <button
              key={to}
              type="button"
              className={to === 'cancelled' || to === 'returned' ? quietDangerButtonClass : buttonClass}
              disabled={move.isPending}
              onClick={() => (to === 'shipped' || to === 'cancelled' ? setAsking(to) : void take(to))}
            >
              {stepLabel(to, order.paymentMethod)}
            </button>
          ))
        )}
      </div>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
    </div>
  );
}
