import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError, useAuthStore } from 'shared-api';
import { notify } from 'shared-ui';
import { logout } from './api';

/** POST /auth/logout, its toasts, and /login whatever the answer (spec 000 §8). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setUser = useAuthStore((s) => s.setUser);
  return async () => {
    try {
      await logout();
      notify.success('Logout effettuato con successo!');
    } catch (err) {
      // No answer at all: the session may still be open on the server, so say when to try again.
      notify.error(err instanceof ApiError && err.status === 0 ? 'Logout fallito. Riprova tra qualche minuto.' : 'Errore durante il logout.');
    }
    // Same tick: the router sees /login and the signed-out store together, so no guard remembers this page.
    navigate('/login', { replace: true });
    setUser(null);
    queryClient.clear();
  };
}
