import type { AuditEntry } from 'shared-api';
import { AUDIT_ENTITY_LABELS } from 'shared-api/audit-labels';

/** A record's Italian name (its table's name when the contract has none). */
export const entityLabel = (entity: string) => AUDIT_ENTITY_LABELS[entity] ?? entity;

/** Who acted: 'Surname Name', or 'Sistema' for a public call (no one signed in). */
export const actorName = (entry: AuditEntry) => (entry.actor ? `${entry.actor.surname} ${entry.actor.name}` : 'Sistema');

/** The kind of record and, where the entry names it, the record itself: 'Sessioni di allenamento: Serale, 26/11/2026 ore 18:00, Tavolo 4'. */
export const recordLabel = (entry: AuditEntry) => {
  const name = entry.entity_id ? entry.names?.[entry.entity_id] : undefined;
  return name ? `${entityLabel(entry.entity)}: ${name}` : entityLabel(entry.entity);
};
