import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from './cx';
import { controlProps, Field } from './Field';
import type { BaseFieldProps } from './types';
import { useDebouncedValue } from './useDebouncedValue';

export interface MenuOption {
  id: string;
  name: string;
  description?: string;
  /** Shown but not offered: it cannot be chosen (e.g. a partner who cannot play); `note` says why. */
  disabled?: boolean;
  /** A short mark after the option, e.g. why it is not offered. */
  note?: string;
}

export interface MenuInputProps extends BaseFieldProps<string[]> {
  options: MenuOption[];
  /** How many options can be chosen; default 1 (single choice). */
  maxSelections?: number;
  /** Show the search box; default true. */
  searchable?: boolean;
  /** Options are still being fetched. */
  loading?: boolean;
}

export const MENU_SEARCH_DEBOUNCE_MS = 300;

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Choice among options (spec 001 §5 Menu). Single choice replaces the current one and closes; multiple
 * choice stops at maxSelections and closes when it is reached. Values not among the options are dropped.
 */
export function MenuInput(props: MenuInputProps) {
  const { name, label, value, onChange, options, required, disabled, error, placeholder, hint } = props;
  const max = Math.max(1, props.maxSelections ?? 1);
  const multi = max > 1;
  const searchable = props.searchable !== false;

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
  const listId = `${name}-listbox`;

  const byId = useMemo(() => new Map(options.map((o) => [o.id, o])), [options]);
  const selected = (value ?? []).filter((id) => byId.has(id));
  const visible = useMemo(() => {
    const q = normalise(query.trim());
    if (!q) return options;
    return options.filter((o) => normalise(o.name).includes(q) || normalise(o.description ?? '').includes(q));
  }, [options, query]);
  const showBulk = multi && options.length > 0 && max >= options.length;

  const shown = error ?? null;
  const a11y = controlProps(name, shown, hint, required);

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
        if (visible[active]) choose(visible[active].id);
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

  const optionId = (id: string) => `${name}-option-${id}`;
  const activeOption = visible[active];
  const summary = selected.map((id) => byId.get(id)!.name).join(', ');
  const emptyText = props.loading ? 'Caricamento in corso...' : (placeholder ?? 'Seleziona...');

  return (
    <Field name={name} label={label} required={required} hint={hint} error={shown}>
      <div className="ui-menu" ref={rootRef}>
        <div className="ui-input-group">
          <button
            {...a11y}
            ref={triggerRef}
            type="button"
            role="combobox"
            className={cx('ui-control', 'ui-menu__trigger', !summary && 'ui-menu__trigger--empty')}
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            disabled={disabled}
            onClick={() => (open ? close(false) : setOpen(true))}
            onKeyDown={(e) => {
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
            }}
          >
            <span className="ui-menu__summary">{summary || emptyText}</span>
            <span className="ui-menu__chevron" aria-hidden="true" />
          </button>
          {!multi && !required && selected.length > 0 && !disabled && (
            <button type="button" className="ui-btn ui-btn--ghost ui-input-group__button" aria-label={`Svuota ${label}`} onClick={() => onChange([])}>
              ×
            </button>
          )}
        </div>

        {open && (
          <div className="ui-menu__popover" ref={popoverRef}>
            {searchable && (
              <input
                ref={searchRef}
                type="search"
                className="ui-control ui-menu__search"
                placeholder="Cerca..."
                aria-label={`Cerca in ${label}`}
                aria-controls={listId}
                aria-activedescendant={activeOption ? optionId(activeOption.id) : undefined}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                onKeyDown={onListKeyDown}
              />
            )}
            {(showBulk || multi) && (
              <div className="ui-menu__bar">
                {multi && (
                  <span className="ui-menu__count">
                    {selected.length} di {max} selezionati
                  </span>
                )}
                {showBulk && (
                  <span className="ui-menu__bulk">
                    <button type="button" className="ui-btn ui-btn--ghost ui-btn--sm" onClick={selectAll}>
                      Seleziona tutto
                    </button>
                    <button type="button" className="ui-btn ui-btn--ghost ui-btn--sm" onClick={() => onChange([])}>
                      Deseleziona tutto
                    </button>
                  </span>
                )}
              </div>
            )}
            <ul
              ref={listRef}
              id={listId}
              role="listbox"
              className="ui-menu__list"
              aria-label={label}
              aria-multiselectable={multi || undefined}
              tabIndex={searchable ? -1 : 0}
              aria-activedescendant={!searchable && activeOption ? optionId(activeOption.id) : undefined}
              onKeyDown={searchable ? undefined : onListKeyDown}
            >
              {visible.map((option, index) => {
                const isSelected = selected.includes(option.id);
                const unavailable = option.disabled || (multi && !isSelected && selected.length >= max);
                return (
                  <li
                    key={option.id}
                    id={optionId(option.id)}
                    role="option"
                    aria-selected={isSelected}
                    aria-disabled={unavailable || undefined}
                    className={cx('ui-menu__option', index === active && 'is-active', isSelected && 'is-selected', unavailable && 'is-unavailable')}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => choose(option.id)}
                  >
                    {/* A box to tick only where several can be ticked; a single choice is marked by its highlight and a tick. */}
                    <span className={multi ? 'ui-menu__check' : 'ui-menu__tick'} aria-hidden="true" />
                    <span className="ui-menu__text">
                      <span className="ui-menu__name">{option.name}</span>
                      {option.description && <span className="ui-menu__description">{option.description}</span>}
                      {option.note && <span className="ui-menu__note">{option.note}</span>}
                    </span>
                  </li>
                );
              })}
            </ul>
            {visible.length === 0 && <p className="ui-menu__empty">{props.loading ? 'Caricamento in corso...' : 'Nessuna opzione trovata'}</p>}
          </div>
        )}

        {multi && selected.length > 0 && (
          <ul className="ui-chips" aria-label={`${label}: selezionati`}>
            {selected.map((id) => (
              <li key={id} className="ui-chip">
                {byId.get(id)!.name}
                {!disabled && (
                  <button
                    type="button"
                    className="ui-chip__remove"
                    aria-label={`Rimuovi ${byId.get(id)!.name}`}
                    onClick={() => onChange(selected.filter((s) => s !== id))}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Field>
  );
}
