import { type AuditNaming, nameText, namedByColumns } from '../../core/audit/names';
import { certificate_types } from './tables';

/** How the audit log names the certificates' records (core/audit/names.ts): a certificate type by its name. */
export const certificatesAuditNames: readonly AuditNaming[] = [
  namedByColumns(certificate_types.id, { name: certificate_types.name }, (r) => nameText(r.name)),
];
