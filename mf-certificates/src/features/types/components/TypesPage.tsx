import { lazy } from 'react';
import type { CertificateType } from 'shared-api';
import { ConfirmAction, DataTable, PageLayout, type Column, useRowDialog, ModalSuspense } from 'shared-ui';
import { CERTIFICATES_PAGE } from '../../../components/page';
import { useDeleteType } from '../api/delete-type';
import { TYPES_PATH, TYPES_QUERY_KEY } from '../api/get-types';
import { formatDays } from './days-text';

// The form (react-hook-form and the contract's zod schemas) loads when it opens, not with the routes of the app.
const TypeFormModal = lazy(() => import('./TypeFormModal').then((m) => ({ default: m.TypeFormModal })));

const COLUMNS: Column<CertificateType>[] = [
  { key: 'name', header: 'Nome', sortable: true },
  { key: 'days_before_warn', header: 'Giorni prima della notifica', render: (t) => formatDays(t.days_before_warn) },
  { key: 'is_medical', header: 'Certificato medico', sortable: true },
  { key: 'validity_months', header: 'Validità (mesi)' },
];

/** Tipologie certificati (spec 001 §2 Certificates). */
export function TypesPage() {
  const { creating, edited, deleted, openCreate, close, editDeleteActions } = useRowDialog<CertificateType>();
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
          <button type="button" className="ui-btn ui-btn--primary" onClick={openCreate}>
            Aggiungi tipologia
          </button>
        }
        rowActions={editDeleteActions}
      />

      <ModalSuspense>
        {creating && <TypeFormModal onClose={close} />}
        {edited && <TypeFormModal key={edited._id} type={edited} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={deleted}
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
