import { useState } from 'react';
import { STATISTICS_PATHS, type PlayedSessionsRow } from 'shared-api';
import { DataTable, PageLayout, type Column } from 'shared-ui';
import { STATS_PAGE } from '../../../components/page';
import { PLAYED_QUERY_KEY, statisticsParams, usePlayedSummary } from '../api/get-summary';
import { formatCount, formatHours } from '../format';
import { INVALID_PERIOD_TEXT, StatisticsFiltersPanel, useStatisticsFilters } from './StatisticsFilters';
import { SummaryFigures } from './SummaryFigures';

const COLUMNS: Column<PlayedSessionsRow>[] = [
  { key: 'surname', header: 'Cognome', sortable: true },
  { key: 'name', header: 'Nome', sortable: true },
  { key: 'category', header: 'Categoria', sortable: true },
  { key: 'shifts_played', header: 'Turni giocati', sortable: true, align: 'end', render: (r) => formatCount(r.shifts_played) },
  { key: 'hours_played', header: 'Ore giocate', sortable: true, align: 'end', render: (r) => formatHours(r.hours_played) },
];

/**
 * Turni giocati (statistics_access): per member, the shifts they played in the period — occurrences booked and
 * already over, cancelled bookings and sessions outside the statistics left out — with the period's totals.
 */
export function PlayedSessionsPage() {
  const [filters, setFilters] = useStatisticsFilters();
  const [periodValid, setPeriodValid] = useState(true);
  const summary = usePlayedSummary(filters);
  return (
    <PageLayout {...STATS_PAGE} title="Turni giocati">
      <StatisticsFiltersPanel value={filters} onChange={setFilters} onValidity={setPeriodValid} />
      <p className="ui-muted bk-stats-intro">
        I turni prenotati e già conclusi nel periodo, per socio. Non contano le prenotazioni annullate né i turni esclusi dalle statistiche.
      </p>
      {periodValid ? (
        <>
          <SummaryFigures
            label="Totali del periodo"
            query={summary}
            figures={(s) => [
              { label: 'Soci che hanno giocato', value: formatCount(s.members) },
              { label: 'Turni giocati', value: formatCount(s.shifts_played) },
              { label: 'Ore di gioco', value: formatHours(s.hours_played) },
            ]}
          />
          <DataTable<PlayedSessionsRow>
            queryKey={PLAYED_QUERY_KEY}
            path={STATISTICS_PATHS.playedSessions}
            columns={COLUMNS}
            filters={statisticsParams(filters)}
            defaultSort={{ key: 'surname', order: 'asc' }}
            exportName="turni_giocati"
            caption="Turni giocati per socio"
            rowKey={(r) => r._id}
          />
        </>
      ) : (
        <p role="status" className="ui-alert ui-alert--warning">
          {INVALID_PERIOD_TEXT}
        </p>
      )}
    </PageLayout>
  );
}
