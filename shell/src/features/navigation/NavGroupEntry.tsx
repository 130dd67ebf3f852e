import { useEffect, useRef, type KeyboardEvent } from 'react';
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
  return <GroupMenu group={group} pathname={pathname} itemClass={itemClass} open={openGroup === group.id} setOpenGroup={setOpenGroup} />;
}

/**
 * A group's button and its sub-menu. The arrows work as in a menu (issue 44 item 8): ArrowDown on the button opens
 * the sub-menu with the focus on its first link; ArrowDown/ArrowUp, Home and End move between the links.
 */
function GroupMenu({
  group,
  pathname,
  itemClass,
  open,
  setOpenGroup,
}: {
  group: VisibleGroup;
  pathname: string;
  itemClass: string;
  open: boolean;
  setOpenGroup: (id: NavGroupId | null) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);

  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const all = links();
    (focusOnOpen.current === 'first' ? all[0] : all.at(-1))?.focus();
    focusOnOpen.current = null;
  }, [open]);

  const onButtonKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const where = e.key === 'ArrowDown' ? 'first' : 'last';
    if (open) {
      const all = links();
      (where === 'first' ? all[0] : all.at(-1))?.focus();
    } else {
      focusOnOpen.current = where;
      setOpenGroup(group.id);
    }
  };

  const onListKeyDown = (e: KeyboardEvent) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const go = (index: number) => {
      e.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(all.length - 1);
  };

  return (
    <li className={`shell-menu__entry shell-menu__entry--group${open ? ' is-open' : ''}`}>
      <button
        type="button"
        className={itemClass}
        onKeyDown={onButtonKeyDown}
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
        <ul ref={listRef} id={`shell-submenu-${group.id}`} className="shell-submenu" aria-label={group.label} onKeyDown={onListKeyDown}>
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
