import type { BusinessEntity } from 'shared-api/contract';
import type { ExportColumn } from '../../../core/export/exporter';
import { formatItalianDate } from '../../../core/time';

/** The columns of the list's download (spec 002 §2), the same the table shows. */
export const BUSINESS_ENTITY_EXPORT_COLUMNS: ExportColumn<BusinessEntity>[] = [
  { header: 'Nome', value: (b) => b.name, width: 1.2 },
  { header: 'Indirizzo', value: (b) => b.address, width: 1.2 },
  { header: 'Provincia', value: (b) => b.province, width: 0.5 },
  { header: 'Città', value: (b) => b.city, width: 0.8 },
  { header: 'CAP', value: (b) => b.postal_code, width: 0.5 },
  { header: 'Codice identificativo', value: (b) => b.identification_code, width: 1 },
  { header: 'Telefono 1', value: (b) => b.phone1, width: 0.8 },
  { header: 'Telefono 2', value: (b) => b.phone2, width: 0.8 },
  { header: 'Email', value: (b) => b.email, width: 1.2 },
  { header: 'Data di creazione', value: (b) => formatItalianDate(b.created_at), width: 0.7 },
  { header: 'Note', value: (b) => b.notes, width: 1 },
];
