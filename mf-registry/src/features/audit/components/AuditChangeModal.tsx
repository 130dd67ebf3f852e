import { AUDIT_ACTION_LABELS, type AuditEntry, auditFieldLabel } from 'shared-api';
import { Modal, formatDateTime } from 'shared-ui';
import { actorName, entityLabel } from './labels';

/** A value as the log keeps it: text as it is, nothing as '—', anything else (a list, a number) as JSON. */
const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One entry of the audit log: who, when, from where, and each changed field's value before and after, side by side. */
export function AuditChangeModal({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const fields = Object.entries(entry.changes);
  return (
    <Modal open title={`${AUDIT_ACTION_LABELS[entry.action]} — ${entityLabel(entry.entity)}`} onClose={onClose} size="lg">
      <dl className="reg-audit-facts">
        <dt>Data e ora</dt>
        <dd>{formatDateTime(entry.at)}</dd>
        <dt>Utente</dt>
        <dd>{actorName(entry)}</dd>
        <dt>Indirizzo</dt>
        <dd>{entry.ip ?? '—'}</dd>
        <dt>Identificativo</dt>
        <dd>{entry.entity_id ?? '—'}</dd>
      </dl>
      {fields.length ? (
        <table className="reg-audit-changes">
          <caption className="ui-visually-hidden">Campi modificati</caption>
          <thead>
            <tr>
              <th scope="col">Campo</th>
              <th scope="col">Prima</th>
              <th scope="col">Dopo</th>
            </tr>
          </thead>
          <tbody>
            {fields.map(([field, { before, after }]) => (
              <tr key={field}>
                <th scope="row">{capitalized(auditFieldLabel(field))}</th>
                <td>{shown(before)}</td>
                <td>{shown(after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Nessun campo modificato da mostrare.</p>
      )}
    </Modal>
  );
}
