import { ImageOff, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { imageAtWidth } from '../../../shared/images.ts';
import { formatInr } from '../../../shared/money.ts';
import { gstText } from '../../../shared/order-price.ts';
import { sizeLabel } from '../../../shared/sizes.ts';
import { CodeBox } from '../../components/code-box.tsx';
import type { BuyNowKey } from '../../lib/buy-now.ts';
import type { Quote } from './checkout.api.ts';

/** Spec §2 Checkout: what is being bought and what it costs, as the server priced it; the pay button under it. */
export function CheckoutSummary({ quote, amounts, offers, buyNow, addressId, credit = 0, children }: {
  quote: Quote;
  amounts: Quote['amounts'];
  /** The offers on the way to pay chosen (a code may not be allowed with Cash on Delivery). */
  offers: Quote['offers'];
  buyNow: BuyNowKey | null;
  addressId: string | null;
  credit?: number;
  children: ReactNode;
}) {
  // Paid on delivery, the amounts are the server's for that (issue 17): the fee is a line of its
  // own, in the total, and carries GST at the main piece's rate (issue 18).
  const a = amounts;
  const { codFee, total } = a;
  // None for a shop not registered for GST.
  const gst = gstText(a);
  // Each line's share of the discount, when this way to pay has the quote's offers (a COD order may not).
  const shares = (a.discount ?? 0) === (quote.amounts.discount ?? 0);
  return (
    <section aria-labelledby="checkout-summary" className="rounded-2xl border border-line bg-white/80 p-5 lg:sticky lg:top-32">
      <h2 id="checkout-summary" className="font-display text-2xl font-semibold">
        Order Summary
      </h2>
      <ul aria-label="Pieces in this order" className="mt-4 grid gap-3">
        {quote.lines.map((l) => (
          <li key={`${l.productId}:${l.size}`} className="flex items-center gap-3 text-sm">
            <div className="w-12 shrink-0 overflow-hidden rounded bg-sand">
              {l.thumbnail ? (
                <img src={imageAtWidth(l.thumbnail, 320)} alt="" width={320} height={427} className="aspect-[3/4] w-full object-cover" />
              ) : (
                <div className="grid aspect-[3/4] place-items-center text-muted">
                  <ImageOff className="size-4" aria-hidden="true" />
                </div>
              )}
            </div>
            <span className="min-w-0 flex-1">
              <span className="line-clamp-2">{l.name}</span>
              <span className="text-muted">
                {sizeLabel(l.size) && <>{sizeLabel(l.size)} · </>}Qty {l.quantity}
              </span>
            </span>
            <span className="text-right tabular-nums">
              {shares && l.discount ? (
                <>
                  <span className="block">{formatInr(l.lineTotal - l.discount)}</span>
                  <span className="block text-xs text-emerald-800">−{formatInr(l.discount)} off</span>
                </>
              ) : (
                formatInr(l.lineTotal)
              )}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-4">
        <CodeBox offers={offers} buyNow={buyNow} addressId={addressId} />
      </div>
      <dl className="mt-4 grid gap-2 border-t border-line pt-4 text-sm">
        <Row label="Subtotal" value={formatInr(a.subtotal)} />
        {a.discount ? <Row label="Discount" value={`−${formatInr(a.discount)}`} /> : null}
        {gst && <Row label={gst} value={formatInr(a.gstAmount)} muted={a.gstIncluded} />}
        <Row label="Shipping" value={a.shippingCharges === 0 ? 'FREE' : formatInr(a.shippingCharges)} struck={a.shippingDiscount ? formatInr(a.shippingDiscount) : undefined} />
        {codFee !== undefined && <Row label="Cash on Delivery fee" value={codFee === 0 ? 'FREE' : formatInr(codFee)} />}
        <div className="flex justify-between border-t border-line pt-3 text-base">
          <dt className="font-medium">Total</dt>
          <dd className="font-semibold tabular-nums">{formatInr(total)}</dd>
        </div>
        {credit > 0 && (
          <>
            <Row label="Store credit" value={`−${formatInr(credit)}`} />
            <div className="flex justify-between text-base">
              <dt className="font-medium">To pay</dt>
              <dd className="font-semibold tabular-nums">{formatInr(total - credit)}</dd>
            </div>
          </>
        )}
      </dl>
      <div className="mt-5 grid gap-3">{children}</div>
      <p className="mt-4 flex items-center gap-2 text-xs text-muted">
        <ShieldCheck className="size-4 text-gold" aria-hidden="true" /> Secure payments. Ships across India.
      </p>
    </section>
  );
}

function Row({ label, value, muted = false, struck }: { label: string; value: string; muted?: boolean; struck?: string }) {
  return (
    <div className={`flex justify-between ${muted ? 'text-muted' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">
        {struck && (
          <>
            <s className="mr-2 text-muted">{struck}</s>
            <span className="sr-only">now </span>
          </>
        )}
        {value}
      </dd>
    </div>
  );
}
