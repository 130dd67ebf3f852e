import { lazy } from 'react';
import type { StorageCategory } from 'shared-api';
import { ConfirmAction, DataTable, PageLayout, type Column, useRowDialog, ModalSuspense } from 'shared-ui';
import { STORAGE_PAGE } from '../../../components/page';
import { useDeleteCategory } from '../api/delete-category';
import { CATEGORIES_PATH, CATEGORIES_QUERY_KEY } from '../api/get-categories';

// The form (react-hook-form and the contract's zod schemas) loads when it opens, not with the app's routes.
const CategoryFormModal = lazy(() => import('./CategoryFormModal').then((m) => ({ default: m.CategoryFormModal })));

const COLUMNS: Column<StorageCategory>[] = [{ key: 'name', header: 'Nome', sortable: true }];

/** Categorie articoli (spec 001 §2 Storage): the item categories. */
export function CategoriesPage() {
  const { creating, edited, deleted, openCreate, close, editDeleteActions } = useRowDialog<StorageCategory>();
  const deleteCategory = useDeleteCategory();

  return (
    <PageLayout {...STORAGE_PAGE} title="Categorie articoli">
      <DataTable<StorageCategory>
        queryKey={CATEGORIES_QUERY_KEY}
        path={CATEGORIES_PATH}
        columns={COLUMNS}
        exportName="categorie_articoli"
        caption="Categorie articoli"
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
        message={(c) => `Sei sicuro di voler eliminare la categoria «${c.name}»? L'operazione non è reversibile`}
        confirmLabel="Elimina"
        danger
        action={(category) => deleteCategory.run(category._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
