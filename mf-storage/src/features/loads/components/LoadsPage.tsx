import { lazy } from 'react';
import type { StorageLoad } from 'shared-api';
import { ConfirmAction, DataTable, PageLayout, formatDate, type Column, useRowDialog, ModalSuspense } from 'shared-ui';
import { STORAGE_PAGE } from '../../../components/page';
import { useDeleteLoad } from '../api/delete-load';
import { LOADS_PATH, LOADS_QUERY_KEY } from '../api/get-loads';

const LoadFormModal = lazy(() => import('./LoadFormModal').then((m) => ({ default: m.LoadFormModal })));

const COLUMNS: Column<StorageLoad>[] = [
  { key: 'item.description', header: 'Articolo', sortable: true, sortKey: 'item' },
  { key: 'quantity', header: 'Quantità', sortable: true, align: 'end' },
  { key: 'date', header: 'Data di acquisizione', sortable: true, render: (l) => formatDate(l.date) },
  { key: 'notes', header: 'Note', sortable: true },
];

/** Carico (spec 001 §2 Storage): each load adds its quantity to the item's stock. */
export function LoadsPage() {
  const { creating, edited, deleted, openCreate, close, editDeleteActions } = useRowDialog<StorageLoad>();
  const deleteLoad = useDeleteLoad();

  return (
    <PageLayout {...STORAGE_PAGE} title="Carico">
      <DataTable<StorageLoad>
        queryKey={LOADS_QUERY_KEY}
        path={LOADS_PATH}
        columns={COLUMNS}
        // The server's order without a sort: newest first.
        defaultSort={{ key: 'date', order: 'desc' }}
        exportName="carichi"
        caption="Carichi di magazzino"
        rowKey={(l) => l._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={openCreate}>
            Aggiungi carico
          </button>
        }
        rowActions={editDeleteActions}
      />

      <ModalSuspense>
        {creating && <LoadFormModal onClose={close} />}
        {edited && <LoadFormModal key={edited._id} load={edited} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={deleted}
        title="Elimina carico"
        message={(l) =>
          `Sei sicuro di voler eliminare il carico di ${l.quantity} «${l.item.description}»? La quantità verrà tolta dal magazzino. L'operazione non è reversibile`
        }
        confirmLabel="Elimina"
        danger
        action={(load) => deleteLoad.run(load._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
