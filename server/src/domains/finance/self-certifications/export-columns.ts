import type { SelfCertification } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';
import { formatItalianDate } from '../../../core/time';
import { euro } from '../format';

/** The columns of the list's download (spec 002 §2), the same the table shows. */
export const SELF_CERTIFICATION_EXPORT_COLUMNS: ExportColumn<SelfCertification>[] = [
  { header: 'Nome', value: (s) => s.user.name, width: 1 },
  { header: 'Cognome', value: (s) => s.user.surname, width: 1 },
  { header: 'Mese', value: (s) => s.month, width: 0.4 },
  { header: 'Anno', value: (s) => s.year, width: 0.5 },
  { header: 'Importo (€)', value: (s) => euro(s.amount), width: 0.7 },
  { header: 'Data di rilascio', value: (s) => formatItalianDate(s.issue_date), width: 0.7 },
  { header: 'Data di creazione', value: (s) => formatItalianDate(s.created_at), width: 0.7 },
];
