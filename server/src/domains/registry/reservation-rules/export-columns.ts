import { type ReservationRule, WEEKDAY_SHORT, unlockTimeText } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';

// The page (mf-registry) and the download write days and unlock times with the same shared-api helpers.
export { WEEKDAY_SHORT };

/** Columns of the booking rules download (GET /user/reservation-rule/export), those of the page (spec 001 §2). */
export const RESERVATION_RULE_EXPORT_COLUMNS: ExportColumn<ReservationRule>[] = [
  { header: 'Nome', value: (r) => r.name, width: 1.2 },
  { header: 'Descrizione', value: (r) => r.description, width: 1.6 },
  { header: 'Turni max a settimana', value: (r) => r.max_rounds_per_week, width: 0.8 },
  { header: 'Turni max al giorno', value: (r) => r.max_rounds_per_day, width: 0.8 },
  { header: 'Ore prima per ignorare le regole', value: (r) => r.hours_before_booking_to_ignore_rules, width: 0.9 },
  { header: 'Ore prima per annullare', value: (r) => r.hours_before_booking_to_cancel, width: 0.8 },
  { header: 'Inizio settimana', value: (r) => WEEKDAY_SHORT[r.week_start_day], width: 0.7 },
  { header: 'Fine settimana', value: (r) => WEEKDAY_SHORT[r.week_end_day], width: 0.7 },
  { header: 'Orari di sblocco', value: (r) => r.unlock_times.map(unlockTimeText).join('; '), width: 1.8 },
  // Fair play (issue 42): blank limits are none.
  { header: 'Assenze prima della sospensione', value: (r) => r.no_show_limit, width: 0.8 },
  { header: 'Annullamenti tardivi prima della sospensione', value: (r) => r.late_cancellation_limit, width: 0.8 },
  { header: 'Giorni di conteggio', value: (r) => r.fair_play_period_days, width: 0.7 },
  { header: 'Giorni di sospensione', value: (r) => r.suspension_days, width: 0.7 },
];
