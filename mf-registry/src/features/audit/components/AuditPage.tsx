import { useState } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, type AuditEntry, auditFieldLabel } from 'shared-api';
import { DataTable, DateInput, MenuInput, PageLayout, SelectInput, formatDateTime, type Column } from 'shared-ui';
import { REGISTRY_PAGE } from '../../../components/page';
import { AUDIT_PATH, AUDIT_QUERY_KEY, useAuditUserOptions } from '../api/get-audit';
import { AuditChangeModal } from './AuditChangeModal';
import { actorName, entityLabel } from './labels';

const COLUMNS: Column<AuditEntry>[] = [
  { key: 'at', header: 'Data e ora', sortable: true, render: (e) => formatDateTime(e.at) },
  { key: 'actor', header: 'Utente', render: actorName },
  { key: 'action', header: 'Azione', sortable: true, render: (e) => AUDIT_ACTION_LABELS[e.action] },
  { key: 'entity', header: 'Elemento', sortable: true, render: (e) => entityLabel(e.entity) },
  { key: 'changes', header: 'Campi', detail: true, render: (e) => Object.keys(e.changes).map(auditFieldLabel).join(', ') },
  { key: 'ip', header: 'Indirizzo', detail: true },
];

const ENTITY_OPTIONS = Object.entries(AUDIT_ENTITY_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'it'));

/**
 * Registro attività (issue 28, '*' only): every change made through the API, newest first, filtered by the user who
 * made it, the kind of record and a period; a row opens the change with each field before and after.
 */
export function AuditPage() {
  const [userId, setUserId] = useState<string[]>([]);
  const [entity, setEntity] = useState('');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [opened, setOpened] = useState<AuditEntry | null>(null);
  const users = useAuditUserOptions();
  const userOptions = (users.data ?? []).map((u) => ({ id: u._id, name: `${u.surname} ${u.name}`, description: u.email }));

  return (
    <PageLayout {...REGISTRY_PAGE} title="Registro attività">
      <div className="ui-card reg-audit-filters" role="group" aria-label="Filtri">
        <MenuInput
          name="audit-user"
          label="Utente"
          value={userId}
          onChange={setUserId}
          options={userOptions}
          loading={users.isLoading}
          placeholder="Tutti"
        />
        <SelectInput name="audit-entity" label="Elemento" value={entity} onChange={setEntity} options={ENTITY_OPTIONS} placeholder="Tutti" />
        <DateInput name="audit-from" label="Dal" value={from} onChange={setFrom} />
        <DateInput name="audit-to" label="Al" value={to} onChange={setTo} minDate={from ?? undefined} />
      </div>
      <DataTable<AuditEntry>
        queryKey={AUDIT_QUERY_KEY}
        path={AUDIT_PATH}
        columns={COLUMNS}
        filters={{ userId: userId[0], entity: entity || undefined, from: from ?? undefined, to: to ?? undefined }}
        exportName="registro-attivita"
        caption="Registro attività"
        rowKey={(e) => e._id}
        defaultSort={{ key: 'at', order: 'desc' }}
        rowActions={(e) => [{ label: 'Dettagli', onClick: () => setOpened(e) }]}
      />
      {opened && <AuditChangeModal key={opened._id} entry={opened} onClose={() => setOpened(null)} />}
    </PageLayout>
  );
}
