import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuthStore } from 'shared-api';
import { groupOfPath, isPathActive } from '../../app/routes';
import { visibleGroups } from './nav-model';

/** The link group of the current section, under the top navigation (spec 000 §2.2). */
export function SubNav() {
  const { pathname } = useLocation();
  const permissions = useAuthStore((s) => s.permissions);
  const groupId = groupOfPath(pathname);
  const group = groupId ? visibleGroups(permissions).find((g) => g.id === groupId) : undefined;
  const navRef = useRef<HTMLElement>(null);

  // On a narrow screen the bar scrolls sideways: bring the active tab to the middle, so the page's tab is in view.
  useEffect(() => {
    const nav = navRef.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    const navBox = nav.getBoundingClientRect();
    const tabBox = active.getBoundingClientRect();
    nav.scrollLeft += tabBox.left - navBox.left - (navBox.width - tabBox.width) / 2;
  }, [pathname, group?.id]);

  if (!group) return null;
  return (
    <nav ref={navRef} className="shell-subnav" aria-label={`Sezione ${group.label}`} data-testid="sub-nav">
      <ul className="shell-subnav__list">
        {group.links.map((link) => {
          const active = isPathActive(pathname, link.path);
          return (
            <li key={link.path}>
              <Link
                to={link.path}
                className={`shell-subnav__link${active ? ' shell-subnav__link--active' : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
