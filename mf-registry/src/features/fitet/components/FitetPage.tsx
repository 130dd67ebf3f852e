import { lazy, useState } from 'react';
import type { FitetRecord } from 'shared-api';
import { DataTable, PageLayout, formatDate, type Column, ModalSuspense } from 'shared-ui';
import { REGISTRY_PAGE } from '../../../components/page';
import { FITET_PATH, FITET_QUERY_KEY } from '../api/get-fitet';

// The upload form loads when it opens, not with the list.
const FitetImportModal = lazy(() => import('./FitetImportModal').then((m) => ({ default: m.FitetImportModal })));

const COLUMNS: Column<FitetRecord>[] = [
  { key: 'member_id', header: 'Codice tessera', sortable: true },
  { key: 'card_type', header: 'Tipo tessera', sortable: true },
  { key: 'category', header: 'Categoria', sortable: true },
  { key: 'start_date', header: 'Data emissione', sortable: true, render: (r) => formatDate(r.start_date) },
  { key: 'end_date', header: 'Data scadenza', sortable: true, render: (r) => formatDate(r.end_date) },
  { key: 'surname', header: 'Socio', sortable: true, render: (r) => `${r.user.surname} ${r.user.name}` },
];

/** Dati FITET (spec 001 §2 FITET data): the federation's records, added by importing the federation's file. */
export function FitetPage() {
  const [importing, setImporting] = useState(false);

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
      />
      <ModalSuspense>{importing && <FitetImportModal onClose={() => setImporting(false)} />}</ModalSuspense>
    </PageLayout>
  );
}
