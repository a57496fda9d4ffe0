import { ProfileScreen } from '../features/accounts/profile-screen.tsx';

/** /profile (spec §2): the signed-in shopper's profile. */
export function Component() {
  return <ProfileScreen />;
}
