import { create } from 'zustand';
import type { Permission, SessionUser } from '../contract';
import { holdsAny } from '../contract/constants';
import { forgetLastAnswers } from '../offline/last-answers';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /** Empty while the terms are not accepted (spec 000 §4). */
  permissions: Permission[];
  /** True after the user logged out on purpose: guards then send to /login without remembering the page. */
  signedOut: boolean;
  /** True while the session shown is the one kept from the last visit, the browser being offline (issue 28). */
  offline: boolean;
  setUser: (user: SessionUser | null) => void;
  /** The session kept from the last visit, shown read-only while the browser has no network. */
  setOfflineUser: (user: SessionUser) => void;
  signOut: () => void;
}

/** The one auth store of the portal: the shell fills it, domain apps read it (shared singleton). */
export const useAuthStore = create<AuthState>((set) => ({
  status: 'loading',
  user: null,
  permissions: [],
  signedOut: false,
  offline: false,
  signOut: () => {
    // Nothing a page kept for use offline outlives the session (shared-api offline/last-answers).
    forgetLastAnswers();
    set({ user: null, status: 'anonymous', permissions: [], signedOut: true, offline: false });
  },
  setOfflineUser: (user) =>
    set({ user, signedOut: false, offline: true, status: 'authenticated', permissions: user.has_accepted_terms ? user.permissions : [] }),
  setUser: (user) => {
    if (!user) forgetLastAnswers();
    set({
      user,
      signedOut: false,
      offline: false,
      status: user ? 'authenticated' : 'anonymous',
      permissions: user && user.has_accepted_terms ? user.permissions : [],
    });
  },
}));

/** Whether the signed-in user holds any one of `anyOf` (holdsAny over the store's permissions). */
export function useHasPermission(anyOf: readonly string[] | undefined): boolean {
  const held = useAuthStore((s) => s.permissions);
  return holdsAny(held, anyOf);
}
