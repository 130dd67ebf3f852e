import { lazy } from 'react';
import { FINANCE_EXPORT_FILES, type IncomeCategory } from 'shared-api';
import { ConfirmAction, DataTable, PageLayout, formatDate, type Column, useRowDialog, ModalSuspense } from 'shared-ui';
import { FINANCE_PAGE } from '../../../components/page';
import { subaccountLabel } from '../../subaccounts/api';
import { CATEGORIES_PATH, CATEGORIES_QUERY_KEY, useDeleteIncomeCategory } from '../api';

const IncomeCategoryFormModal = lazy(() => import('./IncomeCategoryFormModal').then((m) => ({ default: m.IncomeCategoryFormModal })));

const names = (list: IncomeCategory['economic_subaccounts']) => list.map(subaccountLabel).join(', ');

const COLUMNS: Column<IncomeCategory>[] = [
  { key: 'name', header: 'Nome', sortable: true },
  { key: 'economic_subaccounts', header: 'Sottoconti economici', render: (c) => names(c.economic_subaccounts) },
  { key: 'asset_subaccounts', header: 'Sottoconti patrimoniali', render: (c) => names(c.asset_subaccounts) },
  { key: 'createdAt', header: 'Data di creazione', sortable: true, render: (c) => formatDate(c.createdAt) },
];

/** Categorie di entrata (spec 002 §2 Income categories): where a member charge's payments are posted. */
export function IncomeCategoriesPage() {
  const { creating, edited, deleted, openCreate, close, editDeleteActions } = useRowDialog<IncomeCategory>();
  const deleteCategory = useDeleteIncomeCategory();

  return (
    <PageLayout {...FINANCE_PAGE} title="Categorie di entrata">
      <DataTable<IncomeCategory>
        queryKey={CATEGORIES_QUERY_KEY}
        path={CATEGORIES_PATH}
        columns={COLUMNS}
        exportName={FINANCE_EXPORT_FILES.incomeCategory}
        caption="Categorie di entrata"
        rowKey={(c) => c._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={openCreate}>
            Aggiungi categoria di entrata
          </button>
        }
        rowActions={editDeleteActions}
      />
      <ModalSuspense>
        {creating && <IncomeCategoryFormModal onClose={close} />}
        {edited && <IncomeCategoryFormModal key={edited._id} category={edited} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={deleted}
        title="Elimina categoria di entrata"
        message={(c) => `Sei sicuro di voler eliminare questa categoria di entrata («${c.name}»)? L'operazione non è reversibile`}
        confirmLabel="Elimina"
        danger
        action={(c) => deleteCategory.run(c._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
