import type { CertificateType } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';

/** Columns of the certificate types download (GET /certificate/types/export), those of the page (spec 001 §2). */
export const CERTIFICATE_TYPE_EXPORT_COLUMNS: ExportColumn<CertificateType>[] = [
  { header: 'Nome', value: (t) => t.name, width: 1.5 },
  { header: 'Giorni prima della notifica', value: (t) => t.days_before_warn.join(', '), width: 1 },
  { header: 'Medico', value: (t) => (t.is_medical ? 'Sì' : 'No'), width: 0.6 },
  { header: 'Validità (mesi)', value: (t) => t.validity_months, width: 0.6 },
];
