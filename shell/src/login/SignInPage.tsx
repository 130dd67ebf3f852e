import { useState, type MouseEvent, type ReactNode } from 'react';
import { useAuthStore } from 'shared-api';
import { ToastHost } from 'shared-ui';
import { LoginForm, type LinkComponent } from '../features/auth/LoginForm';

/** Goes on into the portal at `path` (its router and pages load then), showing `welcome` as a success toast there. */
export type OpenPortal = (path: string, welcome?: string) => void;

/** A plain link whose ordinary click opens the portal on this page (a new tab or window is the browser's). */
function portalLink(openPortal: OpenPortal): LinkComponent {
  return function PortalLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
    function follow(event: MouseEvent<HTMLAnchorElement>) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      openPortal(to);
    }
    return (
      <a className={className} href={to} onClick={follow}>
        {children}
      </a>
    );
  };
}

/**
 * The sign-in page as the server sends it for /login: the markup the portal's layout gives /login (no navigation,
 * spec 000 §2.1) around the real sign-in form. Pre-rendered at build time (prerender.tsx) and hydrated by index.tsx,
 * with no router: after signing in, or on the link, the portal takes over the same page.
 */
export function SignInPage({ openPortal }: { openPortal: OpenPortal }) {
  const setUser = useAuthStore((s) => s.setUser);
  const [Link] = useState(() => portalLink(openPortal));
  return (
    <>
      <div className="shell-app shell-app--bare">
        <main className="shell-main">
          <LoginForm
            onSignedIn={(user) => {
              setUser(user);
              openPortal('/login', 'Accesso effettuato con successo!');
            }}
            Link={Link}
          />
        </main>
        <p className="shell-sr-only" aria-live="polite"></p>
      </div>
      <ToastHost />
    </>
  );
}
