import { useProfile } from '../features/accounts/profile.api.ts';
import { AddressBook } from '../features/addresses/address-book.tsx';
import { CheckoutScreen, type AddressPicker } from '../features/checkout/checkout-screen.tsx';

/** /checkout (spec §2): the checkout, with the address book as its delivery address picker. */
export function Component() {
  return <CheckoutScreen addresses={(picker) => <DeliveryAddress {...picker} />} />;
}

function DeliveryAddress({ shopperId, selectedId, onSelect }: AddressPicker) {
  // Spec §5: the profile's own address is offered when it is complete.
  const profile = useProfile(shopperId);
  return <AddressBook shopperId={shopperId} title="Delivery Address" selectable selectedId={selectedId} onSelect={onSelect} profile={profile.data} />;
}
