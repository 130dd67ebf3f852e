import { lazy } from 'react';
import { permissionLabel, type Category } from 'shared-api';
import { ConfirmAction, DataTable, PageLayout, type Column, useRowDialog, ModalSuspense } from 'shared-ui';
import { REGISTRY_PAGE } from '../../../components/page';
import { useDeleteCategory } from '../api/delete-category';
import { CATEGORIES_PATH, CATEGORIES_QUERY_KEY } from '../api/get-categories';

// The form (react-hook-form and the contract's zod schemas) loads when it opens, not with the routes of the app.
const CategoryFormModal = lazy(() => import('./CategoryFormModal').then((m) => ({ default: m.CategoryFormModal })));

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
  const { creating, edited, deleted, openCreate, close, editDeleteActions } = useRowDialog<Category>({ icons: false });
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
          <button type="button" className="ui-btn ui-btn--primary" onClick={openCreate}>
            Aggiungi categoria
          </button>
        }
        rowActions={editDeleteActions}
      />

      <ModalSuspense>
        {creating && <CategoryFormModal onClose={close} />}
        {edited && <CategoryFormModal key={edited._id} category={edited} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={deleted}
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
