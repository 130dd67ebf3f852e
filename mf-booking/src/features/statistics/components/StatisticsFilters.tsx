import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { DateInput, SelectInput, clubToday, contractResolver, fieldBinder } from 'shared-ui';
import { useGameTables } from '../../game-tables/api/get-game-tables';
import {
  PERIOD_PRESETS,
  matchPreset,
  presetPeriod,
  STATISTICS_PARAMS,
  readStatisticsFilters,
  writeStatisticsFilters,
  type PeriodPreset,
  type StatisticsFilters,
} from '../period';

/** The filters of a statistics page, kept in the query string so a reload or a shared link shows the same figures. */
export function useStatisticsFilters(): [StatisticsFilters, (next: StatisticsFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readStatisticsFilters(params, clubToday());
  // Other parameters of the page (the table's search, q) stay as they are.
  const write = (next: StatisticsFilters) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const key of STATISTICS_PARAMS) merged.delete(key);
        for (const [key, value] of writeStatisticsFilters(next)) merged.set(key, value);
        return merged;
      },
      { replace: true },
    );
  return [filters, write];
}

export interface StatisticsFiltersPanelProps {
  value: StatisticsFilters;
  onChange: (next: StatisticsFilters) => void;
  /** Whether the period as typed is whole and valid: the page shows no figures beside a wrong one (issue 44 item 8). */
  onValidity?: (valid: boolean) => void;
}

/** What a statistics page shows in place of its figures and table while the period typed is not valid. */
export const INVALID_PERIOD_TEXT = 'Correggi il periodo per vedere i dati.';

interface PeriodFormValues {
  startDate: string | null;
  endDate: string | null;
}

/** The contract's statistics period (the server's rules), loaded when a date is first typed. */
const periodResolver = () => contractResolver<PeriodFormValues>((contract) => contract.statisticsSummaryQuery);

/**
 * Period ('Periodo': Questo mese, Mese scorso, Ultimi 3 mesi, Quest'anno, or dates of one's own) and table
 * ('Tutti i tavoli' or one). A period typed by hand applies once it is whole and valid; until then its fields say
 * what is wrong, and the page shows no figures (those of the last valid period, beside the wrong one, read as
 * its own: issue 44 item 8).
 */
export function StatisticsFiltersPanel({ value, onChange, onValidity }: StatisticsFiltersPanelProps) {
  const today = clubToday();
  const tables = useGameTables();
  const [resolver] = useState(periodResolver);
  // The dates as typed; they follow the applied period whenever it changes from outside (a preset, the address bar).
  const form = useForm<PeriodFormValues>({ values: { startDate: value.startDate, endDate: value.endDate }, resolver });
  // What is wrong shows as soon as it is typed.
  const bind = fieldBinder(form, true);

  const setDate = (field: keyof PeriodFormValues) => async (date: string | null) => {
    bind(field).onChange(date);
    const { startDate, endDate } = form.getValues();
    const valid = (await form.trigger()) && Boolean(startDate && endDate);
    onValidity?.(valid);
    if (valid && startDate && endDate) onChange({ ...value, startDate, endDate });
  };

  const tableOptions = (tables.data ?? []).map((t) => ({ value: t._id, label: `Tavolo ${t.number}` }));

  return (
    <form className="ui-card bk-stats-filters" aria-label="Filtri" noValidate onSubmit={(e) => e.preventDefault()}>
      <SelectInput
        name="period"
        label="Periodo"
        value={matchPreset(value, today)}
        onChange={(preset) => {
          if (!preset) return;
          onValidity?.(true);
          onChange({ ...value, ...presetPeriod(preset as PeriodPreset, today) });
        }}
        options={PERIOD_PRESETS}
        placeholder="Personalizzato"
      />
      <DateInput {...bind('startDate')} onChange={(date) => void setDate('startDate')(date)} label="Data inizio" />
      <DateInput {...bind('endDate')} onChange={(date) => void setDate('endDate')(date)} label="Data fine" />
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
