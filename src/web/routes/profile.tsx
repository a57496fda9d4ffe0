import { ProfileScreen } from '../features/accounts/profile-screen.tsx';
import { AddressBook } from '../features/addresses/address-book.tsx';

/** /profile (spec §2): the signed-in shopper's profile, and under it their saved addresses. */
export function Component() {
  return <ProfileScreen below={(shopperId, profile) => <AddressBook shopperId={shopperId} profile={profile} />} />;
}
