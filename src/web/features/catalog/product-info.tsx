import { Check, ShieldCheck, Truck, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { FINAL_SALE_TERMS, type ProductDetail } from '../../../shared/catalog.ts';
import { attributeLines } from '../../../shared/attributes.ts';
import { detailLines } from '../../../shared/garment.ts';
import { discountLabel, formatInrShort } from '../../../shared/money.ts';
import { freeShippingThresholdText, priceTaxNote } from '../../../shared/pricing.ts';
import { IN_A_CART } from '../../../shared/sizes.ts';
import { CollapsibleText } from './collapsible-text.tsx';
import { onlyInCarts } from '../../lib/held-sizes.ts';
import { usePricingSettings } from '../../lib/pricing-settings.ts';

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg bg-white p-4 ring-1 ring-line/70 sm:p-5">
      <h2 className="mb-3 font-display text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** Label and value rows: the highlights, the saree's details. */
function Pairs({ pairs, className = '' }: { pairs: [string, string][]; className?: string }) {
  return (
    <dl className={`grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr] ${className}`}>
      {pairs.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-medium text-muted">{label}</dt>
          <dd className="text-ink/90">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ProductSummaryPanel({ product }: { product: ProductDetail }) {
  const { price, offerPrice } = product;
  const pricing = usePricingSettings();
  return (
    <div className="flex flex-col gap-3">
      <h1 className="font-display text-3xl font-semibold leading-tight sm:text-4xl">{product.name}</h1>
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="text-2xl font-semibold">{formatInrShort(offerPrice ?? price)}</span>
        {/* A strike-through only above a lower price (issue 50): an offer at the price or above it is just the price paid. */}
        {offerPrice !== null && offerPrice < price && (
          <>
            <s className="text-muted">
              <span className="sr-only">Original price </span>
              {formatInrShort(price)}
            </s>
            <span className="font-medium text-gold">{discountLabel(price, offerPrice)}</span>
          </>
        )}
      </p>
      <p className="text-sm text-muted">{priceTaxNote(pricing)}</p>
      <p className={product.availability === 'Out of Stock' ? 'font-medium text-wine' : 'font-medium text-emerald-800'}>
        {onlyInCarts(product) ? IN_A_CART : product.availability}
      </p>
      {product.description && <p className="leading-relaxed text-ink/90">{product.description}</p>}
      <ul className="mt-1 grid gap-2 text-sm text-muted sm:grid-cols-2">
        <li className="flex items-center gap-2">
          <Truck className="size-4 text-gold" aria-hidden="true" /> Free shipping over {freeShippingThresholdText(pricing)}
        </li>
        <li className="flex items-center gap-2">
          <ShieldCheck className="size-4 text-gold" aria-hidden="true" /> Secure payments · Ships across India
        </li>
      </ul>
    </div>
  );
}

const deliveryOptions = [
  ['standardDelivery', 'Standard delivery'],
  ['expressDelivery', 'Express delivery'],
  ['pincodeDelivery', 'Delivery to your pincode'],
] as const;

/** `pinCheck`: the PIN field, shown in Delivery Info for a piece sent by PIN code (the route composes it). */
export function ProductInfoCards({ product, pinCheck }: { product: ProductDetail; pinCheck?: ReactNode }) {
  const highlights = Object.entries(product.keyHighlights);
  const details = [...attributeLines(product.attributes), ...detailLines(product.details)];
  return (
    <div className="grid gap-4">
      <InfoCard title="Key Highlights">
        {highlights.length === 0 ? (
          <p className="text-muted">N/A</p>
        ) : (
          <Pairs pairs={highlights} />
        )}
      </InfoCard>
      <InfoCard title="Product Details">
        {details.length > 0 && (
          <Pairs pairs={details} className="mb-3" />
        )}
        <CollapsibleText text={product.fullDescription} />
      </InfoCard>
      <InfoCard title="Manufacture & Care">
        <CollapsibleText text={product.manufactureAndCare} />
      </InfoCard>
      <InfoCard title="Return Policy">
        {product.finalSale && <p className="mb-3 font-medium text-wine">{FINAL_SALE_TERMS}</p>}
        <CollapsibleText text={product.returnPolicy} />
      </InfoCard>
      <InfoCard title="Delivery Info">
        <ul className="grid gap-2">
          {deliveryOptions.map(([key, label]) => {
            const available = product.deliveryInfo[key];
            return (
              <li key={key} className="flex items-center gap-2">
                {available ? <Check className="size-4 text-emerald-700" aria-hidden="true" /> : <X className="size-4 text-wine" aria-hidden="true" />}
                <span>
                  {label}: {available ? 'Available' : 'Not available'}
                </span>
              </li>
            );
          })}
        </ul>
        {product.deliveryInfo.pincodeDelivery && pinCheck && <div className="mt-4 border-t border-line/70 pt-4">{pinCheck}</div>}
      </InfoCard>
    </div>
  );
}
