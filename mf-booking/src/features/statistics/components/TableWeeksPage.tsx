import { useState } from 'react';
import { STATISTICS_PATHS, type TableWeeksRow } from 'shared-api';
import { DataTable, PageLayout, formatDate, type Column } from 'shared-ui';
import { STATS_PAGE } from '../../../components/page';
import { TABLE_WEEKS_QUERY_KEY, statisticsParams } from '../api/get-summary';
import { formatCount } from '../format';
import { INVALID_PERIOD_TEXT, StatisticsFiltersPanel, useStatisticsFilters } from './StatisticsFilters';

// On a phone a card shows the table, the week and what was played; the rest on demand.
const COLUMNS: Column<TableWeeksRow>[] = [
  { key: 'game_table.number', header: 'Tavolo', sortable: true, sortKey: 'table', render: (r) => `Tavolo ${r.game_table.number}` },
  {
    key: 'week_start',
    header: 'Settimana',
    sortable: true,
    sortKey: 'week',
    render: (r) => `${formatDate(r.week_start)} - ${formatDate(r.week_end)}`,
  },
  { key: 'booked', header: 'Prenotati', sortable: true, align: 'end', render: (r) => formatCount(r.booked) },
  { key: 'played', header: 'Giocati', sortable: true, align: 'end', render: (r) => formatCount(r.played) },
  { key: 'released', header: 'Liberati', sortable: true, align: 'end', detail: true, render: (r) => formatCount(r.released) },
  { key: 'no_shows', header: 'Non presentati', sortable: true, align: 'end', render: (r) => formatCount(r.no_shows) },
];

/**
 * Presenze ai tavoli (statistics_access, issue 42): per table and week of the period, the shifts booked, played
 * (someone checked in at the table), released (the booking cancelled) and the no-shows (released by themselves,
 * nobody having checked in).
 */
export function TableWeeksPage() {
  const [filters, setFilters] = useStatisticsFilters();
  const [periodValid, setPeriodValid] = useState(true);
  return (
    <PageLayout {...STATS_PAGE} title="Presenze ai tavoli">
      <StatisticsFiltersPanel value={filters} onChange={setFilters} onValidity={setPeriodValid} />
      <p className="ui-muted bk-stats-intro">
        Per tavolo e settimana: i turni prenotati, quelli giocati (con almeno una presenza registrata al tavolo), quelli liberati (prenotazione
        annullata) e i non presentati (nessuna presenza: il turno è stato liberato per la lista d’attesa). Non contano i turni esclusi dalle
        statistiche.
      </p>
      {periodValid ? (
        <DataTable<TableWeeksRow>
          queryKey={TABLE_WEEKS_QUERY_KEY}
          path={STATISTICS_PATHS.tableWeeks}
          columns={COLUMNS}
          filters={statisticsParams(filters)}
          defaultSort={{ key: 'table', order: 'asc' }}
          exportName="presenze_tavoli"
          caption="Presenze per tavolo e settimana"
          rowKey={(r) => r._id}
        />
      ) : (
        <p role="status" className="ui-alert ui-alert--warning">
          {INVALID_PERIOD_TEXT}
        </p>
      )}
    </PageLayout>
  );
}
