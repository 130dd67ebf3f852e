import { lazy, Suspense, useState } from 'react';
import type { CertificateType } from 'shared-api';
import { ConfirmAction, DataTable, DeleteIcon, EditIcon, PageLayout, type Column } from 'shared-ui';
import { CERTIFICATES_PAGE } from '../../../components/page';
import { useDeleteType } from '../api/delete-type';
import { TYPES_PATH, TYPES_QUERY_KEY } from '../api/get-types';
import { formatDays } from './days-text';

// The form (react-hook-form and the contract's zod schemas) loads when it opens, not with the routes of the app.
const TypeFormModal = lazy(() => import('./TypeFormModal').then((m) => ({ default: m.TypeFormModal })));

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; type: CertificateType } | null;

const COLUMNS: Column<CertificateType>[] = [
  { key: 'name', header: 'Nome', sortable: true },
  { key: 'days_before_warn', header: 'Giorni prima della notifica', render: (t) => formatDays(t.days_before_warn) },
  { key: 'is_medical', header: 'Certificato medico', sortable: true },
  { key: 'validity_months', header: 'Validità (mesi)' },
];

/** Tipologie certificati (spec 001 §2 Certificates). */
export function TypesPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const deleteType = useDeleteType();

  return (
    <PageLayout {...CERTIFICATES_PAGE} title="Tipologie certificati">
      <DataTable<CertificateType>
        queryKey={TYPES_QUERY_KEY}
        path={TYPES_PATH}
        columns={COLUMNS}
        exportName="tipologie_certificati"
        caption="Tipologie certificati"
        rowKey={(t) => t._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={() => setDialog({ kind: 'create' })}>
            Aggiungi tipologia
          </button>
        }
        rowActions={(type) => [
          { label: 'Modifica', icon: <EditIcon />, onClick: () => setDialog({ kind: 'edit', type }) },
          { label: 'Elimina', icon: <DeleteIcon />, danger: true, onClick: () => setDialog({ kind: 'delete', type }) },
        ]}
      />

      <Suspense fallback={<p role="status">Caricamento del modulo in corso...</p>}>
        {dialog?.kind === 'create' && <TypeFormModal onClose={close} />}
        {dialog?.kind === 'edit' && <TypeFormModal key={dialog.type._id} type={dialog.type} onClose={close} />}
      </Suspense>
      <ConfirmAction
        target={dialog?.kind === 'delete' ? dialog.type : null}
        title="Elimina tipologia"
        message={(type) => `Sei sicuro di voler eliminare la tipologia '${type.name}'? L'operazione non è reversibile`}
        confirmLabel="Elimina"
        danger
        action={(type) => deleteType.run(type._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
