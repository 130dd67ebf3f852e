import { lazy, useState } from 'react';
import type { FitetRecord } from 'shared-api';
import { ConfirmAction, DataTable, PageLayout, formatDate, type Column, useRowDialog, ModalSuspense } from 'shared-ui';
import { REGISTRY_PAGE } from '../../../components/page';
import { useDeleteFitetRecord } from '../api/delete-fitet';
import { FITET_PATH, FITET_QUERY_KEY } from '../api/get-fitet';

// The upload form loads when it opens, not with the list.
const FitetImportModal = lazy(() => import('./FitetImportModal').then((m) => ({ default: m.FitetImportModal })));
const FitetRecordFormModal = lazy(() => import('./FitetRecordFormModal').then((m) => ({ default: m.FitetRecordFormModal })));

const COLUMNS: Column<FitetRecord>[] = [
  { key: 'member_id', header: 'Codice tessera', sortable: true },
  { key: 'card_type', header: 'Tipo tessera', sortable: true },
  { key: 'category', header: 'Categoria', sortable: true },
  { key: 'start_date', header: 'Data emissione', sortable: true, render: (r) => formatDate(r.start_date) },
  { key: 'end_date', header: 'Data scadenza', sortable: true, render: (r) => formatDate(r.end_date) },
  { key: 'surname', header: 'Socio', sortable: true, render: (r) => `${r.user.surname} ${r.user.name}` },
];

/**
 * Dati FITET (spec 001 §2 FITET data): the federation's records, added by importing the federation's file, and
 * corrected or deleted one row at a time like every admin list (spec 001 §1, issue 26 item 14).
 */
export function FitetPage() {
  const [importing, setImporting] = useState(false);
  const { edited, deleted, close, editDeleteActions } = useRowDialog<FitetRecord>();
  const deleteRecord = useDeleteFitetRecord();

  return (
    <PageLayout {...REGISTRY_PAGE} title="Dati FITET">
      <DataTable<FitetRecord>
        queryKey={FITET_QUERY_KEY}
        path={FITET_PATH}
        columns={COLUMNS}
        exportName="dati-fitet"
        caption="Dati FITET"
        rowKey={(r) => r._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={() => setImporting(true)}>
            Carica file FITET
          </button>
        }
        rowActions={editDeleteActions}
      />
      <ModalSuspense>
        {importing && <FitetImportModal onClose={() => setImporting(false)} />}
        {edited && <FitetRecordFormModal key={edited._id} record={edited} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={deleted}
        title="Elimina dato FITET"
        message="Sei sicuro di voler eliminare questo dato FITET? L'operazione non è reversibile"
        confirmLabel="Elimina"
        danger
        action={(record) => deleteRecord.run(record._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
