import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DateInput, SelectInput, clubToday } from 'shared-ui';
import { useGameTables } from '../../game-tables/api/get-game-tables';
import {
  PERIOD_PRESETS,
  matchPreset,
  periodErrors,
  presetPeriod,
  readStatisticsFilters,
  writeStatisticsFilters,
  type PeriodPreset,
  type StatisticsFilters,
} from '../period';

/** The filters of a statistics page, kept in the query string so a reload or a shared link shows the same figures. */
export function useStatisticsFilters(): [StatisticsFilters, (next: StatisticsFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readStatisticsFilters(params, clubToday());
  return [filters, (next) => setParams(writeStatisticsFilters(next), { replace: true })];
}

export interface StatisticsFiltersPanelProps {
  value: StatisticsFilters;
  onChange: (next: StatisticsFilters) => void;
}

/**
 * Period ('Periodo': Questo mese, Mese scorso, Ultimi 3 mesi, Quest'anno, or dates of one's own) and table
 * ('Tutti i tavoli' or one). A period typed by hand applies once it is whole and valid; until then its fields say
 * what is wrong and the figures stay those of the last valid period.
 */
export function StatisticsFiltersPanel({ value, onChange }: StatisticsFiltersPanelProps) {
  const today = clubToday();
  const tables = useGameTables();
  // The dates as typed; they follow the applied period whenever it changes from outside (a preset, the address bar).
  const [draft, setDraft] = useState<{ startDate: string | null; endDate: string | null }>(value);
  const [shownFor, setShownFor] = useState(value);
  if (shownFor.startDate !== value.startDate || shownFor.endDate !== value.endDate) {
    setShownFor(value);
    setDraft(value);
  }
  const errors = periodErrors(draft.startDate, draft.endDate);

  const setDates = (next: { startDate: string | null; endDate: string | null }) => {
    setDraft(next);
    if (next.startDate && next.endDate && !Object.keys(periodErrors(next.startDate, next.endDate)).length) {
      onChange({ ...value, startDate: next.startDate, endDate: next.endDate });
    }
  };

  const tableOptions = (tables.data ?? []).map((t) => ({ value: t._id, label: `Tavolo ${t.number}` }));

  return (
    <form className="ui-card bk-stats-filters" aria-label="Filtri" noValidate onSubmit={(e) => e.preventDefault()}>
      <SelectInput
        name="period"
        label="Periodo"
        value={matchPreset(value, today)}
        onChange={(preset) => preset && onChange({ ...value, ...presetPeriod(preset as PeriodPreset, today) })}
        options={PERIOD_PRESETS}
        placeholder="Personalizzato"
      />
      <DateInput
        name="startDate"
        label="Data inizio"
        value={draft.startDate}
        onChange={(startDate) => setDates({ ...draft, startDate })}
        error={errors.startDate}
      />
      <DateInput
        name="endDate"
        label="Data fine"
        value={draft.endDate}
        onChange={(endDate) => setDates({ ...draft, endDate })}
        error={errors.endDate}
      />
      <SelectInput
        name="table"
        label="Tavolo"
        value={value.table ?? ''}
        onChange={(table) => onChange({ ...value, table: table || null })}
        options={tableOptions}
        placeholder="Tutti i tavoli"
        hint={tables.isError ? 'Impossibile caricare i tavoli: sono mostrati tutti.' : undefined}
      />
    </form>
  );
}
