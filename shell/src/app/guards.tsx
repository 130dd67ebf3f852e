import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { holdsAny, useAuthStore, type Permission } from 'shared-api';

const AUTH_LOADING = 'Verifica autenticazione in corso...';

export function AuthLoading() {
  return (
    <p className="shell-auth-loading" role="status" data-testid="auth-loading">
      {AUTH_LOADING}
    </p>
  );
}

/** Where /login sends the user after signing in: the page the guard turned them away from. */
export interface LoginState {
  from?: string;
}

/**
 * Guards a signed-in route (spec 000 §2.1): anonymous → /login remembering the page; lacking every
 * required permission → /; '*' passes. While the terms are not accepted the page stays empty behind the
 * terms gate, so the reload after acceptance lands on the page the user asked for.
 */
export function RequireAuth({ permissions, children }: { permissions: readonly Permission[]; children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  const held = useAuthStore((s) => s.permissions);
  const signedOut = useAuthStore((s) => s.signedOut);
  const location = useLocation();

  if (status === 'loading') return <AuthLoading />;
  if (status === 'anonymous' || !user) {
    // After a deliberate logout the next sign-in starts from home, not from the page left behind.
    if (signedOut) return <Navigate to="/login" replace />;
    const state: LoginState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  if (!user.has_accepted_terms) return null;
  if (!holdsAny(held, permissions)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** /login and /login-send-email: a signed-in visitor goes on to the remembered page, else home. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <AuthLoading />;
  if (status === 'authenticated') {
    const from = (location.state as LoginState | null)?.from;
    return <Navigate to={from && from.startsWith('/') && !from.startsWith('//') ? from : '/'} replace />;
  }
  return <>{children}</>;
}
