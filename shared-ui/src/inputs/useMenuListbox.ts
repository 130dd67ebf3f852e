import { useEffect, useMemo, useRef, useState, type Dispatch, type KeyboardEvent, type RefObject, type SetStateAction } from 'react';
import type { MenuOption } from './types';
import { useDebouncedValue } from './useDebouncedValue';

export const MENU_SEARCH_DEBOUNCE_MS = 300;

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * A menu's open state, search, highlighted option and keyboard: single choice replaces the current one and closes;
 * multiple choice stops at `max` and closes when it is reached. Values not among the options are dropped.
 */
export function useMenuListbox({
  options,
  value,
  onChange,
  max,
}: {
  options: MenuOption[];
  value: string[] | undefined;
  onChange: (ids: string[]) => void;
  max: number;
}) {
  const multi = max > 1;
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, MENU_SEARCH_DEBOUNCE_MS);
  // Narrowing waits for the debounce; clearing the box shows every option at once.
  const query = search === '' ? '' : debouncedSearch;
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);

  const byId = useMemo(() => new Map(options.map((o) => [o.id, o])), [options]);
  const selected = (value ?? []).filter((id) => byId.has(id));
  const visible = useMemo(() => matching(options, query), [options, query]);
  const showBulk = multi && options.length > 0 && max >= options.length;

  const close = (focusTrigger: boolean) => {
    setOpen(false);
    setSearch('');
    if (focusTrigger) triggerRef.current?.focus();
  };

  useEffect(() => setActive(0), [query, open]);

  useEffect(() => {
    if (!open) return;
    (searchRef.current ?? listRef.current)?.focus({ preventScroll: true });
    // The whole menu in sight: inside a modal's scrolling body (a phone's bottom sheet) it opened under the footer,
    // with only its search field showing (issue 26 item 11).
    popoverRef.current?.scrollIntoView?.({ block: 'nearest' });
    const onPointerDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) {
        setOpen(false);
        setSearch('');
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const choose = (id: string) => {
    if (byId.get(id)?.disabled) return;
    if (!multi) {
      onChange([id]);
      close(true);
      return;
    }
    if (selected.includes(id)) {
      onChange(selected.filter((s) => s !== id));
      return;
    }
    if (selected.length >= max) return;
    const next = [...selected, id];
    onChange(next);
    if (next.length >= max) close(true);
  };

  const selectAll = () => {
    const next = options
      .filter((o) => !o.disabled)
      .slice(0, max)
      .map((o) => o.id);
    onChange(next);
    if (next.length >= max) close(true);
  };

  // Enter right after typing (the list not narrowed yet, debounce pending) picks the first option matching what was
  // typed, never the highlighted one of the list before it (issue 28, keyboard-only use).
  const highlighted = () => (query === search ? visible[active] : matching(options, search)[0]);
  const { onListKeyDown, onTriggerKeyDown } = menuKeyHandlers({
    open,
    setOpen,
    visible,
    highlighted,
    setActive,
    selected,
    choose,
    close,
    triggerRef,
  });

  return {
    multi,
    open,
    setOpen,
    search,
    setSearch,
    active,
    setActive,
    refs: { rootRef, triggerRef, searchRef, listRef, popoverRef },
    byId,
    selected,
    visible,
    showBulk,
    close,
    choose,
    selectAll,
    onListKeyDown,
    onTriggerKeyDown,
  };
}

export type MenuListbox = ReturnType<typeof useMenuListbox>;

/** The options whose name or description holds `query` (accents and case aside). */
function matching(options: MenuOption[], query: string): MenuOption[] {
  const q = normalise(query.trim());
  if (!q) return options;
  return options.filter((o) => normalise(o.name).includes(q) || normalise(o.description ?? '').includes(q));
}

/** The menu's keyboard: arrows move the highlight, Enter chooses it, Escape and Tab close; the closed trigger opens on ArrowDown. */
function menuKeyHandlers({
  open,
  setOpen,
  visible,
  highlighted,
  setActive,
  selected,
  choose,
  close,
  triggerRef,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  visible: MenuOption[];
  highlighted: () => MenuOption | undefined;
  setActive: Dispatch<SetStateAction<number>>;
  selected: string[];
  choose: (id: string) => void;
  close: (focusTrigger: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const onListKeyDown = (e: KeyboardEvent) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setActive((i) => Math.min(visible.length - 1, i + 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        setActive((i) => Math.max(0, i - 1));
        break;
      case 'Enter':
        // Handled here so an enclosing form does not submit.
        e.preventDefault();
        {
          const option = highlighted();
          if (option) choose(option.id);
        }
        break;
      case 'Escape':
        // Handled here so an enclosing modal stays open.
        e.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  /** On the closed trigger: ArrowDown opens; once something is chosen, Enter submits the form around the menu. */
  const onTriggerKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' && !open) {
      e.preventDefault();
      setOpen(true);
    }
    // Once something is chosen, Enter submits the form around the menu (a modal form confirms on Enter)
    // instead of opening the menu again; the arrow keys and Space still open it.
    const form = triggerRef.current?.form;
    if (e.key === 'Enter' && !open && selected.length > 0 && form) {
      e.preventDefault();
      form.requestSubmit();
    }
  };
  return { onListKeyDown, onTriggerKeyDown };
}
