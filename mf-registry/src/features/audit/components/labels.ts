import type { AuditEntry } from 'shared-api';
import { auditActorName, auditEntityLabel, auditRecordLabel } from 'shared-api/audit-format';

/** A record's Italian name (its table's name when the contract has none). */
export const entityLabel = auditEntityLabel;

/** Who acted: 'Surname Name', or 'Sistema' for a public call (no one signed in). */
export const actorName = (entry: AuditEntry) => auditActorName(entry);

/** The kind of record and, where the entry names it, the record itself: 'Sessioni di allenamento: Serale, 26/11/2026 ore 18:00, Tavolo 4'. */
export const recordLabel = (entry: AuditEntry) => auditRecordLabel(entry);
