import type { Qualification } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';
import { names } from '../users/export-columns';

/** Columns of the qualifications download (GET /user/qualification/export), those of the page (spec 001 §2). */
export const QUALIFICATION_EXPORT_COLUMNS: ExportColumn<Qualification>[] = [
  { header: 'Nome', value: (q) => q.name, width: 1.2 },
  { header: 'Descrizione', value: (q) => q.description, width: 2 },
  { header: 'Colore', value: (q) => q.color, width: 0.8 },
  { header: 'Regole di prenotazione', value: (q) => names(q.reservation_rules), width: 1.5 },
  { header: 'Classi mailing list', value: (q) => names(q.mailing_list_classes), width: 1.5 },
  { header: 'Priorità', value: (q) => q.priority, width: 0.6 },
];
