import { useState } from 'react';
import { STATISTICS_PATHS, WEEKDAY_NAMES, type FreeSessionsRow } from 'shared-api';
import { DataTable, PageLayout, type Column } from 'shared-ui';
import { STATS_PAGE } from '../../../components/page';
import { FREE_QUERY_KEY, statisticsParams, useFreeSummary } from '../api/get-summary';
import { formatCount, formatPercent } from '../format';
import { INVALID_PERIOD_TEXT, StatisticsFiltersPanel, useStatisticsFilters } from './StatisticsFilters';
import { SummaryFigures } from './SummaryFigures';

/** The occupancy as text beside a bar (the bar is decoration: the text says it). */
function Occupancy({ share }: { share: number }) {
  return (
    <span className="bk-occupancy">
      <span className="bk-occupancy__bar" aria-hidden="true">
        <span style={{ width: `${Math.round(Math.min(1, Math.max(0, share)) * 100)}%` }} />
      </span>
      {formatPercent(share)}
    </span>
  );
}

// On a phone a card shows the slot, what stayed free and the occupancy; offered and booked on demand.
const COLUMNS: Column<FreeSessionsRow>[] = [
  { key: 'game_table.number', header: 'Tavolo', sortable: true, sortKey: 'table', render: (r) => `Tavolo ${r.game_table.number}` },
  { key: 'weekday', header: 'Giorno', sortable: true, render: (r) => WEEKDAY_NAMES[r.weekday] ?? '' },
  { key: 'start_time', header: 'Orario', sortable: true, render: (r) => `${r.start_time} - ${r.end_time}` },
  { key: 'offered', header: 'Turni offerti', sortable: true, align: 'end', detail: true, render: (r) => formatCount(r.offered) },
  { key: 'booked', header: 'Prenotati', sortable: true, align: 'end', detail: true, render: (r) => formatCount(r.booked) },
  { key: 'free', header: 'Liberi', sortable: true, align: 'end', render: (r) => formatCount(r.free) },
  { key: 'occupancy', header: 'Occupazione', sortable: true, align: 'end', render: (r) => <Occupancy share={r.occupancy} /> },
];

/**
 * Turni liberi (statistics_access): per table, weekday and time slot, the occurrences open to booking in the
 * period, how many were booked and how many stayed free, with the period's totals and occupancy.
 */
export function FreeSessionsPage() {
  const [filters, setFilters] = useStatisticsFilters();
  const [periodValid, setPeriodValid] = useState(true);
  const summary = useFreeSummary(filters);
  return (
    <PageLayout {...STATS_PAGE} title="Turni liberi">
      <StatisticsFiltersPanel value={filters} onChange={setFilters} onValidity={setPeriodValid} />
      <p className="ui-muted bk-stats-intro">
        I turni aperti alla prenotazione nel periodo, per tavolo, giorno e orario: quanti sono stati prenotati e quanti sono rimasti liberi. Non
        contano i turni esclusi dalle statistiche.
      </p>
      {periodValid ? (
        <>
          <SummaryFigures
            label="Totali del periodo"
            query={summary}
            figures={(s) => [
              { label: 'Turni offerti', value: formatCount(s.offered) },
              { label: 'Prenotati', value: formatCount(s.booked) },
              { label: 'Liberi', value: formatCount(s.free) },
              { label: 'Occupazione', value: formatPercent(s.occupancy) },
            ]}
          />
          <DataTable<FreeSessionsRow>
            queryKey={FREE_QUERY_KEY}
            path={STATISTICS_PATHS.freeSessions}
            columns={COLUMNS}
            filters={statisticsParams(filters)}
            defaultSort={{ key: 'table', order: 'asc' }}
            exportName="turni_liberi"
            caption="Turni liberi per tavolo e orario"
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
