import { lazy, Suspense, useState } from 'react';
import { FINANCE_EXPORT_FILES, type Account } from 'shared-api';
import { ConfirmAction, DataTable, DeleteIcon, EditIcon, PageLayout, type Column } from 'shared-ui';
import { FINANCE_PAGE } from '../../../components/page';
import { ACCOUNTS_PATH, ACCOUNTS_QUERY_KEY, useDeleteAccount } from '../api';

const AccountFormModal = lazy(() => import('./AccountFormModal').then((m) => ({ default: m.AccountFormModal })));

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; account: Account } | null;

const COLUMNS: Column<Account>[] = [
  { key: 'account_id', header: 'Codice conto', sortable: true },
  { key: 'name', header: 'Nome', sortable: true },
  { key: 'ledger_type', header: 'Registro', sortable: true },
];

/** Inserimento conto (spec 002 §2 Accounts): the chart of accounts. */
export function AccountsPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
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
          <button type="button" className="ui-btn ui-btn--primary" onClick={() => setDialog({ kind: 'create' })}>
            Aggiungi conto
          </button>
        }
        rowActions={(account) => [
          { label: 'Modifica', icon: <EditIcon />, onClick: () => setDialog({ kind: 'edit', account }) },
          { label: 'Elimina', icon: <DeleteIcon />, danger: true, onClick: () => setDialog({ kind: 'delete', account }) },
        ]}
      />
      <Suspense fallback={<p role="status">Caricamento del modulo in corso...</p>}>
        {dialog?.kind === 'create' && <AccountFormModal onClose={close} />}
        {dialog?.kind === 'edit' && <AccountFormModal key={dialog.account._id} account={dialog.account} onClose={close} />}
      </Suspense>
      <ConfirmAction
        target={dialog?.kind === 'delete' ? dialog.account : null}
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
