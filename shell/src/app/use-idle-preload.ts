import { useEffect } from 'react';
import { useAuthStore } from 'shared-api';
import { preloadDateTimePickers } from 'shared-ui';

/**
 * The date and time pickers are in no public page: once someone is signed in, fetch them while the browser
 * is idle, so a form opened later shows its calendar at once.
 */
export function useIdlePreload(): void {
  const signedIn = useAuthStore((s) => s.status === 'authenticated');
  useEffect(() => {
    if (!signedIn) return;
    const preload = () => void preloadDateTimePickers();
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(preload);
    else window.setTimeout(preload, 2000);
  }, [signedIn]);
}
