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
  if (!group) return null;
  return (
    <nav className="shell-subnav" aria-label={`Sezione ${group.label}`} data-testid="sub-nav">
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
