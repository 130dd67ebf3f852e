import { useState, type KeyboardEvent } from 'react';
import { DateInput, MenuInput, TimeInput, clubToday } from 'shared-ui';
import { addDays } from '../../../lib/club-time';
import { tableOptions, useGameTables } from '../../game-tables/api/get-game-tables';
import type { SearchFilters } from '../search-params';

export interface SearchPanelProps {
  initial: SearchFilters;
  onSearch: (filters: SearchFilters) => void;
}

/** 'Ricerca turni' (spec 000 §2.10, §5): day required, today to one year ahead; table and times optional. */
export function SearchPanel({ initial, onSearch }: SearchPanelProps) {
  const [open, setOpen] = useState(!initial.date);
  const [values, setValues] = useState<SearchFilters>(initial);
  const [clicked, setClicked] = useState(false);
  const tables = useGameTables();
  const today = clubToday();
  const set = (patch: Partial<SearchFilters>) => setValues((v) => ({ ...v, ...patch }));

  const search = () => {
    setClicked(true);
    if (!values.date) return;
    onSearch(values);
    setOpen(false);
  };

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
        <form
          id="search-panel-body"
          className="bk-search-panel__body"
          noValidate
          onKeyDown={onKeyDown}
          onSubmit={(e) => {
            e.preventDefault();
            // The search navigates (a router transition): run it after the submit event, or React would read the
            // event as a form action of that transition.
            setTimeout(search);
          }}
        >
          <DateInput
            name="date"
            label="Giorno"
            value={values.date}
            onChange={(date) => set({ date })}
            minDate={today}
            maxDate={addDays(today, 365)}
            required
            submitAttempted={clicked}
          />
          <MenuInput
            name="table"
            label="Tavolo"
            value={values.table ? [values.table] : []}
            onChange={(ids) => set({ table: ids[0] ?? null })}
            options={tableOptions(tables.isError ? [] : tables.data)}
            loading={tables.isPending}
            placeholder="Scegli tra i tavoli"
          />
          <TimeInput
            name="startTime"
            label="Orario di inizio"
            value={values.startTime}
            onChange={(startTime) => set({ startTime })}
            min="00:00"
            max={values.endTime ?? '23:59'}
          />
          <TimeInput
            name="endTime"
            label="Orario di fine"
            value={values.endTime}
            onChange={(endTime) => set({ endTime })}
            min={values.startTime ?? '00:00'}
            max="23:59"
          />
          <button type="submit" className="ui-btn ui-btn--primary">
            Cerca
          </button>
        </form>
      )}
    </section>
  );
}
