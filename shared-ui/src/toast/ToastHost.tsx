import type { CSSProperties } from 'react';
import { ToastContainer, type ToastPosition } from 'react-toastify';

export interface ToastHostProps {
  /** Default top-right; the finance area uses 'bottom-right' (spec 002 §9). */
  position?: ToastPosition;
}

export const TOAST_AUTO_CLOSE_MS = 5000;

/**
 * The one toast container of the portal (spec 000 §9): top-right, closes after 5 s, pauses on hover and
 * when the window loses focus, swipe to dismiss on touch at 80 %, 320 px wide; Alt+T focuses it.
 */
export function ToastHost({ position = 'top-right' }: ToastHostProps) {
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
      aria-label="Notifiche Alt+T"
      style={{ '--toastify-toast-width': '320px' } as CSSProperties}
    />
  );
}
