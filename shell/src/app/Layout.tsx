import { Outlet, useLocation } from 'react-router-dom';
import { useAuthStore } from 'shared-api';
import { SubNav, TopNav } from '../features/navigation';
import { showsTopNavigation } from './routes';

/** Header, sub-navigation and page; the navigation hides on the public pages (spec 000 §2.1). */
export function Layout() {
  const { pathname } = useLocation();
  const status = useAuthStore((s) => s.status);
  const withNavigation = showsTopNavigation(pathname, status === 'authenticated');
  // While the session is checked on a page that will show the navigation, its room is kept and the page laid out as
  // it will be: the header arriving pushed the whole section down (issue 44 item 10, 0.08 of Gestione utenti's shift).
  const checking = status === 'loading' && showsTopNavigation(pathname, true);
  return (
    <div className={`shell-app${withNavigation || checking ? '' : ' shell-app--bare'}`}>
      {withNavigation && (
        <>
          <TopNav />
          <SubNav />
        </>
      )}
      {checking && <div className="shell-nav-placeholder" aria-hidden="true" />}
      <main className="shell-main">
        <Outlet />
      </main>
      {withNavigation && (
        <footer className="shell-footer">
          <span>Circolo Tennistavolo</span>
          <span>Portale dei soci</span>
        </footer>
      )}
      {/* Announces the end of the session check to screen readers (spec 000 §8 'Auth check'). */}
      <p className="shell-sr-only" aria-live="polite">
        {status === 'authenticated' ? 'Utente autenticato con successo!' : ''}
      </p>
    </div>
  );
}
