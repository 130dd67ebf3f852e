import { useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { DateInput, MenuInput, TimeInput, clubToday, contractResolver, fieldBinder } from 'shared-ui';
import { addDays } from '../../../lib/club-time';
import { tableOptions, useGameTables } from '../../game-tables/api/get-game-tables';
import type { SearchFilters } from '../search-params';

export interface SearchPanelProps {
  initial: SearchFilters;
  onSearch: (filters: SearchFilters) => void;
}

/** The contract's shiftSearchForm, loaded on the first search: the search page carries no zod until then. */
const searchResolver = () => contractResolver<SearchFilters>((contract) => contract.shiftSearchForm);

/** 'Ricerca turni' (spec 000 §2.10, §5): day required, today to one year ahead; table and times optional. */
export function SearchPanel({ initial, onSearch }: SearchPanelProps) {
  const [open, setOpen] = useState(!initial.date);
  const [resolver] = useState(searchResolver);
  const form = useForm<SearchFilters>({ defaultValues: initial, resolver });
  const bind = fieldBinder(form, form.formState.isSubmitted);
  const values = form.getValues();
  const tables = useGameTables();
  const today = clubToday();

  const search = form.handleSubmit((filters) => {
    // The search navigates (a router transition): run it after the submit event, or React would read the
    // event as a form action of that transition.
    setTimeout(() => {
      onSearch(filters);
      setOpen(false);
    });
  });

  // Enter submits the form (the kit's date and time fields submit the form around them once their picker is done).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <section className="ui-card bk-search-panel" aria-labelledby="search-panel-title">
      <button
        type="button"
        id="search-panel-title"
        className="bk-search-panel__toggle"
        aria-expanded={open}
        aria-controls="search-panel-body"
        onClick={() => setOpen(!open)}
      >
        Ricerca turni
      </button>
      {open && (
        <form id="search-panel-body" className="bk-search-panel__body" noValidate onKeyDown={onKeyDown} onSubmit={(e) => void search(e)}>
          <DateInput {...bind('date')} label="Giorno" minDate={today} maxDate={addDays(today, 365)} required />
          <MenuInput
            {...bind('table')}
            value={values.table ? [values.table] : []}
            onChange={(ids) => bind('table').onChange(ids[0] ?? null)}
            label="Tavolo"
            options={tableOptions(tables.isError ? [] : tables.data)}
            loading={tables.isPending}
            placeholder="Scegli tra i tavoli"
          />
          <TimeInput {...bind('startTime')} label="Orario di inizio" min="00:00" max={values.endTime ?? '23:59'} />
          <TimeInput {...bind('endTime')} label="Orario di fine" min={values.startTime ?? '00:00'} max="23:59" />
          <button type="submit" className="ui-btn ui-btn--primary">
            Cerca
          </button>
        </form>
      )}
    </section>
  );
}
