import { useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { Bounce, ToastContainer, type ToastPosition } from 'react-toastify';

export interface ToastHostProps {
  /** Default top-right; the finance area uses 'bottom-right' (spec 002 §9). */
  position?: ToastPosition;
}

export const TOAST_AUTO_CLOSE_MS = 5000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;

/** Whether the person asked their system for reduced motion (false in the pre-rendered page, then the browser's answer). */
function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}

/**
 * The one toast container of the portal (spec 000 §9): top-right, closes after 5 s, pauses on hover and
 * when the window loses focus, swipe to dismiss on touch at 80 %, 320 px wide; Alt+T focuses it.
 *
 * Two rules keep a toast from staying on the page unseen:
 * - With reduced motion, no enter or exit animation at all (react-toastify's `transition={false}`): a toast starts its
 *   timer as it appears and leaves the page as it closes. Its animated transitions wait for the toast's own
 *   `animationend` to start the timer and for an `animationend` to collapse and remove it.
 * - The container is drawn from the commit after the host's first one. react-toastify keeps its containers by id (one
 *   id here), and a host drawing in the same commit that removes another host (the portal taking over the sign-in
 *   page, shell/src/login/portal.tsx) first draws the leaving host's toasts, among them an error toast being dismissed,
 *   whose exit then listens for `animationend` on its element. The next toast, the portal's 'Accesso effettuato', has
 *   the same React key in the new container and took over that element and listener: the first animation to end in
 *   it (its icon's, 0.01 ms with reduced motion, 0.3 s otherwise) collapsed it to no height, for good.
 */
export function ToastHost({ position = 'top-right' }: ToastHostProps) {
  const reducedMotion = useReducedMotion();
  const [drawn, setDrawn] = useState(false);
  // Passive effects of a commit run after those of the components it removed: by now a leaving host has let go of
  // the container id, and a toast raised meanwhile waits in react-toastify's queue for this one.
  useEffect(() => setDrawn(true), []);
  if (!drawn) return null;
  return (
    <ToastContainer
      position={position}
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      pauseOnFocusLoss
      draggable="touch"
      draggablePercent={80}
      closeOnClick
      theme="light"
      transition={reducedMotion ? false : Bounce}
      aria-label="Notifiche Alt+T"
      style={{ '--toastify-toast-width': '320px' } as CSSProperties}
    />
  );
}
