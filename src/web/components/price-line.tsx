import { discountLabel, formatInrShort } from '../../shared/money.ts';

/** Offer price, the original struck through, and 'N% off'; or just the price when there is no offer. */
export function PriceLine({ price, offerPrice }: { price: number; offerPrice: number | null }) {
  if (offerPrice === null) return <p className="font-semibold text-ink">{formatInrShort(price)}</p>;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span className="font-semibold text-ink">{formatInrShort(offerPrice)}</span>
      <s className="text-sm text-muted">
        <span className="sr-only">Original price </span>
        {formatInrShort(price)}
      </s>
      <span className="text-sm font-medium text-gold">{discountLabel(price, offerPrice)}</span>
    </p>
  );
}
