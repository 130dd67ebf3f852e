import type { AuditEntry } from 'shared-api';
import { AUDIT_ACTION_LABELS, auditFieldLabel } from 'shared-api/audit-labels';
import { Modal, formatDate, formatDateTime, formatEuro } from 'shared-ui';
import { actorName, entityLabel } from './labels';

const NO_NAMES: Readonly<Record<string, string>> = {};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/**
 * A value as a person reads it (issue 44 item 6): nothing as '—', a record the entry names by id by its name (a
 * person, a table, a session or a booking: the server's `names`), a day as dd/mm/yyyy, an instant on the club's
 * clock, an amount in cents in euros, yes/no in Italian, a list as its items; other text as it is, anything else (an
 * object) as JSON.
 */
const shown = (value: unknown, names: Readonly<Record<string, string>>, field = ''): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sì' : 'No';
  if (typeof value === 'number' && field.endsWith('_cents')) return formatEuro(value);
  if (typeof value === 'string') {
    const name = names[value];
    if (name) return name;
    if (ISO_DATE.test(value)) return formatDate(value);
    if (ISO_INSTANT.test(value)) return formatDateTime(value.replace(' ', 'T'));
    return value;
  }
  if (Array.isArray(value)) return value.length ? value.map((item) => shown(item, names, field)).join(', ') : '—';
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One entry of the audit log: who, when, from where, the record by its name, and each changed field's value before
 * and after, side by side; an entry that names fields without their values (an anonymisation, a password set) lists
 * them instead.
 */
export function AuditChangeModal({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const names = entry.names ?? NO_NAMES;
  const fields = Object.entries(entry.changes);
  const valuesKept = fields.some(([, { before, after }]) => (before ?? null) !== null || (after ?? null) !== null);
  const record = entry.entity_id ? names[entry.entity_id] : undefined;
  return (
    <Modal open title={`${AUDIT_ACTION_LABELS[entry.action]} — ${entityLabel(entry.entity)}`} onClose={onClose} size="lg">
      <dl className="reg-audit-facts">
        <dt>Data e ora</dt>
        <dd>{formatDateTime(entry.at)}</dd>
        <dt>Utente</dt>
        <dd>{actorName(entry)}</dd>
        <dt>Indirizzo</dt>
        <dd>{entry.ip ?? '—'}</dd>
        {record && (
          <>
            <dt>Elemento</dt>
            <dd>{record}</dd>
          </>
        )}
        <dt>Identificativo</dt>
        <dd>{entry.entity_id ?? '—'}</dd>
      </dl>
      {fields.length && !valuesKept ? (
        <>
          <h3 className="reg-audit-fields-title">{entry.action === 'anonymize' ? 'Dati anonimizzati' : 'Campi modificati'}</h3>
          <ul className="reg-audit-fields" aria-label={entry.action === 'anonymize' ? 'Dati anonimizzati' : 'Campi modificati'}>
            {fields.map(([field]) => (
              <li key={field}>{capitalized(auditFieldLabel(field))}</li>
            ))}
          </ul>
          <p>I valori non sono registrati.</p>
        </>
      ) : fields.length ? (
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
                <td>{shown(before, names, field)}</td>
                <td>{shown(after, names, field)}</td>
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
