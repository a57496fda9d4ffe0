import { discountLabel, formatInrShort } from '../../shared/money.ts';

/**
 * Offer price, the original struck through, and 'N% off'; or just the price paid when there is no
 * offer below the price (issue 50: a demo saree read "₹6,499 ₹6,499 0% off").
 */
export function PriceLine({ price, offerPrice }: { price: number; offerPrice: number | null }) {
  if (offerPrice === null || offerPrice >= price) return <p className="font-semibold text-ink">{formatInrShort(offerPrice ?? price)}</p>;
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
