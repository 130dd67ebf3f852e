import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuthStore } from 'shared-api';
import type { NavGroupId } from '../../app/routes';
import { ClubLogo } from './ClubLogo';
import { NavGroupEntry } from './NavGroupEntry';
import { usesExtendedMenu, visibleGroups } from './nav-model';
import { useBodyScrollLock } from './use-body-scroll-lock';

function initialsOf(name?: string, surname?: string): string {
  return `${name?.trim()[0] ?? ''}${surname?.trim()[0] ?? ''}`.toUpperCase() || '?';
}

/**
 * The top navigation (spec 000 §2.2): logo to /, one entry per group the user may open, the profile
 * button. On mobile a burger opens the menu; one sub-menu is open at a time and the page does not
 * scroll while the menu is open.
 */
export function TopNav() {
  const permissions = useAuthStore((s) => s.permissions);
  const user = useAuthStore((s) => s.user);
  const initials = initialsOf(user?.name, user?.surname);
  const { pathname, search } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [openGroup, setOpenGroup] = useState<NavGroupId | null>(null);
  const headerRef = useRef<HTMLElement>(null);

  useBodyScrollLock(menuOpen);

  useEffect(() => {
    setMenuOpen(false);
    setOpenGroup(null);
  }, [pathname, search]);

  useEffect(() => {
    if (!menuOpen && !openGroup) return;
    const closeAll = () => {
      setMenuOpen(false);
      setOpenGroup(null);
    };
    const onPointerDown = (e: MouseEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) closeAll();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // The focus was in what closes (a sub-menu's link, the phone's menu): it goes back to what opened it, not to
      // the page's body (issue 44 item 8).
      const header = headerRef.current;
      if (header?.contains(document.activeElement)) {
        const opener = openGroup ? header.querySelector<HTMLElement>(`[aria-controls="shell-submenu-${openGroup}"]`) : null;
        (opener?.checkVisibility?.() !== false && opener ? opener : header.querySelector<HTMLElement>('.shell-burger'))?.focus();
      }
      closeAll();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen, openGroup]);

  const groups = visibleGroups(permissions);
  const extended = usesExtendedMenu(permissions);

  return (
    <header ref={headerRef} className={`shell-header${extended ? ' shell-header--extended' : ''}`} data-testid="top-nav">
      <div className="shell-header__bar">
        <Link to="/" className="shell-brand" aria-label="Circolo Tennistavolo, vai alla home">
          <ClubLogo />
          <span className="shell-brand__name">Circolo Tennistavolo</span>
        </Link>

        <button
          type="button"
          className="shell-burger"
          aria-expanded={menuOpen}
          aria-controls="shell-main-menu"
          aria-label={menuOpen ? 'Chiudi il menu' : 'Apri il menu'}
          data-testid="burger-button"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span />
          <span />
          <span />
        </button>

        <nav id="shell-main-menu" className={`shell-menu${menuOpen ? ' shell-menu--open' : ''}`} aria-label="Navigazione principale">
          <ul className="shell-menu__list">
            {groups.map((group) => (
              <NavGroupEntry key={group.id} group={group} pathname={pathname} search={search} openGroup={openGroup} setOpenGroup={setOpenGroup} />
            ))}
          </ul>
        </nav>

        <Link
          to="/user/profile"
          className="shell-profile-button"
          // The name holds the initials the button shows (WCAG 2.5.3, label in name), then where it goes.
          aria-label={`${initials} – Il mio profilo`}
          title={user ? `${user.name} ${user.surname}` : undefined}
          data-testid="profile-button"
        >
          <span className="shell-avatar">{initials}</span>
        </Link>
      </div>
    </header>
  );
}
