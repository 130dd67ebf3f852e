import { lazy, Suspense, useState } from 'react';
import { permissionLabel, type Category } from 'shared-api';
import { ConfirmAction, DataTable, PageLayout, type Column } from 'shared-ui';
import { REGISTRY_PAGE } from '../../../components/page';
import { useDeleteCategory } from '../api/delete-category';
import { CATEGORIES_PATH, CATEGORIES_QUERY_KEY } from '../api/get-categories';

// The form (react-hook-form and the contract's zod schemas) loads when it opens, not with the routes of the app.
const CategoryFormModal = lazy(() => import('./CategoryFormModal').then((m) => ({ default: m.CategoryFormModal })));

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; category: Category } | null;

const names = (refs: { name: string }[]) => refs.map((r) => r.name).join(', ');

const COLUMNS: Column<Category>[] = [
  { key: 'name', header: 'Nome', sortable: true },
  { key: 'description', header: 'Descrizione' },
  { key: 'permissions', header: 'Permessi', render: (c) => c.permissions.map(permissionLabel).join(', ') },
  { key: 'reservation_rules', header: 'Regole di prenotazione', render: (c) => names(c.reservation_rules) },
  { key: 'mailing_list_classes', header: 'Mailing list', render: (c) => names(c.mailing_list_classes) },
];

/** Categorie utenti (spec 001 §2 User categories). */
export function CategoriesPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const deleteCategory = useDeleteCategory();

  return (
    <PageLayout {...REGISTRY_PAGE} title="Categorie utenti">
      <DataTable<Category>
        queryKey={CATEGORIES_QUERY_KEY}
        path={CATEGORIES_PATH}
        columns={COLUMNS}
        exportName="categorie-utenti"
        caption="Categorie utenti"
        rowKey={(c) => c._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={() => setDialog({ kind: 'create' })}>
            Aggiungi categoria
          </button>
        }
        rowActions={(category) => [
          { label: 'Modifica', onClick: () => setDialog({ kind: 'edit', category }) },
          { label: 'Elimina', danger: true, onClick: () => setDialog({ kind: 'delete', category }) },
        ]}
      />

      <Suspense fallback={<p role="status">Caricamento del modulo in corso...</p>}>
        {dialog?.kind === 'create' && <CategoryFormModal onClose={close} />}
        {dialog?.kind === 'edit' && <CategoryFormModal key={dialog.category._id} category={dialog.category} onClose={close} />}
      </Suspense>
      <ConfirmAction
        target={dialog?.kind === 'delete' ? dialog.category : null}
        title="Elimina categoria"
        message="Sei sicuro di voler eliminare questa categoria? L'operazione non è reversibile"
        confirmLabel="Elimina"
        danger
        action={(category) => deleteCategory.run(category._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
