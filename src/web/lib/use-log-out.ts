import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signOut } from './session.ts';
import { notify } from './toast.ts';

/** Spec §7: sign out, then go to /login. The user menu and the sidebar both offer it. */
export function useLogOut(): () => Promise<void> {
  const navigate = useNavigate();
  const client = useQueryClient();
  return async () => {
    try {
      await signOut(client);
      navigate('/login');
    } catch {
      void notify('We could not log you out. Please try again.', 'error');
    }
  };
}
