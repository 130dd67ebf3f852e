import { create } from 'zustand';
import type { Permission, SessionUser } from '../contract';
import { holdsAny } from '../contract/constants';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /** Empty while the terms are not accepted (spec 000 §4). */
  permissions: Permission[];
  /** True after the user logged out on purpose: guards then send to /login without remembering the page. */
  signedOut: boolean;
  setUser: (user: SessionUser | null) => void;
  signOut: () => void;
}

/** The one auth store of the portal: the shell fills it, domain apps read it (shared singleton). */
export const useAuthStore = create<AuthState>((set) => ({
  status: 'loading',
  user: null,
  permissions: [],
  signedOut: false,
  signOut: () => set({ user: null, status: 'anonymous', permissions: [], signedOut: true }),
  setUser: (user) =>
    set({
      user,
      signedOut: false,
      status: user ? 'authenticated' : 'anonymous',
      permissions: user && user.has_accepted_terms ? user.permissions : [],
    }),
}));

/** Whether the signed-in user holds any one of `anyOf` (holdsAny over the store's permissions). */
export function useHasPermission(anyOf: readonly string[] | undefined): boolean {
  const held = useAuthStore((s) => s.permissions);
  return holdsAny(held, anyOf);
}
