import type { FitetRecord } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';
import { formatItalianDate } from '../../../core/time';

/** Columns of the FITET records download (GET /user/fitet/export), those of the page (spec 001 §2) and the member. */
export const FITET_EXPORT_COLUMNS: ExportColumn<FitetRecord>[] = [
  { header: 'Codice tessera', value: (r) => r.member_id, width: 1 },
  { header: 'Tipo tessera', value: (r) => r.card_type, width: 1 },
  { header: 'Categoria', value: (r) => r.category, width: 1 },
  { header: 'Data emissione', value: (r) => formatItalianDate(r.start_date), width: 0.9 },
  { header: 'Data scadenza', value: (r) => formatItalianDate(r.end_date), width: 0.9 },
  { header: 'Socio', value: (r) => `${r.user.surname} ${r.user.name}`, width: 1.3 },
];
