import { lazy, Suspense, useState } from 'react';
import type { StorageItem } from 'shared-api';
import { ConfirmAction, DataTable, DeleteIcon, EditIcon, PageLayout, type Column } from 'shared-ui';
import { STORAGE_PAGE } from '../../../components/page';
import { useDeleteItem } from '../api/delete-item';
import { ITEMS_PATH, ITEMS_QUERY_KEY } from '../api/get-items';

const ItemFormModal = lazy(() => import('./ItemFormModal').then((m) => ({ default: m.ItemFormModal })));

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; item: StorageItem } | null;

const COLUMNS: Column<StorageItem>[] = [
  { key: 'description', header: 'Descrizione', sortable: true },
  { key: 'category.name', header: 'Categoria', sortable: true, sortKey: 'category' },
  { key: 'total_quantity', header: 'Quantità totale', sortable: true, align: 'end' },
  { key: 'current_quantity', header: 'Quantità attuale', sortable: true, align: 'end' },
];

/** Gestione magazzino (spec 001 §2 Storage): the items with their category and quantities. */
export function ItemsPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
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
          <button type="button" className="ui-btn ui-btn--primary" onClick={() => setDialog({ kind: 'create' })}>
            Aggiungi articolo
          </button>
        }
        rowActions={(item) => [
          { label: 'Modifica', icon: <EditIcon />, onClick: () => setDialog({ kind: 'edit', item }) },
          { label: 'Elimina', icon: <DeleteIcon />, danger: true, onClick: () => setDialog({ kind: 'delete', item }) },
        ]}
      />

      <Suspense fallback={<p role="status">Caricamento del modulo in corso...</p>}>
        {dialog?.kind === 'create' && <ItemFormModal onClose={close} />}
        {dialog?.kind === 'edit' && <ItemFormModal key={dialog.item._id} item={dialog.item} onClose={close} />}
      </Suspense>
      <ConfirmAction
        target={dialog?.kind === 'delete' ? dialog.item : null}
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
