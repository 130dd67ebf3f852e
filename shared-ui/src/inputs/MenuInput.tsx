import { cx } from './cx';
import { controlProps, Field } from './Field';
import { MenuPopover } from './MenuPopover';
import type { BaseFieldProps, MenuOption } from './types';
import { useMenuListbox } from './useMenuListbox';

export interface MenuInputProps extends BaseFieldProps<string[]> {
  options: MenuOption[];
  /** How many options can be chosen; default 1 (single choice). */
  maxSelections?: number;
  /** Show the search box; default true. */
  searchable?: boolean;
  /** Options are still being fetched. */
  loading?: boolean;
}

export type { MenuOption } from './types';
export { MENU_SEARCH_DEBOUNCE_MS } from './useMenuListbox';

/**
 * Choice among options (spec 001 §5 Menu). Single choice replaces the current one and closes; multiple
 * choice stops at maxSelections and closes when it is reached. Values not among the options are dropped.
 */
export function MenuInput(props: MenuInputProps) {
  const { name, label, value, onChange, options, required, disabled, error, placeholder, hint } = props;
  const max = Math.max(1, props.maxSelections ?? 1);
  const multi = max > 1;
  const searchable = props.searchable !== false;

  const menu = useMenuListbox({ options, value, onChange, max });
  const { open, selected, byId, close } = menu;

  const shown = error ?? null;
  const a11y = controlProps(name, shown, hint, required);

  const summary = selected.map((id) => byId.get(id)!.name).join(', ');
  const emptyText = props.loading ? 'Caricamento in corso...' : (placeholder ?? 'Seleziona...');

  return (
    <Field name={name} label={label} required={required} hint={hint} error={shown}>
      <div className="ui-menu" ref={menu.refs.rootRef}>
        <div className="ui-input-group">
          <button
            {...a11y}
            ref={menu.refs.triggerRef}
            type="button"
            role="combobox"
            className={cx('ui-control', 'ui-menu__trigger', !summary && 'ui-menu__trigger--empty')}
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={open ? `${name}-listbox` : undefined}
            disabled={disabled}
            onClick={() => (open ? close(false) : menu.setOpen(true))}
            onKeyDown={menu.onTriggerKeyDown}
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

        {open && <MenuPopover menu={menu} name={name} label={label} max={max} searchable={searchable} loading={props.loading} onChange={onChange} />}

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
