import { lazy } from 'react';
import { FINANCE_EXPORT_FILES, type Account } from 'shared-api';
import { ConfirmAction, DataTable, PageLayout, type Column, useRowDialog, ModalSuspense } from 'shared-ui';
import { FINANCE_PAGE } from '../../../components/page';
import { ACCOUNTS_PATH, ACCOUNTS_QUERY_KEY, useDeleteAccount } from '../api';

const AccountFormModal = lazy(() => import('./AccountFormModal').then((m) => ({ default: m.AccountFormModal })));

const COLUMNS: Column<Account>[] = [
  { key: 'account_id', header: 'Codice conto', sortable: true },
  { key: 'name', header: 'Nome', sortable: true },
  { key: 'ledger_type', header: 'Registro', sortable: true },
];

/** Inserimento conto (spec 002 §2 Accounts): the chart of accounts. */
export function AccountsPage() {
  const { creating, edited, deleted, openCreate, close, editDeleteActions } = useRowDialog<Account>();
  const deleteAccount = useDeleteAccount();

  return (
    <PageLayout {...FINANCE_PAGE} title="Inserimento conto">
      <DataTable<Account>
        queryKey={ACCOUNTS_QUERY_KEY}
        path={ACCOUNTS_PATH}
        columns={COLUMNS}
        exportName={FINANCE_EXPORT_FILES.account}
        caption="Conti"
        rowKey={(a) => a._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={openCreate}>
            Aggiungi conto
          </button>
        }
        rowActions={editDeleteActions}
      />
      <ModalSuspense>
        {creating && <AccountFormModal onClose={close} />}
        {edited && <AccountFormModal key={edited._id} account={edited} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={deleted}
        title="Elimina conto"
        message={(a) => `Sei sicuro di voler eliminare questo conto (${a.account_id} ${a.name})? L'operazione non è reversibile`}
        confirmLabel="Elimina"
        danger
        action={(a) => deleteAccount.run(a._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
