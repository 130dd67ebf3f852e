import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../inputs/cx';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** While true, neither Escape nor the close button closes (a request is pending). */
  closeDisabled?: boolean;
  /**
   * Enter pressed in the dialog outside a field, button, link or form (e.g. a confirmation with only text):
   * the dialog's main action. Forms inside handle their own Enter.
   */
  onEnter?: () => void;
  /**
   * False for a dialog only its own buttons end (the terms gate): no '×' and Escape does nothing, instead of
   * a '×' that is always disabled.
   */
  dismissible?: boolean;
  /** 'side': a panel along the right edge, full height (e.g. the payments of a member charge); default centred. */
  placement?: 'center' | 'side';
}

// Open modals, innermost last: Escape and the focus trap belong to the top one only.
const openModals: symbol[] = [];

// Body scrolling stays locked while any modal is open (spec 001 §2).
let locks = 0;
let savedOverflow = '';
let savedPaddingRight = '';

function lockBodyScroll() {
  if (locks++ > 0) return;
  const { style } = document.body;
  savedOverflow = style.overflow;
  savedPaddingRight = style.paddingRight;
  // Keep the page from shifting sideways when its scrollbar disappears.
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  if (scrollbar > 0) style.paddingRight = `${scrollbar}px`;
  style.overflow = 'hidden';
}

function unlockBodyScroll() {
  if (--locks > 0) return;
  document.body.style.overflow = savedOverflow;
  document.body.style.paddingRight = savedPaddingRight;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first field of the body gets the focus (not a date field: focusing it would pop its calendar open). */
function initialFocus(dialog: HTMLElement): HTMLElement {
  const fields = dialog.querySelectorAll<HTMLElement>(
    '.ui-modal__body input:not([disabled]):not([type="hidden"]), .ui-modal__body textarea:not([disabled]), .ui-modal__body select:not([disabled])',
  );
  return Array.from(fields).find((f) => !f.closest('.ui-datepicker')) ?? dialog;
}

/** Fields, buttons, links and forms act on Enter themselves. */
function ownsEnter(target: EventTarget | null): boolean {
  return target instanceof Element && Boolean(target.closest('input, textarea, select, button, a[href], form, [role="menuitem"], [role="option"]'));
}

function trapTab(e: KeyboardEvent, dialog: HTMLElement) {
  const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || active === dialog)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  }
}

/** How long after a dialog closes the page may still replace what had the focus (a list reloading after the action). */
export const FOCUS_WATCH_MS = 3000;

const focusableIn = (root: Element) =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).find(
    (el) => !el.closest('[aria-hidden="true"], [hidden], .ui-modal-backdrop') && (el.checkVisibility?.() ?? true),
  );

interface FocusMemo {
  previous: HTMLElement | null;
  /** Its parents when the dialog opened, nearest first: where to look when it is gone. */
  ancestors: Element[];
}

function rememberFocus(): FocusMemo {
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const ancestors: Element[] = [];
  for (let el = previous?.parentElement; el && el !== document.body; el = el.parentElement) ancestors.push(el);
  return { previous, ancestors };
}

/**
 * Gives the focus back to what had it before the dialog. When that element is gone (the booked shift left the
 * results, the cancelled booking its list), now or when the page reloads its data just after, the focus goes to the
 * first control of the nearest part of the page still there (the next card, the list's page) instead of being lost
 * to the body (issue 44 item 8).
 */
function restoreFocus({ previous, ancestors }: FocusMemo) {
  if (!previous) return;
  const fallback = () => {
    for (const ancestor of ancestors) {
      if (!ancestor.isConnected) continue;
      const target = focusableIn(ancestor);
      if (target) {
        target.focus();
        return;
      }
    }
  };
  const lost = () => document.activeElement === null || document.activeElement === document.body;
  if (previous.isConnected) previous.focus();
  else fallback();
  if (typeof MutationObserver === 'undefined') return;
  const observer = new MutationObserver(() => {
    if (!previous.isConnected && lost()) {
      fallback();
      observer.disconnect();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  // Whatever the person does next with the focus is theirs: the watch stops at their first key or click.
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('mousedown', stop, true);
  };
  const timer = window.setTimeout(stop, FOCUS_WATCH_MS);
  document.addEventListener('keydown', stop, true);
  document.addEventListener('mousedown', stop, true);
}

/**
 * A body taller than the dialog scrolls; with nothing in it to focus (a long read-only entry of the audit log) the
 * keyboard could not scroll it (axe: scrollable-region-focusable; issue 44 item 8). Such a body takes the focus
 * itself, as a region named by the dialog's title; a body with fields or buttons scrolls as they take the focus.
 */
function useKeyboardScrollableBody(open: boolean, bodyRef: RefObject<HTMLDivElement | null>, titleId: string) {
  useEffect(() => {
    const body = bodyRef.current;
    if (!open || !body) return;
    const update = () => {
      const needsFocus = body.scrollHeight > body.clientHeight && !body.querySelector(FOCUSABLE);
      if (needsFocus) {
        body.setAttribute('tabindex', '0');
        body.setAttribute('role', 'region');
        body.setAttribute('aria-labelledby', titleId);
      } else {
        for (const name of ['tabindex', 'role', 'aria-labelledby']) body.removeAttribute(name);
      }
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(body);
    for (const child of Array.from(body.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [open, bodyRef, titleId]);
}

/** A dialog over the page: Escape closes it, the body does not scroll, focus stays inside and comes back after. */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'md',
  closeDisabled,
  onEnter,
  dismissible = true,
  placement = 'center',
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  useKeyboardScrollableBody(open, bodyRef, titleId);
  const latest = useRef({ onClose, closeDisabled: closeDisabled || !dismissible, onEnter });
  latest.current = { onClose, closeDisabled: closeDisabled || !dismissible, onEnter };

  useEffect(() => {
    if (!open) return;
    const token = Symbol('modal');
    openModals.push(token);
    lockBodyScroll();
    const previouslyFocused = rememberFocus();
    if (dialogRef.current) initialFocus(dialogRef.current).focus();

    const onKeyDown = (e: KeyboardEvent) => {
      if (openModals[openModals.length - 1] !== token || !dialogRef.current) return;
      // An open menu or calendar inside the dialog handles Escape first and marks it handled.
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault();
        if (!latest.current.closeDisabled) latest.current.onClose();
      } else if (e.key === 'Enter' && !e.defaultPrevented && !e.isComposing && latest.current.onEnter && !ownsEnter(e.target)) {
        e.preventDefault();
        latest.current.onEnter();
      } else if (e.key === 'Tab') {
        trapTab(e, dialogRef.current);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openModals.splice(openModals.indexOf(token), 1);
      unlockBodyScroll();
      restoreFocus(previouslyFocused);
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className={cx('ui-modal-backdrop', placement === 'side' && 'ui-modal-backdrop--side')}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx('ui-modal', `ui-modal--${size}`, placement === 'side' && 'ui-modal--side')}
      >
        {/* Plain divs, not header/footer: inside a dialog those would be extra banner and contentinfo landmarks. */}
        <div className="ui-modal__header">
          <h2 id={titleId} className="ui-modal__title">
            {title}
          </h2>
          {dismissible && (
            <button
              type="button"
              className="ui-btn ui-btn--ghost ui-btn--icon ui-modal__close"
              aria-label="Chiudi"
              onClick={onClose}
              disabled={closeDisabled}
            >
              ×
            </button>
          )}
        </div>
        <div ref={bodyRef} className="ui-modal__body">
          {children}
        </div>
        {footer && <div className="ui-modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
