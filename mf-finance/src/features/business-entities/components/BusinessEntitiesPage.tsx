import { lazy } from 'react';
import { FINANCE_EXPORT_FILES, type BusinessEntity } from 'shared-api';
import { ConfirmAction, DataTable, EmailCell, PageLayout, formatDate, type Column, useRowDialog, ModalSuspense } from 'shared-ui';
import { FINANCE_PAGE } from '../../../components/page';
import { BUSINESS_ENTITIES_PATH, BUSINESS_ENTITIES_QUERY_KEY, useDeleteBusinessEntity } from '../api';

const BusinessEntityFormModal = lazy(() => import('./BusinessEntityFormModal').then((m) => ({ default: m.BusinessEntityFormModal })));

/** Spec 002 §2, customers and suppliers: sortable by name, address, identification code and creation date. */
const COLUMNS: Column<BusinessEntity>[] = [
  { key: 'name', header: 'Nome', sortable: true },
  { key: 'address', header: 'Indirizzo', sortable: true },
  { key: 'province', header: 'Provincia', detail: true },
  { key: 'city', header: 'Città' },
  { key: 'postal_code', header: 'CAP', detail: true },
  { key: 'identification_code', header: 'Codice identificativo', sortable: true },
  { key: 'phone1', header: 'Telefono 1' },
  { key: 'phone2', header: 'Telefono 2', detail: true },
  { key: 'email', header: 'Email', render: (b) => <EmailCell email={b.email} /> },
  { key: 'created_at', header: 'Data di creazione', sortable: true, detail: true, render: (b) => formatDate(b.created_at) },
  { key: 'notes', header: 'Note', detail: true },
];

/** Anagrafica fornitori e clienti (spec 002 §2): the club's customers and suppliers, named by accounting movements. */
export function BusinessEntitiesPage() {
  const { creating, edited, deleted, openCreate, close, editDeleteActions } = useRowDialog<BusinessEntity>();
  const deleteEntity = useDeleteBusinessEntity();

  return (
    <PageLayout {...FINANCE_PAGE} title="Anagrafica fornitori e clienti">
      <DataTable<BusinessEntity>
        queryKey={BUSINESS_ENTITIES_QUERY_KEY}
        path={BUSINESS_ENTITIES_PATH}
        columns={COLUMNS}
        exportName={FINANCE_EXPORT_FILES.businessEntity}
        caption="Fornitori e clienti"
        rowKey={(b) => b._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={openCreate}>
            Aggiungi fornitore o cliente
          </button>
        }
        rowActions={editDeleteActions}
      />
      <ModalSuspense>
        {creating && <BusinessEntityFormModal onClose={close} />}
        {edited && <BusinessEntityFormModal key={edited._id} entity={edited} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={deleted}
        title="Elimina fornitore o cliente"
        message={(b) => `Sei sicuro di voler eliminare questo fornitore o cliente (${b.name})? L'operazione non è reversibile`}
        confirmLabel="Elimina"
        danger
        action={(b) => deleteEntity.run(b._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
