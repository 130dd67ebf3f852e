/**
 * Hydrates the pre-rendered sign-in page with React, the form and the toasts only (no router, no query cache, no
 * navigation), then asks for the session. The rest of the portal loads when it is needed, on this same page and
 * React root: after signing in, on 'Password dimenticata?', or at once for a visitor already signed in (the portal's
 * /login guard then sends them on, spec 000 §2.1).
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { fetchSession, useAuthStore } from 'shared-api';
import { SignInPage, type OpenPortal } from './SignInPage';

const container = document.getElementById('root')!;
let opened = false;

const openPortal: OpenPortal = (path, welcome) => {
  if (opened) return;
  opened = true;
  if (path !== window.location.pathname) window.history.pushState(null, '', path);
  void import(/* webpackChunkName: "portal" */ './portal').then(({ renderPortal }) => renderPortal(root, welcome));
};

const page = (
  <StrictMode>
    <SignInPage openPortal={openPortal} />
  </StrictMode>
);

function mount(): Root {
  // The server's login.html carries the markup; without it (the dev server's page) React renders it here.
  if (container.firstElementChild) return hydrateRoot(container, page);
  const fresh = createRoot(container);
  fresh.render(page);
  return fresh;
}
const root = mount();

fetchSession().then(
  ({ user }) => {
    if (opened) return;
    useAuthStore.getState().setUser(user);
    if (user) openPortal('/login');
  },
  // No answer: the form stays; the sign-in itself will say what went wrong.
  () => undefined,
);
