import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from 'shared-api';
import { fetchSession, isOffline, keepLastAnswer, keptAnswerOfLastUser, type SessionUser } from 'shared-api';
import { setClubTimeZone } from 'shared-ui';
import { meQuery } from './api';

/** The session kept for use offline (shared-api offline/last-answers). */
const OFFLINE_SESSION = 'session';
interface KeptSession {
  user: SessionUser;
  clubTimeZone: string | null;
}

/**
 * Fills the one auth store (shared-api): the session on load (GET /auth/me, null on failure), then the
 * permissions from GET /user/me every 5 minutes. Until the terms are accepted the store keeps an empty
 * permission list and /user/me is not asked (the server answers 403).
 */
export function useSessionBootstrap(): void {
  const setUser = useAuthStore((s) => s.setUser);
  const user = useAuthStore((s) => s.user);

  useEffect(() => {
    let live = true;
    const load = () =>
      fetchSession().then(
        ({ user: u, clubTimeZone }) => {
          // Every date of the portal is shown on the club's clock (shared-ui format).
          setClubTimeZone(clubTimeZone);
          // Kept for the installed portal opened offline (issue 28); a signed-out answer forgets it (the store).
          if (u) keepLastAnswer(u._id, OFFLINE_SESSION, { user: u, clubTimeZone });
          if (live) setUser(u);
        },
        () => {
          if (!live) return;
          // Offline, the portal opens on the session of the last visit, read-only: pages show what they kept.
          const kept = isOffline() ? keptAnswerOfLastUser<KeptSession>(OFFLINE_SESSION) : null;
          if (kept && kept.value.user._id === kept.userId) {
            setClubTimeZone(kept.value.clubTimeZone);
            useAuthStore.getState().setOfflineUser(kept.value.user);
          } else setUser(null);
        },
      );
    void load();
    // Back online, a session shown from the last visit is asked for again (it may have ended meanwhile).
    const onOnline = () => {
      if (useAuthStore.getState().offline) void load();
    };
    window.addEventListener('online', onOnline);
    return () => {
      live = false;
      window.removeEventListener('online', onOnline);
    };
  }, [setUser]);

  const offline = useAuthStore((s) => s.offline);
  const me = useQuery({ ...meQuery(), enabled: Boolean(user?.has_accepted_terms) && !offline });

  useEffect(() => {
    const current = useAuthStore.getState().user;
    if (!me.data || !current || current._id !== me.data._id) return;
    const { permissions, has_accepted_terms, name, surname, email } = me.data;
    const unchanged =
      current.has_accepted_terms === has_accepted_terms &&
      current.name === name &&
      current.surname === surname &&
      current.email === email &&
      current.permissions.join() === permissions.join();
    if (!unchanged) setUser({ ...current, permissions, has_accepted_terms, name, surname, email });
  }, [me.data, setUser]);
}
