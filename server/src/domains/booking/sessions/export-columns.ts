import { type TrainingSession, WEEKDAY_NAMES } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';
import { formatItalianDate } from '../../../core/time';

const yesNo = (value: boolean) => (value ? 'Sì' : 'No');

/** Columns of the occurrences' download (GET /training-session/export): one row per occurrence of the range. */
export const TRAINING_SESSION_EXPORT_COLUMNS: ExportColumn<TrainingSession>[] = [
  { header: 'Data', value: (o) => formatItalianDate(o.specific_date), width: 0.8 },
  { header: 'Giorno', value: (o) => WEEKDAY_NAMES[o.day] ?? String(o.day), width: 0.8 },
  { header: 'Inizio', value: (o) => o.start_time, width: 0.5 },
  { header: 'Fine', value: (o) => o.end_time, width: 0.5 },
  { header: 'Tavolo', value: (o) => `Tavolo ${o.game_table.number}`, width: 0.6 },
  { header: 'Turno', value: (o) => o.title, width: 1.5 },
  { header: 'Prenotabile', value: (o) => yesNo(o.is_booking_allowed), width: 0.7 },
  { header: 'Prenotato', value: (o) => yesNo(o.booking_id !== null), width: 0.7 },
  { header: 'Partecipanti', value: (o) => o.participants.map((p) => `${p.surname} ${p.name}`).join(', '), width: 2.5 },
];

/**
 * The download's file name and the heading its PDF prints: the range, the table and the available/booked filter,
 * so a printed page says what it lists ('Dal 23/11/2026 al 29/11/2026 · Tavolo 3 · Solo prenotati').
 */
export function trainingSessionsExportHeading(
  query: { startDate: string; endDate: string; available?: boolean },
  tableNumber: number | null,
): { title: string; baseName: string; subtitle: string } {
  const availability = query.available === undefined ? null : query.available ? 'liberi' : 'prenotati';
  return {
    title: 'Turni di allenamento',
    baseName: [`turni_${query.startDate}_${query.endDate}`, tableNumber === null ? null : `tavolo_${tableNumber}`, availability]
      .filter(Boolean)
      .join('_'),
    subtitle: [
      `Dal ${formatItalianDate(query.startDate)} al ${formatItalianDate(query.endDate)}`,
      tableNumber === null ? 'Tutti i tavoli' : `Tavolo ${tableNumber}`,
      availability && `Solo ${availability}`,
    ]
      .filter(Boolean)
      .join(' · '),
  };
}
