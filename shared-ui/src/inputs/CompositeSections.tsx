import type { ReactNode } from 'react';
import { FieldGroup } from './Field';

export interface CompositeSectionsProps<T> {
  name: string;
  label: string;
  value: T[];
  onChange: (value: T[]) => void;
  /** Renders one section; `update` replaces that section's item. */
  renderSection: (item: T, index: number, update: (item: T) => void) => ReactNode;
  createItem: () => T;
  /** Most sections allowed; the add button hides at this number. */
  max?: number;
  required?: boolean;
  disabled?: boolean;
  error?: string | null;
  hint?: string;
  addLabel?: string;
  /** Heading of each section; default 'Sezione N'. */
  sectionTitle?: (index: number) => string;
}

/** A repeatable group of fields (spec 001 §5): at least one when required, the first never deletable. */
export function CompositeSections<T>(props: CompositeSectionsProps<T>) {
  const { name, label, value, onChange, renderSection, createItem, max, required, disabled, error, hint } = props;
  const items = value ?? [];
  const shown = error ?? null;
  const title = props.sectionTitle ?? ((i: number) => `Sezione ${i + 1}`);
  const canAdd = max === undefined || items.length < max;

  return (
    <FieldGroup name={name} label={label} required={required} hint={hint} error={shown} className="ui-sections">
      {items.map((item, index) => (
        <section key={index} className="ui-section" aria-label={title(index)}>
          <header className="ui-section__header">
            <h4 className="ui-section__title">{title(index)}</h4>
            {index > 0 && (
              <button
                type="button"
                className="ui-btn ui-btn--ghost ui-btn--sm ui-btn--danger-text"
                aria-label={`Elimina ${title(index)}`}
                disabled={disabled}
                onClick={() => onChange(items.filter((_, i) => i !== index))}
              >
                Elimina
              </button>
            )}
          </header>
          <div className="ui-section__body">{renderSection(item, index, (next) => onChange(items.map((it, i) => (i === index ? next : it))))}</div>
        </section>
      ))}
      {canAdd && (
        <button
          type="button"
          className="ui-btn ui-btn--secondary ui-btn--sm ui-sections__add"
          disabled={disabled}
          onClick={() => onChange([...items, createItem()])}
        >
          {props.addLabel ?? 'Aggiungi sezione'}
        </button>
      )}
    </FieldGroup>
  );
}
