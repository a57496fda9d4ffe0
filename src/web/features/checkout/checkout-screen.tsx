import { FlaskConical } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { Address } from '../../../shared/addresses.ts';
import { formatInr } from '../../../shared/money.ts';
import { buttonClass, EmptyState, RetryButton } from '../../components/empty-state.tsx';
import { FormMessage } from '../../components/form-field.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { SignInFirst } from '../../components/sign-in-first.tsx';
import { ApiError } from '../../lib/api.ts';
import { buyNowKey } from '../../lib/buy-now.ts';
import { useQuote } from './checkout.api.ts';
import { CheckoutSummary } from './checkout-summary.tsx';
import { PaymentMethod, type Method } from './payment-method.tsx';
import { TestPaymentDialog } from './test-payment-dialog.tsx';
import { usePayment } from './use-payment.ts';
import { creditToUse } from '../../../shared/store-credit.ts';

export interface AddressPicker {
  shopperId: string;
  selectedId: string | null;
  onSelect: (address: Address | null) => void;
}

/**
 * Spec §2 Checkout: the delivery address (the address book, handed in by the route: features do
 * not import each other), the order summary and the pay button. Buy Now's product comes in router
 * state; otherwise the cart's selected pieces.
 */
export function CheckoutScreen({ addresses }: { addresses: (picker: AddressPicker) => ReactNode }) {
  return (
    <SignInFirst loading="Loading checkout..." visitor={{ title: 'Checkout', text: 'Please log in to check out.', action: 'Log in' }}>
      {({ shopper }) => <Checkout shopperId={shopper.id} email={shopper.email} addresses={addresses} />}
    </SignInFirst>
  );
}

function Checkout({ shopperId, email, addresses }: { shopperId: string; email: string; addresses: (picker: AddressPicker) => ReactNode }) {
  const state = useLocation().state;
  // The key's object is remade each render; its query key is a string of it, so the query holds.
  const buyNow = buyNowKey(state);
  const [address, setAddress] = useState<Address | null>(null);
  const quote = useQuote(shopperId, buyNow, address?.id ?? null);
  const [chosen, setMethod] = useState<Method>('online');
  // Off until the shopper ticks it (issue 48): e-mail tells every step anyway.
  const [orderUpdates, setOrderUpdates] = useState(false);
  // The shopper's store credit (issue 49) pays first when they have some, unless they untick it.
  const [useCredit, setUseCredit] = useState(true);
  const credit = useCredit && chosen === 'online' && quote.data ? creditToUse(quote.data.storeCredit, quote.data.amounts.total) : 0;
  const payment = usePayment({ shopperId, buyNow, address, quote: quote.data, orderUpdates, credit });

  if (quote.isPending) return <LoadingIndicator text="Loading checkout..." />;
  if (quote.isError) {
    const err = quote.error;
    if (err instanceof ApiError && err.status === 409) {
      const title = err.code === 'order_too_large' ? 'This order is too large to pay at once' : 'Nothing to check out yet';
      return (
        <EmptyState level={1} title={title} action={<Link to="/cart" className={buttonClass}>Go to your cart</Link>}>
          {err.message}
        </EmptyState>
      );
    }
    return <EmptyState level={1} title="We could not load checkout." action={<RetryButton onRetry={() => void quote.refetch()} />} />;
  }
  // The answer for the address now chosen (a moment's old one while it is asked again counts for nothing).
  const delivery = quote.data.delivery && !quote.isPlaceholderData ? quote.data.delivery : undefined;
  const method = chosen === 'cod' && delivery?.cod.offered ? 'cod' : 'online';
  const cod = method === 'cod' ? delivery!.cod : null;
  const total = cod ? cod.total : quote.data.amounts.total;
  const toPay = cod ? total : total - credit;
  const notDelivered = delivery?.served === false;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="font-display text-4xl font-semibold">Checkout</h1>
      {quote.data.paymentMode === 'test' && (
        <p className="mt-3 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Test mode: this shop takes no real payments yet. Orders are placed, but no money moves.
        </p>
      )}
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem] lg:items-start">
        <div className="grid gap-8">
          {addresses({ shopperId, selectedId: address?.id ?? null, onSelect: setAddress })}
          <PaymentMethod method={method} onChange={setMethod} delivery={delivery} email={email} />
        </div>
        <CheckoutSummary quote={quote.data} amounts={cod ? cod.amounts : quote.data.amounts} offers={cod ? quote.data.codOffers : quote.data.offers} buyNow={buyNow} addressId={address?.id ?? null} credit={cod ? 0 : credit}>
          {quote.data.storeCredit > 0 && <StoreCreditChoice balance={quote.data.storeCredit} cod={!!cod} used={credit} on={useCredit} onChange={setUseCredit} />}
          {payment.message && <FormMessage tone="error">{payment.message}</FormMessage>}
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 size-4 accent-wine" checked={orderUpdates} onChange={(e) => setOrderUpdates(e.target.checked)} />
            <span>
              Send me order updates on WhatsApp or SMS too
              <span className="block text-xs text-muted">We e-mail every step anyway. Stop any time from your profile.</span>
            </span>
          </label>
          <button
            type="button"
            className={buttonClass}
            disabled={!address || total <= 0 || payment.processing || notDelivered}
            onClick={cod ? payment.payOnDelivery : payment.pay}
          >
            {payment.processing ? 'Processing...' : cod ? `Place order · pay ${formatInr(total)} on delivery` : toPay === 0 ? 'Place order · paid with store credit' : `Pay ${formatInr(toPay)}`}
          </button>
          {!address && <p className="-mt-1 text-center text-xs text-muted">Add or choose a delivery address to pay.</p>}
        </CheckoutSummary>
      </div>
      {payment.test && <TestPaymentDialog start={payment.test.start} onPay={payment.test.pay} onDismiss={payment.test.dismiss} />}
    </div>
  );
}

/** Store credit at checkout (issue 49): used with online payment, kept for later with Cash on Delivery. */
function StoreCreditChoice({ balance, cod, used, on, onChange }: { balance: number; cod: boolean; used: number; on: boolean; onChange: (on: boolean) => void }) {
  if (cod) return <p className="text-sm text-muted">Your store credit of {formatInr(balance)} is used with online payment; it stays for your next order.</p>;
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-wine" checked={on} onChange={(e) => onChange(e.target.checked)} />
      <span>
        Use my store credit ({formatInr(balance)})
        {on && used < balance && <span className="block text-xs text-muted">{formatInr(used)} of it on this order; the rest stays for later.</span>}
      </span>
    </label>
  );
}
