import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError, useAuthStore } from 'shared-api';
import { notify } from 'shared-ui';
import { logout } from 'shared-api';

/** POST /auth/logout, its toasts, and /login whatever the answer (spec 000 §8). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useAuthStore((s) => s.signOut);
  return async () => {
    try {
      await logout();
      notify.success('Logout effettuato con successo!');
    } catch (err) {
      // No answer at all: the session may still be open on the server, so say when to try again.
      notify.error(err instanceof ApiError && err.status === 0 ? 'Logout fallito. Riprova tra qualche minuto.' : 'Errore durante il logout.');
    }
    // signOut (not setUser(null)): the router applies navigations in a transition, so a guard may see the
    // signed-out store on this page first; signedOut tells it not to remember the page.
    signOut();
    void navigate('/login', { replace: true });
    queryClient.clear();
  };
}
