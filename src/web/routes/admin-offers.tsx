import { AdminGate } from '../features/admin/admin-gate.tsx';
import { OfferForm } from '../features/admin/offer-form.tsx';
import { OffersList } from '../features/admin/offers-list.tsx';

/** /admin/offers: coupon codes and automatic offers, their figures, and a new one (issue 50). */
export function Component() {
  return (
    <AdminGate>
      <div className="grid gap-8">
        <div>
          <h1 className="font-display text-3xl font-semibold">Offers</h1>
          <p className="mt-1 text-sm text-muted">Codes shoppers type in the cart and at checkout, and offers that apply by themselves. A use is counted when an order is placed, and given back if it lapses unpaid or is cancelled.</p>
        </div>
        <OffersList />
        <OfferForm />
      </div>
    </AdminGate>
  );
}
