import { CheckCircle2, Mail, ShieldCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { payOnDeliveryText } from '../../../shared/cod.ts';
import { STORE } from '../../../shared/store.ts';
import { formatInr } from '../../../shared/money.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { buttonClass } from '../../components/empty-state.tsx';

/** What the checkout hands over on its way here (spec §4 Payment success). */
interface Confirmed {
  paymentId?: string;
  orderNumber?: string;
  /** A Cash on Delivery order (issue 17): the total to pay at the door, in paise. */
  payOnDelivery?: number;
  /** Store credit paid all of it (issue 49), in paise. */
  paidWithCredit?: number;
}

/** Only strings are shown: the state of a history entry can hold anything. */
function readConfirmed(state: unknown): Confirmed {
  if (!state || typeof state !== 'object') return {};
  const { paymentId, orderNumber, payOnDelivery, paidWithCredit } = state as Record<string, unknown>;
  return {
    paidWithCredit: Number.isSafeInteger(paidWithCredit) && (paidWithCredit as number) > 0 ? (paidWithCredit as number) : undefined,
    paymentId: typeof paymentId === 'string' && paymentId ? paymentId : undefined,
    orderNumber: typeof orderNumber === 'string' && orderNumber ? orderNumber : undefined,
    payOnDelivery: Number.isSafeInteger(payOnDelivery) && (payOnDelivery as number) > 0 ? (payOnDelivery as number) : undefined,
  };
}

/**
 * Spec §2 Order confirmation. Opened without the checkout's state (typed in, a bookmark) it still
 * reads well and shows no payment line; the shopper's orders are one tap away either way.
 */
export function OrderConfirmation() {
  const { paymentId, orderNumber, payOnDelivery, paidWithCredit } = readConfirmed(useLocation().state);
  const details = paymentId || orderNumber;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-line bg-white/80 px-5 py-8 text-center sm:px-10 sm:py-10">
        <div className="mx-auto grid size-20 place-items-center rounded-full bg-sand ring-1 ring-gold-soft">
          <CheckCircle2 className="size-11 text-wine" strokeWidth={1.75} aria-hidden="true" />
        </div>
        <h1 className="mt-5 font-display text-4xl font-semibold">Order Confirmed!</h1>
        {payOnDelivery ? (
          <p className="mt-2 font-medium text-wine">{payOnDeliveryText(payOnDelivery)}</p>
        ) : paidWithCredit ? (
          <p className="mt-2 font-medium text-wine">Paid {formatInr(paidWithCredit)} with your store credit</p>
        ) : (
          <p className="mt-1 text-xs font-medium uppercase tracking-[0.2em] text-gold">Payment Successful</p>
        )}
        <p className="mx-auto mt-4 max-w-sm text-muted">Thank you for shopping with {STORE.name}. We are getting your order ready.</p>
        {details && (
          <div className="mx-auto mt-6 grid max-w-sm gap-1 rounded-xl bg-sand/50 px-4 py-3 text-sm">
            {orderNumber && <p className="font-medium text-ink">Order {orderNumber}</p>}
            {paymentId && (
              <p className="break-all text-muted">
                Payment ID: <span className="font-mono text-ink">{paymentId}</span>
              </p>
            )}
          </div>
        )}
        <p className="mx-auto mt-6 max-w-sm text-sm text-muted">
          <Mail className="-mt-0.5 mr-1.5 inline size-4 text-gold" aria-hidden="true" />
          An email confirmation with your order details will follow shortly.
        </p>
        <div className="mt-8 grid gap-3 sm:grid-cols-2">
          <Link to="/products" className={buttonClass}>
            Continue Shopping
          </Link>
          <Link to="/orders" className={secondaryButtonClass}>
            See your orders
          </Link>
        </div>
      </div>
      <p className="mt-5 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-center text-xs text-muted">
        <ShieldCheck className="size-4 text-gold" aria-hidden="true" /> Secure payments. Ships across India.
        <span>
          Questions? Write to{' '}
          <a href={`mailto:${STORE.email}`} className="font-medium text-wine underline underline-offset-4 hover:text-wine-dark">
            {STORE.email}
          </a>
          .
        </span>
      </p>
    </div>
  );
}
