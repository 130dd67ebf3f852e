import type { TrainingGroup } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';
import { WEEKDAY_SHORT } from '../reservation-rules/export-columns';

/** Columns of the training groups download (GET /user/training-group/export), what each card shows (spec 001 §2). */
export const TRAINING_GROUP_EXPORT_COLUMNS: ExportColumn<TrainingGroup>[] = [
  { header: 'Descrizione', value: (g) => g.description, width: 1.6 },
  { header: 'Allenatore', value: (g) => `${g.trainer.surname} ${g.trainer.name}`, width: 1.2 },
  { header: 'Giorni', value: (g) => g.week_days.map((d) => WEEKDAY_SHORT[d] ?? d).join(', '), width: 1.2 },
  { header: 'Orario', value: (g) => `${g.start_time}–${g.end_time}`, width: 0.9 },
  { header: 'Partecipanti max', value: (g) => g.max_trainees, width: 0.8 },
  { header: 'Iscritti', value: (g) => g.enrollments, width: 0.6 },
];
