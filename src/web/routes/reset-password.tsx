import { ResetPasswordScreen } from '../features/accounts/reset-password-screen.tsx';

/** /reset-password (spec §2): opened from the mailed link. */
export function Component() {
  return <ResetPasswordScreen />;
}
