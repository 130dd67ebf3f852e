import type { User } from 'shared-api/contract';
import { formatItalianDate, todayIn } from '../../../core/time';
import type { ExportColumn } from '../../../core/export/exporter';

export const names = (refs: { name: string }[]) => refs.map((r) => r.name).join(', ');

/** Columns of the users download (GET /user/export). */
export function userExportColumns(timeZone: string): ExportColumn<User>[] {
  return [
    { header: 'N. libro soci', value: (u) => u.member_id, width: 0.9 },
    { header: 'Cognome', value: (u) => u.surname, width: 1.1 },
    { header: 'Nome', value: (u) => u.name, width: 1.1 },
    { header: 'Email', value: (u) => u.email, width: 2.5 },
    { header: 'Telefono', value: (u) => u.phone_number, width: 1.6 },
    { header: 'Codice fiscale', value: (u) => u.fiscal_code, width: 2.1 },
    { header: 'Data di nascita', value: (u) => formatItalianDate(u.birth_date), width: 1.15 },
    { header: 'Luogo di nascita', value: (u) => (u.birth_place ? `${u.birth_place} (${u.birth_province ?? ''})` : ''), width: 1.2 },
    {
      header: 'Residenza',
      value: (u) =>
        [u.residence_address, u.residence_postal_code, u.residence_place, u.residence_province ? `(${u.residence_province})` : null]
          .filter(Boolean)
          .join(' '),
      width: 1.9,
    },
    { header: 'Categoria', value: (u) => u.category?.name, width: 1.1 },
    { header: 'Qualifiche', value: (u) => names(u.qualifications), width: 1.1 },
    { header: 'Codice FITET', value: (u) => u.fitet_data_code, width: 0.9 },
    { header: 'Stato', value: (u) => (u.deactivation_status ? 'Disattivato' : 'Attivo'), width: 0.8 },
    { header: 'Data registrazione', value: (u) => formatItalianDate(todayIn(timeZone, new Date(u.created_at))), width: 1.15 },
  ];
}
