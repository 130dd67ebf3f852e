/**
 * Open tabs follow the releases (issue 12): the shell reads /remotes.json again when the tab gets focus or becomes
 * visible, and every few minutes; when the app of the current page is now served from another version, it offers
 * 'È disponibile una nuova versione di questa sezione — Aggiorna'. The switch is a reload of the page at the moment
 * the user picks, never a hot swap that would leave the old version's chunks in memory. A page with unsaved input
 * holds it (shared-ui useHoldUpdate): 'Aggiorna' then says why and waits.
 */
import { useEffect, useState } from 'react';
import { updateHoldReason, useUpdateHoldReason } from 'shared-ui';
import { loadedEntryOf } from './loaded-entries';
import { fetchRemotesManifest } from './manifest';
import type { RemoteName } from './names';

/** How often an open tab looks for a new release even without focus changes. */
export const UPDATE_CHECK_INTERVAL_MS = 3 * 60 * 1000;

/** The reload that switches versions (tests replace it: jsdom cannot reload). */
export const pageReload = { run: () => window.location.reload() };

/** Whether a release newer than what this page runs changed `remote`. */
export function useReleaseUpdate(remote: RemoteName, intervalMs = UPDATE_CHECK_INTERVAL_MS): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    setAvailable(false);
    let stopped = false;
    const check = async () => {
      const loaded = loadedEntryOf(remote);
      if (!loaded) return;
      try {
        const live = (await fetchRemotesManifest())[remote];
        if (!stopped && live && live !== loaded) setAvailable(true);
      } catch {
        // The manifest is unreachable for now: the next focus or tick asks again.
      }
    };
    const onFocus = () => void check();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(onFocus, intervalMs);
    return () => {
      stopped = true;
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, [remote, intervalMs]);
  return available;
}

/** The offer above a domain page; nothing until the page's app has a new version live. */
export function UpdateOffer({ remote }: { remote: RemoteName }) {
  const available = useReleaseUpdate(remote);
  const hold = useUpdateHoldReason();
  const [asked, setAsked] = useState(false);
  if (!available) return null;
  return (
    <div className="shell-update-offer" role="status" data-testid="update-offer">
      <span>È disponibile una nuova versione di questa sezione</span>
      {' — '}
      <button
        type="button"
        className="ui-btn ui-btn--primary"
        onClick={() => {
          setAsked(true);
          if (!updateHoldReason()) pageReload.run();
        }}
      >
        Aggiorna
      </button>
      {asked && hold ? <p className="shell-update-offer__hold">{hold} Salva o annulla le modifiche, poi aggiorna.</p> : null}
    </div>
  );
}
