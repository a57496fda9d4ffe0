import { ShieldCheck } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { selectedSubtotal, type CartItem } from '../../../shared/cart.ts';
import { formatInr } from '../../../shared/money.ts';
import { cartTaxNote } from '../../../shared/pricing.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { CodeBox } from '../../components/code-box.tsx';
import { buttonClass } from '../../components/empty-state.tsx';
import { usePricingSettings } from '../../lib/pricing-settings.ts';
import type { CartOffers } from './cart.api.ts';

/**
 * Spec §2 Cart: the order summary of the selected pieces, Proceed to Checkout (disabled with
 * nothing selected; the checkout takes the selected lines) and Continue Shopping. GST and shipping
 * are the checkout's to work out from the shop's settings.
 */
export function CartSummary({ items, priced }: { items: readonly CartItem[]; priced: CartOffers | undefined }) {
  const navigate = useNavigate();
  const { pieces, subtotal } = selectedSubtotal(items);
  const pricing = usePricingSettings();
  // Offers and the code (issue 50): the server's word, once it has answered for this selection.
  const discount = pieces > 0 && priced ? (priced.amounts.discount ?? 0) : 0;
  return (
    <section aria-labelledby="cart-summary" className="rounded-2xl border border-line bg-white/80 p-5 lg:sticky lg:top-32">
      <h2 id="cart-summary" className="font-display text-2xl font-semibold">
        Order Summary
      </h2>
      <dl className="mt-4 grid gap-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">Selected</dt>
          <dd>
            {pieces} {pieces === 1 ? 'piece' : 'pieces'}
          </dd>
        </div>
        <div className="flex justify-between border-t border-line pt-3 text-base">
          <dt className="font-medium">Subtotal</dt>
          <dd className="font-semibold tabular-nums">{formatInr(subtotal)}</dd>
        </div>
        {discount > 0 && (
          <>
            <div className="flex justify-between text-emerald-800">
              <dt>Discount</dt>
              <dd className="tabular-nums">−{formatInr(discount)}</dd>
            </div>
            <div className="flex justify-between text-base">
              <dt className="font-medium">After offers</dt>
              <dd className="font-semibold tabular-nums">{formatInr(subtotal - discount)}</dd>
            </div>
          </>
        )}
      </dl>
      {pieces > 0 && priced && (
        <div className="mt-4">
          <CodeBox offers={priced.offers} />
        </div>
      )}
      <p className="mt-2 text-xs text-muted">{cartTaxNote(pricing)}</p>
      <div className="mt-5 grid gap-3">
        <button type="button" className={buttonClass} disabled={pieces === 0} onClick={() => void navigate('/checkout')}>
          Proceed to Checkout
        </button>
        {pieces === 0 && <p className="-mt-1 text-center text-xs text-muted">Select a piece to check out.</p>}
        <Link to="/products" className={secondaryButtonClass}>
          Continue Shopping
        </Link>
      </div>
      <p className="mt-4 flex items-center gap-2 text-xs text-muted">
        <ShieldCheck className="size-4 text-gold" aria-hidden="true" /> Secure payments. Ships across India.
      </p>
    </section>
  );
}
