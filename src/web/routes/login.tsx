import { LoginScreen } from '../features/accounts/login-screen.tsx';

/** /login (spec §2): log in, or ask for a reset link. */
export function Component() {
  return <LoginScreen />;
}
