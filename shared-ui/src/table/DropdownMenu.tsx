import {
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../inputs/cx';

export interface DropdownItem {
  label: string;
  onClick: () => void;
  danger?: boolean;
}

/** Room kept between the menu and the window's edges, and between the button and the menu. */
const EDGE = 8;
const GAP = 4;

interface Place {
  top: number;
  left: number;
  up: boolean;
}

/**
 * Where the menu goes: under the button, its right edge on the button's (the button sits at a row's right end),
 * above it when the window has no room below and more above; always inside the window.
 */
export function placeMenu(button: DOMRect, menu: { width: number; height: number }, view: { width: number; height: number }): Place {
  const below = view.height - button.bottom - GAP - EDGE;
  const above = button.top - GAP - EDGE;
  const up = menu.height > below && above > below;
  const top = up ? Math.max(EDGE, button.top - GAP - menu.height) : button.bottom + GAP;
  const left = Math.min(Math.max(EDGE, button.right - menu.width), Math.max(EDGE, view.width - EDGE - menu.width));
  return { top, left, up };
}

const itemButtons = (menu: HTMLElement | null) => Array.from(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

/**
 * The open menu's place by its button (kept there as the page scrolls or the window is resized), its first item
 * focused once placed, and what closes it: a click outside, Escape (the focus back on the button), its button
 * leaving the window.
 */
function useMenuLayer(
  open: boolean,
  close: (refocus: boolean) => void,
  buttonRef: RefObject<HTMLButtonElement | null>,
  menuRef: RefObject<HTMLUListElement | null>,
  focusFirst: RefObject<boolean>,
): Place | null {
  const [place, setPlace] = useState<Place | null>(null);
  /** Places the menu by its button as it is now; false when the button has left the window (nothing to sit by). */
  const measure = useCallback(
    (opening = false): boolean => {
      if (!buttonRef.current || !menuRef.current) return true;
      const button = buttonRef.current.getBoundingClientRect();
      const view = { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight };
      const gone = button.bottom < 0 || button.top > view.height || button.right < 0 || button.left > view.width;
      if (gone && !opening) return false;
      const menu = menuRef.current.getBoundingClientRect();
      setPlace(placeMenu(button, { width: menu.width, height: menu.height }, view));
      return true;
    },
    [buttonRef, menuRef],
  );

  // Placed before the first paint, so the menu never shows where it does not belong.
  useLayoutEffect(() => {
    if (!open) setPlace(null);
    else measure(true);
  }, [open, measure]);

  // Opened by ArrowDown, the first item takes the focus once the menu is placed (hidden, it could not). Opened by a
  // click, Enter or Space the focus stays on the button, and Tab or ArrowDown enters the menu.
  const placed = place !== null;
  useEffect(() => {
    if (placed && focusFirst.current) itemButtons(menuRef.current)[0]?.focus();
    focusFirst.current = false;
  }, [placed, menuRef, focusFirst]);

  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) =>
      target instanceof Node && Boolean(buttonRef.current?.contains(target) || menuRef.current?.contains(target));
    const onPointerDown = (e: MouseEvent) => {
      if (!inside(e.target)) close(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        // Handled here, so a modal around the table stays open.
        e.preventDefault();
        e.stopPropagation();
        close(true);
      }
    };
    // The page scrolled or the window changed size: the menu follows its button, and closes once the button is
    // out of the window.
    let frame = 0;
    const onMove = (e: Event) => {
      if (e.target instanceof Node && menuRef.current?.contains(e.target)) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!measure()) close(false);
      });
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open, close, measure, buttonRef, menuRef]);

  return place;
}

/**
 * A button opening a menu of actions (the lists' 'Scarica' formats, a row's less frequent actions). The menu is
 * drawn in a layer of its own over the page (a portal in the body, fixed to the button; issue 44 item 1): inside a
 * table a row's sticky cells or the table's scrolling box would otherwise paint over it or cut it, and a click on
 * what looks like its item would land on the next row. Closed by a click outside, by Escape (kept from a modal
 * around it, the focus back on the button), by Tab past its last item, by choosing; when the page scrolls or the window is resized it
 * follows its button, and closes once the button has left the window. Arrows, Home and End move between its items.
 */
export function DropdownMenu({
  trigger,
  triggerLabel,
  triggerClassName,
  menuLabel,
  items,
  busy = false,
}: {
  /** The button's content (its text, or an icon with `triggerLabel` as its accessible name). */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName: string;
  menuLabel: string;
  items: DropdownItem[];
  busy?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);

  const focusFirst = useRef(false);
  const place = useMenuLayer(open, close, buttonRef, menuRef, focusFirst);

  const onMenuKeyDown = (e: ReactKeyboardEvent<HTMLUListElement>) => {
    const buttons = itemButtons(menuRef.current);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const go = (index: number) => {
      e.preventDefault();
      buttons[(index + buttons.length) % buttons.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(buttons.length - 1);
    else if (e.key === 'Tab') {
      // Tab walks the items too (as before the menu had a layer of its own). The menu lives outside the page's
      // order: past the last item it closes and the browser's Tab goes on from its button to what follows it;
      // Shift+Tab before the first gives the focus back to the button.
      const next = at + (e.shiftKey ? -1 : 1);
      if (next >= 0 && next < buttons.length) go(next);
      else {
        if (e.shiftKey) e.preventDefault();
        close(true);
      }
    }
  };

  return (
    <div className="ui-dropdown">
      <button
        ref={buttonRef}
        type="button"
        className={triggerClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={triggerLabel}
        title={triggerLabel}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            focusFirst.current = true;
            setOpen(true);
          } else if (open && (e.key === 'ArrowDown' || (e.key === 'Tab' && !e.shiftKey))) {
            // The menu lives in a layer of its own, outside the page's order: Tab from its button goes into it.
            e.preventDefault();
            itemButtons(menuRef.current)[0]?.focus();
          }
        }}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {trigger}
      </button>
      {open &&
        createPortal(
          <ul
            ref={menuRef}
            id={menuId}
            className={cx('ui-dropdown__menu', place?.up && 'ui-dropdown__menu--up')}
            role="menu"
            aria-label={menuLabel}
            // Hidden until placed (the first layout measures it where it cannot be seen).
            style={place ? { top: place.top, left: place.left } : { top: 0, left: 0, visibility: 'hidden' }}
            onKeyDown={onMenuKeyDown}
          >
            {items.map((item) => (
              <li key={item.label} role="none">
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={cx('ui-dropdown__item', item.danger && 'ui-dropdown__item--danger')}
                  onClick={() => {
                    // The focus back on the button first, so a dialog the action opens gives it back there.
                    close(true);
                    item.onClick();
                  }}
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>,
          document.body,
        )}
    </div>
  );
}
