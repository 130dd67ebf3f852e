import { lazy } from 'react';
import { FINANCE_EXPORT_FILES, PAYMENT_TYPE_LABELS, type Subaccount } from 'shared-api';
import { ConfirmAction, DataTable, PageLayout, type Column, useRowDialog, ModalSuspense } from 'shared-ui';
import { FINANCE_PAGE } from '../../../components/page';
import { SUBACCOUNTS_PATH, SUBACCOUNTS_QUERY_KEY, useDeleteSubaccount } from '../api';

const SubaccountFormModal = lazy(() => import('./SubaccountFormModal').then((m) => ({ default: m.SubaccountFormModal })));

const COLUMNS: Column<Subaccount>[] = [
  { key: 'subaccount_id', header: 'Codice', sortable: true },
  { key: 'name', header: 'Nome', sortable: true },
  {
    key: 'parent_account.name',
    header: 'Conto padre',
    sortable: true,
    sortKey: 'parent_account',
    render: (s) => `${s.parent_account.account_id} ${s.parent_account.name}`,
  },
  { key: 'parent_account.ledger_type', header: 'Registro', sortable: true, sortKey: 'ledger_type' },
  { key: 'payment_type', header: 'Tipo di pagamento', render: (s) => (s.payment_type ? PAYMENT_TYPE_LABELS[s.payment_type] : '') },
];

/** Inserimento sottoconto (spec 002 §2 Subaccounts). */
export function SubaccountsPage() {
  const { creating, edited, deleted, openCreate, close, editDeleteActions } = useRowDialog<Subaccount>();
  const deleteSubaccount = useDeleteSubaccount();

  return (
    <PageLayout {...FINANCE_PAGE} title="Inserimento sottoconto">
      <DataTable<Subaccount>
        queryKey={SUBACCOUNTS_QUERY_KEY}
        path={SUBACCOUNTS_PATH}
        columns={COLUMNS}
        exportName={FINANCE_EXPORT_FILES.subaccount}
        caption="Sottoconti"
        rowKey={(s) => s._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={openCreate}>
            Aggiungi sottoconto
          </button>
        }
        rowActions={editDeleteActions}
      />
      <ModalSuspense>
        {creating && <SubaccountFormModal onClose={close} />}
        {edited && <SubaccountFormModal key={edited._id} subaccount={edited} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={deleted}
        title="Elimina sottoconto"
        message={(s) => `Sei sicuro di voler eliminare questo sottoconto (${s.subaccount_id} ${s.name})? L'operazione non è reversibile`}
        confirmLabel="Elimina"
        danger
        action={(s) => deleteSubaccount.run(s._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
