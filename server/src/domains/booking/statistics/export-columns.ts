import { type FreeSessionsRow, type PlayedSessionsRow, type TableWeeksRow, WEEKDAY_NAMES } from 'shared-api/contract';
import { formatItalianDate } from '../../../core/time';
import type { ExportColumn } from '../../../core/export/exporter';

const hours = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('it-IT', { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 1 });

/** Columns of the played-sessions download (GET /statistics/played-sessions/export). */
export const PLAYED_SESSIONS_EXPORT_COLUMNS: ExportColumn<PlayedSessionsRow>[] = [
  { header: 'Cognome', value: (r) => r.surname, width: 1.3 },
  { header: 'Nome', value: (r) => r.name, width: 1.3 },
  { header: 'Categoria', value: (r) => r.category, width: 1.1 },
  { header: 'Turni giocati', value: (r) => r.shifts_played, width: 0.8 },
  { header: 'Ore giocate', value: (r) => hours.format(r.hours_played), width: 0.8 },
];

/** Columns of the free-sessions download (GET /statistics/free-sessions/export). */
export const FREE_SESSIONS_EXPORT_COLUMNS: ExportColumn<FreeSessionsRow>[] = [
  { header: 'Tavolo', value: (r) => `Tavolo ${r.game_table.number}`, width: 0.7 },
  { header: 'Giorno', value: (r) => WEEKDAY_NAMES[r.weekday] ?? String(r.weekday), width: 0.9 },
  { header: 'Orario', value: (r) => `${r.start_time} - ${r.end_time}`, width: 0.9 },
  { header: 'Turni offerti', value: (r) => r.offered, width: 0.7 },
  { header: 'Prenotati', value: (r) => r.booked, width: 0.7 },
  { header: 'Liberi', value: (r) => r.free, width: 0.7 },
  { header: 'Occupazione', value: (r) => percent.format(r.occupancy), width: 0.7 },
];

/** Columns of the check-in download per table and week (GET /statistics/table-weeks/export). */
export const TABLE_WEEKS_EXPORT_COLUMNS: ExportColumn<TableWeeksRow>[] = [
  { header: 'Tavolo', value: (r) => `Tavolo ${r.game_table.number}`, width: 0.7 },
  { header: 'Settimana', value: (r) => `${formatItalianDate(r.week_start)} - ${formatItalianDate(r.week_end)}`, width: 1.4 },
  { header: 'Prenotati', value: (r) => r.booked, width: 0.7 },
  { header: 'Giocati', value: (r) => r.played, width: 0.7 },
  { header: 'Liberati', value: (r) => r.released, width: 0.7 },
  { header: 'Non presentati', value: (r) => r.no_shows, width: 0.8 },
];
