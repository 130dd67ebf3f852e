import type { AuditEntry } from 'shared-api';
import { AUDIT_ACTION_LABELS, auditFieldLabel } from 'shared-api/audit-labels';
import { Modal, formatDate, formatDateTime } from 'shared-ui';
import { actorName, entityLabel } from './labels';

const NO_NAMES: ReadonlyMap<string, string> = new Map();

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/**
 * A value as a person reads it (issue 44 item 6): nothing as '—', a day as dd/mm/yyyy, an instant on the club's
 * clock, yes/no in Italian, a list as its items; other text as it is, anything else (an object) as JSON.
 */
const shown = (value: unknown, names: ReadonlyMap<string, string> = NO_NAMES): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sì' : 'No';
  if (typeof value === 'string') {
    const name = names.get(value);
    if (name) return name;
    if (ISO_DATE.test(value)) return formatDate(value);
    if (ISO_INSTANT.test(value)) return formatDateTime(value.replace(' ', 'T'));
    return value;
  }
  if (Array.isArray(value)) return value.length ? value.map((item) => shown(item, names)).join(', ') : '—';
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One entry of the audit log: who, when, from where, and each changed field's value before and after, side by side. */
export function AuditChangeModal({
  entry,
  onClose,
  names = NO_NAMES,
}: {
  entry: AuditEntry;
  onClose: () => void;
  /** People's names by id (the page's list of users): who booked, took part, cancelled, read by name. */
  names?: ReadonlyMap<string, string>;
}) {
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
                <td>{shown(before, names)}</td>
                <td>{shown(after, names)}</td>
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
