import { lazy } from 'react';
import type { StorageItem } from 'shared-api';
import { ConfirmAction, DataTable, PageLayout, type Column, useRowDialog, ModalSuspense } from 'shared-ui';
import { STORAGE_PAGE } from '../../../components/page';
import { useDeleteItem } from '../api/delete-item';
import { ITEMS_PATH, ITEMS_QUERY_KEY } from '../api/get-items';

const ItemFormModal = lazy(() => import('./ItemFormModal').then((m) => ({ default: m.ItemFormModal })));

const COLUMNS: Column<StorageItem>[] = [
  { key: 'description', header: 'Descrizione', sortable: true },
  { key: 'category.name', header: 'Categoria', sortable: true, sortKey: 'category' },
  { key: 'total_quantity', header: 'Quantità totale', sortable: true, align: 'end' },
  { key: 'current_quantity', header: 'Quantità attuale', sortable: true, align: 'end' },
];

/** Gestione magazzino (spec 001 §2 Storage): the items with their category and quantities. */
export function ItemsPage() {
  const { creating, edited, deleted, openCreate, close, editDeleteActions } = useRowDialog<StorageItem>();
  const deleteItem = useDeleteItem();

  return (
    <PageLayout {...STORAGE_PAGE} title="Gestione magazzino">
      <DataTable<StorageItem>
        queryKey={ITEMS_QUERY_KEY}
        path={ITEMS_PATH}
        columns={COLUMNS}
        exportName="magazzino"
        caption="Articoli in magazzino"
        rowKey={(i) => i._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={openCreate}>
            Aggiungi articolo
          </button>
        }
        rowActions={editDeleteActions}
      />

      <ModalSuspense>
        {creating && <ItemFormModal onClose={close} />}
        {edited && <ItemFormModal key={edited._id} item={edited} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={deleted}
        title="Elimina articolo"
        message={(i) => `Sei sicuro di voler eliminare l'articolo «${i.description}»? L'operazione non è reversibile`}
        confirmLabel="Elimina"
        danger
        action={(item) => deleteItem.run(item._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
