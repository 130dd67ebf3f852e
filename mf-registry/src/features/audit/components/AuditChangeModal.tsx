import type { AuditEntry } from 'shared-api';
import {
  auditChangedFields,
  auditFieldTitle,
  auditFieldsOnlyTitle,
  auditInstantText,
  auditTitle,
  auditValueText,
  auditValuesKept,
} from 'shared-api/audit-format';
import { Modal, getClubTimeZone } from 'shared-ui';
import { actorName } from './labels';

const NO_NAMES: Readonly<Record<string, string>> = {};

/**
 * One entry of the audit log: who, when, from where, the record by its name, and each changed field's value before
 * and after, side by side; an entry that names fields without their values (an anonymisation, a password set) lists
 * them instead.
 */
export function AuditChangeModal({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const names = entry.names ?? NO_NAMES;
  const fields = auditChangedFields(entry);
  const valuesKept = auditValuesKept(entry);
  const record = entry.entity_id ? names[entry.entity_id] : undefined;
  // Each value as the downloads write it (shared-api audit-format): names, codes, euros, the club's clock.
  const shown = (value: unknown, field: string) => auditValueText(value, field, names, getClubTimeZone());
  const fieldsTitle = auditFieldsOnlyTitle(entry);
  return (
    <Modal open title={auditTitle(entry)} onClose={onClose} size="lg">
      <dl className="reg-audit-facts">
        <dt>Data e ora</dt>
        <dd>{auditInstantText(entry.at, getClubTimeZone())}</dd>
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
          <h3 className="reg-audit-fields-title">{fieldsTitle}</h3>
          <ul className="reg-audit-fields" aria-label={fieldsTitle}>
            {fields.map(([field]) => (
              <li key={field}>{auditFieldTitle(field)}</li>
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
                <th scope="row">{auditFieldTitle(field)}</th>
                <td>{shown(before, field)}</td>
                <td>{shown(after, field)}</td>
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
