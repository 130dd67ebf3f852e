import { lazy } from 'react';
import type { StorageUnload } from 'shared-api';
import { ConfirmAction, DataTable, PageLayout, formatDate, type Column, useRowDialog, ModalSuspense } from 'shared-ui';
import { STORAGE_PAGE } from '../../../components/page';
import { useDeleteUnload } from '../api/delete-unload';
import { UNLOADS_PATH, UNLOADS_QUERY_KEY, UNLOAD_TYPE_LABELS } from '../api/get-unloads';

const UnloadFormModal = lazy(() => import('./UnloadFormModal').then((m) => ({ default: m.UnloadFormModal })));

const COLUMNS: Column<StorageUnload>[] = [
  { key: 'type', header: 'Tipo', sortable: true, render: (u) => UNLOAD_TYPE_LABELS[u.type] },
  { key: 'item.description', header: 'Articolo', sortable: true, sortKey: 'item' },
  { key: 'quantity', header: 'Quantità', sortable: true, align: 'end' },
  { key: 'start_date', header: 'Data', sortable: true, render: (u) => formatDate(u.start_date) },
  { key: 'reason', header: 'Motivo', sortable: true },
  { key: 'user.surname', header: 'Cognome', sortable: true, sortKey: 'user' },
  { key: 'user.name', header: 'Nome' },
  { key: 'notes', header: 'Note', sortable: true, detail: true },
];

/** Scarico (spec 001 §2 Storage): unloads with a reason and deliveries to members, each taken from the stock. */
export function UnloadsPage() {
  const { creating, edited, deleted, openCreate, close, editDeleteActions } = useRowDialog<StorageUnload>();
  const deleteUnload = useDeleteUnload();

  return (
    <PageLayout {...STORAGE_PAGE} title="Scarico">
      <DataTable<StorageUnload>
        queryKey={UNLOADS_QUERY_KEY}
        path={UNLOADS_PATH}
        columns={COLUMNS}
        // The server's order without a sort: newest first.
        defaultSort={{ key: 'start_date', order: 'desc' }}
        exportName="scarichi"
        caption="Scarichi e consegne"
        rowKey={(u) => u._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={openCreate}>
            Aggiungi scarico
          </button>
        }
        rowActions={editDeleteActions}
      />

      <ModalSuspense>
        {creating && <UnloadFormModal onClose={close} />}
        {edited && <UnloadFormModal key={edited._id} unload={edited} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={deleted}
        title="Elimina scarico"
        message={(u) =>
          `Sei sicuro di voler eliminare ${u.type === 'UNLOAD' ? 'lo scarico' : 'la consegna'} di ${u.quantity} «${u.item.description}»? La quantità tornerà in magazzino. L'operazione non è reversibile`
        }
        confirmLabel="Elimina"
        danger
        action={(unload) => deleteUnload.run(unload._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
