import { useState } from 'react';
import { useForm, type PathValue } from 'react-hook-form';
import type { AuditEntry, AuditFilters } from 'shared-api';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditFieldLabel } from 'shared-api/audit-labels';
import { DataTable, DateInput, MenuInput, PageLayout, SelectInput, contractResolver, fieldBinder, formatDateTime, type Column } from 'shared-ui';
import { REGISTRY_PAGE } from '../../../components/page';
import { AUDIT_PATH, AUDIT_QUERY_KEY, useAuditUserOptions } from '../api/get-audit';
import { AuditChangeModal } from './AuditChangeModal';
import { actorName, recordLabel } from './labels';

const COLUMNS: Column<AuditEntry>[] = [
  { key: 'at', header: 'Data e ora', sortable: true, render: (e) => formatDateTime(e.at) },
  { key: 'actor', header: 'Utente', render: actorName },
  { key: 'action', header: 'Azione', sortable: true, render: (e) => AUDIT_ACTION_LABELS[e.action] },
  // The record by its name where the server knows it (issue 44 item 6): 'Prenotazioni: Turno del 26/11/2026 ore 18:00, Tavolo 4'.
  { key: 'entity', header: 'Elemento', sortable: true, render: (e) => recordLabel(e) },
  { key: 'changes', header: 'Campi', detail: true, render: (e) => Object.keys(e.changes).map(auditFieldLabel).join(', ') },
  { key: 'ip', header: 'Indirizzo', detail: true },
];

const ENTITY_OPTIONS = Object.entries(AUDIT_ENTITY_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'it'));

interface AuditFilterValues {
  userId: string[];
  entity: string;
  from: string | null;
  to: string | null;
}

const NO_FILTERS: AuditFilterValues = { userId: [], entity: '', from: null, to: null };

/** The filters as GET /audit takes them. */
const toQuery = (v: AuditFilterValues): AuditFilters => ({
  userId: v.userId[0],
  entity: v.entity || undefined,
  from: v.from ?? undefined,
  to: v.to ?? undefined,
});

/** The contract's auditFiltersForm, loaded when a filter is first changed. */
const filtersResolver = () => contractResolver<AuditFilterValues>((contract) => contract.auditFiltersForm, toQuery);

/**
 * Registro attività (issue 28, '*' only): every change made through the API, newest first, filtered by the user who
 * made it, the kind of record and a period; a row opens the change with each field before and after. A filter
 * applies once the filters are valid; until then the field says what is wrong and the list stays as it was.
 */
export function AuditPage() {
  const [applied, setApplied] = useState<AuditFilters>({});
  const [opened, setOpened] = useState<AuditEntry | null>(null);
  const [resolver] = useState(filtersResolver);
  const form = useForm<AuditFilterValues>({ defaultValues: NO_FILTERS, resolver });
  // What is wrong shows as soon as it is chosen.
  const bind = fieldBinder(form, true);
  const users = useAuditUserOptions();
  const userOptions = (users.data ?? []).map((u) => ({ id: u._id, name: `${u.surname} ${u.name}`, description: u.email }));

  const filter =
    <K extends keyof AuditFilterValues>(field: K) =>
    async (value: PathValue<AuditFilterValues, K>) => {
      bind(field).onChange(value);
      if (await form.trigger()) setApplied(toQuery(form.getValues()));
    };

  return (
    <PageLayout {...REGISTRY_PAGE} title="Registro attività">
      <form className="ui-card reg-audit-filters" aria-label="Filtri" noValidate onSubmit={(e) => e.preventDefault()}>
        <MenuInput
          {...bind('userId')}
          name="audit-user"
          onChange={(ids) => void filter('userId')(ids)}
          label="Utente"
          options={userOptions}
          loading={users.isLoading}
          placeholder="Tutti"
        />
        <SelectInput
          {...bind('entity')}
          name="audit-entity"
          onChange={(entity) => void filter('entity')(entity)}
          label="Elemento"
          options={ENTITY_OPTIONS}
          placeholder="Tutti"
        />
        <DateInput {...bind('from')} name="audit-from" onChange={(date) => void filter('from')(date)} label="Dal" />
        <DateInput
          {...bind('to')}
          name="audit-to"
          onChange={(date) => void filter('to')(date)}
          label="Al"
          minDate={form.getValues('from') ?? undefined}
        />
      </form>
      <DataTable<AuditEntry>
        queryKey={AUDIT_QUERY_KEY}
        path={AUDIT_PATH}
        columns={COLUMNS}
        filters={applied}
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
