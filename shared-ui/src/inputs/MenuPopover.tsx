import { cx } from './cx';
import type { MenuListbox } from './useMenuListbox';

/** The open menu: its search box, the count and bulk buttons of a multiple choice, and the listbox of options. */
export function MenuPopover({
  menu,
  name,
  label,
  max,
  searchable,
  loading,
  onChange,
}: {
  menu: MenuListbox;
  name: string;
  label: string;
  max: number;
  searchable: boolean;
  loading?: boolean;
  onChange: (ids: string[]) => void;
}) {
  const { multi, selected, visible, active, showBulk } = menu;
  const listId = `${name}-listbox`;
  const optionId = (id: string) => `${name}-option-${id}`;
  const activeOption = visible[active];
  return (
    <div
      className="ui-menu__popover"
      ref={menu.refs.popoverRef}
      // Escape anywhere in the menu (its search, list or the bulk buttons) closes the menu only: a modal around it
      // stays open with what was typed in it (issue 44 item 3).
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        menu.close(true);
      }}
    >
      {searchable && (
        <input
          ref={menu.refs.searchRef}
          type="search"
          className="ui-control ui-menu__search"
          placeholder="Cerca..."
          aria-label={`Cerca in ${label}`}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(activeOption.id) : undefined}
          value={menu.search}
          onChange={(e) => menu.setSearch(e.target.value)}
          onKeyDown={menu.onListKeyDown}
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
              <button type="button" className="ui-btn ui-btn--ghost ui-btn--sm" onClick={menu.selectAll}>
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
        ref={menu.refs.listRef}
        id={listId}
        role="listbox"
        className="ui-menu__list"
        aria-label={label}
        aria-multiselectable={multi || undefined}
        tabIndex={searchable ? -1 : 0}
        aria-activedescendant={!searchable && activeOption ? optionId(activeOption.id) : undefined}
        onKeyDown={searchable ? undefined : menu.onListKeyDown}
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
              onMouseEnter={() => menu.setActive(index)}
              onClick={() => menu.choose(option.id)}
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
      {visible.length === 0 && <p className="ui-menu__empty">{loading ? 'Caricamento in corso...' : 'Nessuna opzione trovata'}</p>}
    </div>
  );
}
