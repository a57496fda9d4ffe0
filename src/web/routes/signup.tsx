import { SignupScreen } from '../features/accounts/signup-screen.tsx';

/** /signup (spec §2): a new account. */
export function Component() {
  return <SignupScreen />;
}
