import { type AuditNaming, nameText, namedByColumns } from '../../core/audit/names';
import { categories, mailing_list_classes, qualifications, reservation_rules, users } from './tables';

/** A record of the registry named by its `name`. */
const byName = (table: typeof categories | typeof qualifications | typeof reservation_rules | typeof mailing_list_classes) =>
  namedByColumns(table.id, { name: table.name }, (r) => nameText(r.name));

/** How the audit log names the registry's records (core/audit/names.ts): a person as 'Surname Name', the others by name. */
export const registryAuditNames: readonly AuditNaming[] = [
  namedByColumns(
    users.id,
    { surname: users.surname, name: users.name },
    (r) => [nameText(r.surname), nameText(r.name)].filter(Boolean).join(' ') || null,
  ),
  byName(categories),
  byName(qualifications),
  byName(reservation_rules),
  byName(mailing_list_classes),
];
