import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { createQueryClient, fetchSessionUser, login, useAuthStore, type SessionUser } from 'shared-api';
import type { DomainRoutes } from '../federation/domain-routes';
import { EmailInput } from '../inputs/EmailInput';
import { PasswordInput } from '../inputs/PasswordInput';
import { ToastHost } from '../toast/ToastHost';
import { notify } from '../toast/notify';

export interface StandaloneHostProps {
  /** Name of the domain shown above the page links, e.g. 'Anagrafica'. */
  title: string;
  routes: DomainRoutes;
}

/**
 * A domain app running alone on its dev server (DESIGN §1): the providers the shell would give it,
 * a sign-in form when there is no session, and a plain list of the app's pages. Not used inside the portal.
 */
export function StandaloneHost({ title, routes }: StandaloneHostProps) {
  // The portal's QueryClient rules (retries, a 401 ending the session), as inside the shell.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ToastHost />
        <SessionGate>
          <StandalonePages title={title} routes={routes} />
        </SessionGate>
      </BrowserRouter>
    </QueryClientProvider>
  );
}

function SessionGate({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);

  useEffect(() => {
    fetchSessionUser().then(setUser, () => setUser(null));
  }, [setUser]);

  if (status === 'loading') return <p className="ui-loading">Verifica autenticazione in corso...</p>;
  if (status === 'anonymous' || !user) return <SignInForm onSignedIn={setUser} />;
  if (!user.has_accepted_terms) {
    return <p className="ui-alert ui-alert--warning">Accetta i termini e le condizioni dal portale prima di usare questa applicazione.</p>;
  }
  return <>{children}</>;
}

function SignInForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitAttempted(true);
    if (!email.trim() || !password) return;
    setPending(true);
    try {
      onSignedIn(await login(email, password));
    } catch {
      notify.error('Accesso fallito. Controlla le tue credenziali e riprova');
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="ui-auth">
      <form className="ui-auth__card" onSubmit={submit} noValidate>
        <h1>Bentornato! Accedi con i tuoi dati</h1>
        <EmailInput name="email" label="Email" value={email} onChange={setEmail} required submitAttempted={submitAttempted} />
        <PasswordInput
          name="password"
          label="Password"
          value={password}
          onChange={setPassword}
          required
          checkLength={false}
          submitAttempted={submitAttempted}
        />
        <button type="submit" className="ui-btn ui-btn--primary" disabled={pending}>
          Entra
        </button>
      </form>
    </div>
  );
}

function StandalonePages({ title, routes }: StandaloneHostProps) {
  const paths = Object.keys(routes);
  return (
    <div className="ui-app">
      <nav className="ui-subnav" aria-label={title}>
        <div className="ui-subnav__inner">
          <strong>{title}</strong>
          {paths.map((path) => (
            <Link key={path} className="ui-subnav__link" to={path}>
              {path}
            </Link>
          ))}
        </div>
      </nav>
      {paths.length === 0 && <p className="ui-empty">Nessuna pagina disponibile in questa applicazione.</p>}
      <main>
        <Routes>
          {Object.entries(routes).map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={null} />
        </Routes>
      </main>
    </div>
  );
}
