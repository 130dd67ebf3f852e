import { useState } from 'react';
import type { Category, Permission } from 'shared-api';
import { ConfirmDialog, DataTable, toastPromise, type Column } from 'shared-ui';
import { PageLayout, REGISTRY_SECTION } from '../../../components/PageLayout';
import { useDeleteCategory } from '../api/delete-category';
import { CATEGORIES_PATH, CATEGORIES_QUERY_KEY } from '../api/get-categories';
import { PERMISSION_LABELS } from '../category-form';
import { categoryErrorMessage } from '../category-messages';
import { CategoryFormModal } from './CategoryFormModal';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; category: Category } | null;

const names = (refs: { name: string }[]) => refs.map((r) => r.name).join(', ');

const COLUMNS: Column<Category>[] = [
  { key: 'name', header: 'Nome', sortable: true },
  { key: 'description', header: 'Descrizione' },
  { key: 'permissions', header: 'Permessi', render: (c) => c.permissions.map((p: Permission) => PERMISSION_LABELS[p] ?? p).join(', ') },
  { key: 'reservation_rules', header: 'Regole di prenotazione', render: (c) => names(c.reservation_rules) },
  { key: 'mailing_list_classes', header: 'Mailing list', render: (c) => names(c.mailing_list_classes) },
];

/** Categorie utenti (spec 001 §2 User categories). */
export function CategoriesPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const deleteCategory = useDeleteCategory();

  return (
    <PageLayout section={REGISTRY_SECTION} title="Categorie utenti">
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

      {dialog?.kind === 'create' && <CategoryFormModal onClose={close} />}
      {dialog?.kind === 'edit' && <CategoryFormModal key={dialog.category._id} category={dialog.category} onClose={close} />}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Elimina categoria"
        message="Sei sicuro di voler eliminare questa categoria? L'operazione non è reversibile"
        confirmLabel="Elimina"
        danger
        pending={deleteCategory.isPending}
        onClose={close}
        // ConfirmDialog closes when this resolves; after a failure it stays open so the deletion can be retried.
        onConfirm={() =>
          dialog?.kind === 'delete'
            ? toastPromise(deleteCategory.mutateAsync(dialog.category._id), {
                pending: 'Eliminazione categoria in corso...',
                success: 'Categoria eliminata con successo!',
                error: (e: Error) => categoryErrorMessage('delete', e),
              }).then(() => undefined)
            : undefined
        }
      />
    </PageLayout>
  );
}
