import { formatInr } from '../../shared/money.ts';
import { OPEN_RETURN_STATES, PICKUP_FEE_WORDS, type ShopperReturn } from '../../shared/returns.ts';

/**
 * A return's pickup fee (issue 49), for the shopper and the owner alike: once taken, what was kept
 * and its service invoice; while the request is open, what a courier's pickup would take; nothing
 * when there is none.
 */
export function PickupFeeLine({ request: r, invoiceHref, owner = false }: { request: Pick<ShopperReturn, 'state' | 'pickupFee' | 'feeInvoice' | 'parcels' | 'refunds'>; invoiceHref: string; owner?: boolean }) {
  if (r.feeInvoice) {
    return (
      <span>
        {PICKUP_FEE_WORDS.taken(r.pickupFee)}{' '}
        <a className="font-medium text-wine underline underline-offset-4 hover:text-wine-dark" href={invoiceHref} download>
          Its invoice {r.feeInvoice} (PDF)
        </a>
      </span>
    );
  }
  if (r.pickupFee === 0 || r.refunds.length > 0 || !OPEN_RETURN_STATES.includes(r.state)) return null;
  if (owner) return <span>Pickup fee {formatInr(r.pickupFee)}: taken from the refund if the shop’s courier collects the piece.</span>;
  const booked = r.parcels.some((p) => p.kind === 'pickup' && p.step !== 'cancelled');
  return <span>{booked ? PICKUP_FEE_WORDS.willBeTaken(r.pickupFee) : PICKUP_FEE_WORDS.ifCollected(r.pickupFee)}</span>;
}
