import { Link } from 'react-router-dom';
import { isPathActive, type NavGroupId } from '../../app/routes';
import type { VisibleGroup } from './nav-model';

function isGroupActive(group: VisibleGroup, pathname: string): boolean {
  return group.links.some((l) => isPathActive(pathname, l.path));
}

/** One entry of the top menu: a group with one page is a link; a larger one a button opening its sub-menu. */
export function NavGroupEntry({
  group,
  pathname,
  search,
  openGroup,
  setOpenGroup,
}: {
  group: VisibleGroup;
  pathname: string;
  search: string;
  openGroup: NavGroupId | null;
  setOpenGroup: (id: NavGroupId | null) => void;
}) {
  const active = isGroupActive(group, pathname);
  const itemClass = `shell-menu__item${active ? ' shell-menu__item--active' : ''}`;
  if (group.link) {
    return (
      <li className="shell-menu__entry">
        <Link to={{ pathname: group.link, search }} className={itemClass} aria-current={active ? 'page' : undefined}>
          {group.label}
        </Link>
      </li>
    );
  }
  const open = openGroup === group.id;
  return (
    <li className={`shell-menu__entry shell-menu__entry--group${open ? ' is-open' : ''}`}>
      <button
        type="button"
        className={itemClass}
        aria-expanded={open}
        aria-controls={`shell-submenu-${group.id}`}
        onClick={() => setOpenGroup(open ? null : group.id)}
      >
        {group.label}
        <svg className="shell-chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      {open && (
        <ul id={`shell-submenu-${group.id}`} className="shell-submenu" aria-label={group.label}>
          {group.links.map((link) => {
            const linkActive = isPathActive(pathname, link.path);
            return (
              <li key={link.path}>
                <Link
                  to={link.path}
                  className={`shell-submenu__link${linkActive ? ' shell-submenu__link--active' : ''}`}
                  aria-current={linkActive ? 'page' : undefined}
                >
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
