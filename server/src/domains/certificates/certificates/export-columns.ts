import type { Certificate } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';
import { formatItalianDate } from '../../../core/time';

/** Italian names of a certificate's state, as the management page colours them (spec 001 §4). */
export const CERTIFICATE_STATE_LABELS: Record<Certificate['status'], string> = {
  valid: 'Valido',
  is_expiring: 'In scadenza',
  expired: 'Scaduto',
  not_approved: 'Da approvare',
  missing: 'Non caricato',
};

/** Columns of the certificates download (GET /certificate/export), those of the page (spec 001 §2). */
export const CERTIFICATE_EXPORT_COLUMNS: ExportColumn<Certificate>[] = [
  { header: 'Tipologia', value: (c) => c.type.name, width: 1.2 },
  { header: 'Cognome', value: (c) => c.user.surname, width: 1 },
  { header: 'Nome', value: (c) => c.user.name, width: 1 },
  { header: 'Codice fiscale', value: (c) => c.user.fiscal_code, width: 1.3 },
  { header: 'File', value: (c) => c.active_record_content?.fileName ?? '', width: 1.2 },
  { header: 'Data di scadenza', value: (c) => formatItalianDate(c.current_end_date), width: 0.9 },
  { header: 'Approvato', value: (c) => (c.is_approved ? 'Sì' : 'No'), width: 0.7 },
  { header: 'Valido', value: (c) => CERTIFICATE_STATE_LABELS[c.status], width: 0.8 },
  { header: 'Note', value: (c) => c.notes, width: 1.5 },
];
