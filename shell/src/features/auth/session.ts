import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from 'shared-api';
import { ApiError, fetchSession, isOffline, keepLastAnswer, keptAnswerOfLastUser, type SessionUser } from 'shared-api';
import { setClubTimeZone } from 'shared-ui';
import { meQuery } from './api';

/** The session kept for use offline (shared-api offline/last-answers). */
const OFFLINE_SESSION = 'session';
interface KeptSession {
  user: SessionUser;
  clubTimeZone: string | null;
}

/** How often a session shown from the last visit is asked for again while the server cannot be reached. */
export const OFFLINE_RETRY_MS = 30_000;

/**
 * The server could not be reached: the browser says it is offline, or the call got no answer (a Wi-Fi without
 * internet, a captive portal) or a gateway's (the server down behind its proxy). Not an answer about the session.
 */
const unreachable = (error: unknown) => isOffline() || (error instanceof ApiError && [0, 502, 503, 504].includes(error.status));

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
        (error: unknown) => {
          if (!live) return;
          // Offline, or the network failing while the browser says it is online (issue 44 item 2), the portal opens
          // on the session of the last visit, read-only: pages show what they kept. A session check that got no
          // answer is not a sign-out: nothing kept is forgotten and a session shown stays.
          const network = unreachable(error);
          const kept = network ? keptAnswerOfLastUser<KeptSession>(OFFLINE_SESSION) : null;
          const shown = useAuthStore.getState();
          if (kept && kept.value.user._id === kept.userId) {
            setClubTimeZone(kept.value.clubTimeZone);
            shown.setOfflineUser(kept.value.user);
          } else if (network && shown.status === 'authenticated' && shown.user) {
            shown.setOfflineUser(shown.user);
          } else setUser(null);
        },
      );
    void load();
    // Back online, a session shown from the last visit is asked for again (it may have ended meanwhile).
    const onOnline = () => {
      if (useAuthStore.getState().offline) void load();
    };
    window.addEventListener('online', onOnline);
    // The network may come back without an 'online' event (it never said it was gone): asked again now and then.
    const retry = window.setInterval(onOnline, OFFLINE_RETRY_MS);
    return () => {
      live = false;
      window.removeEventListener('online', onOnline);
      window.clearInterval(retry);
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
