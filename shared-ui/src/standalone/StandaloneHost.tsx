import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { createQueryClient, fetchSessionUser, login, useAuthStore, type LoginBody, type SessionUser } from 'shared-api';
import type { DomainRoutes } from '../federation/domain-routes';
import { fieldBinder } from '../form/schema-form';
import { contractResolver } from '../form/schema-resolver';
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

/** The contract's sign-in body, loaded when first checked: the shared bundle carries no zod. */
const signInResolver = () => contractResolver<LoginBody>((contract) => contract.loginBody);

function SignInForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const [resolver] = useState(signInResolver);
  const form = useForm<LoginBody>({ defaultValues: { email: '', password: '' }, resolver });
  const bind = fieldBinder(form, form.formState.isSubmitted);

  const submit = async ({ email, password }: LoginBody) => {
    try {
      onSignedIn(await login(email, password));
    } catch {
      notify.error('Accesso fallito. Controlla le tue credenziali e riprova');
    }
  };

  return (
    <div className="ui-auth">
      <form className="ui-auth__card" onSubmit={form.handleSubmit(submit)} noValidate>
        <h1>Bentornato! Accedi con i tuoi dati</h1>
        <EmailInput {...bind('email')} label="Email" required />
        <PasswordInput {...bind('password')} label="Password" required />
        <button type="submit" className="ui-btn ui-btn--primary" disabled={form.formState.isSubmitting}>
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
