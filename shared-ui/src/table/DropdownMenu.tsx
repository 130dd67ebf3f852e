import { type ReactNode, useEffect, useRef, useState } from 'react';
import { cx } from '../inputs/cx';

export interface DropdownItem {
  label: string;
  onClick: () => void;
  danger?: boolean;
}

/**
 * A button opening a menu of actions (the lists' 'Scarica' formats, a row's less frequent actions): closed by a
 * click outside, by Escape (kept from a modal around it) and by choosing.
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
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        // Handled here, so a modal around the table stays open.
        e.preventDefault();
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open]);

  return (
    <div className="ui-dropdown" ref={rootRef}>
      <button
        type="button"
        className={triggerClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={triggerLabel}
        title={triggerLabel}
        onClick={() => setOpen((o) => !o)}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {trigger}
      </button>
      {open && (
        <ul className="ui-dropdown__menu" role="menu" aria-label={menuLabel}>
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                className={cx('ui-dropdown__item', item.danger && 'ui-dropdown__item--danger')}
                onClick={() => {
                  setOpen(false);
                  item.onClick();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
