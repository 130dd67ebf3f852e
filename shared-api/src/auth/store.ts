import { create } from 'zustand';
import type { Permission, SessionUser } from '../contract';

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

/** Access is allowed with any one of the required permissions; '*' grants all; no requirement passes. */
export function hasAnyPermission(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  if (held.includes('*')) return true;
  return required.some((p) => held.includes(p));
}

export function useHasPermission(required: readonly string[] | undefined): boolean {
  const held = useAuthStore((s) => s.permissions);
  return hasAnyPermission(held, required);
}
