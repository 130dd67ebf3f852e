import type { AuditEntry } from 'shared-api';
import { AUDIT_ENTITY_LABELS } from 'shared-api/audit-labels';

/** A record's Italian name (its table's name when the contract has none). */
export const entityLabel = (entity: string) => AUDIT_ENTITY_LABELS[entity] ?? entity;

/** Who acted: 'Surname Name', or 'Sistema' for a public call (no one signed in). */
export const actorName = (entry: AuditEntry) => (entry.actor ? `${entry.actor.surname} ${entry.actor.name}` : 'Sistema');
