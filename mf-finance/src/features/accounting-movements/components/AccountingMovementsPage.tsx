import { lazy, Suspense, useState } from 'react';
import { FINANCE_EXPORT_KEYS, PAYMENT_TYPE_LABELS, type AccountingEntry } from 'shared-api';
import { ConfirmAction, DataTable, DeleteIcon, EditIcon, PageLayout, TABLE_MESSAGES, formatDate, notify, type Column } from 'shared-ui';
import { formatAmount } from '../../../components/money';
import { FINANCE_PAGE } from '../../../components/page';
import { ENTRIES_PATH, ENTRIES_QUERY_KEY, downloadAttachment, useDeleteEntry } from '../api';

const EntryFormModal = lazy(() => import('./EntryFormModal').then((m) => ({ default: m.EntryFormModal })));

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; entry: AccountingEntry } | null;

async function saveAttachment(entry: AccountingEntry) {
  try {
    await downloadAttachment(entry);
    notify.success(TABLE_MESSAGES.downloadSuccess);
  } catch {
    notify.error(TABLE_MESSAGES.downloadError);
  }
}

const euroColumn = (key: 'taxable_amount' | 'vat' | 'total', header: string, sortable: boolean): Column<AccountingEntry> => ({
  key,
  header,
  sortable,
  align: 'end',
  render: (e) => formatAmount(e[key]),
});

const COLUMNS: Column<AccountingEntry>[] = [
  { key: 'progressive', header: 'Progressivo', sortable: true },
  { key: 'fiscal_year', header: 'Anno fiscale', sortable: true },
  { key: 'ledger_type', header: 'Registro' },
  { key: 'account_name', header: 'Conto' },
  { key: 'subaccount.subaccount_id', header: 'Codice sottoconto' },
  { key: 'subaccount.name', header: 'Sottoconto' },
  {
    key: 'description',
    header: 'Descrizione',
    render: (e) => (e.items.length > 1 ? `${e.description ?? ''} (${e.items.length} righe)`.trim() : e.description),
  },
  { key: 'document_number', header: 'Numero documento', detail: true },
  { key: 'business_entity.name', header: 'Entità commerciale', sortable: true, sortKey: 'business_entity' },
  { key: 'registration_date', header: 'Data registrazione', sortable: true, render: (e) => formatDate(e.registration_date) },
  euroColumn('taxable_amount', 'Imponibile', true),
  euroColumn('vat', 'IVA', false),
  euroColumn('total', 'Totale', true),
  { key: 'payment_type', header: 'Tipo di pagamento', sortable: true, render: (e) => (e.payment_type ? PAYMENT_TYPE_LABELS[e.payment_type] : '') },
  { key: 'notes', header: 'Note', detail: true },
  {
    key: 'attachment',
    header: 'Allegato',
    detail: true,
    render: (e) =>
      e.attachment ? (
        <button
          type="button"
          className="ui-btn ui-btn--ghost ui-btn--sm"
          onClick={() => void saveAttachment(e)}
          title={`Scarica ${e.attachment.name}`}
        >
          {e.attachment.name}
        </button>
      ) : null,
  },
];

/**
 * Movimenti contabili (spec 002 §2 Accounting movements): the books, newest fiscal year first (the server's default
 * order). Entries a member payment posted are changed through the payment in Incasso soci.
 */
export function AccountingMovementsPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const remove = useDeleteEntry();

  return (
    <PageLayout {...FINANCE_PAGE} title="Movimenti contabili">
      <DataTable<AccountingEntry>
        queryKey={ENTRIES_QUERY_KEY}
        path={ENTRIES_PATH}
        columns={COLUMNS}
        exportName={FINANCE_EXPORT_KEYS.accountingEntry}
        caption="Movimenti contabili"
        rowKey={(e) => e._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={() => setDialog({ kind: 'create' })}>
            Aggiungi voce contabile
          </button>
        }
        rowActions={(entry) => [
          { label: 'Modifica', icon: <EditIcon />, onClick: () => setDialog({ kind: 'edit', entry }), hidden: Boolean(entry.payment) },
          {
            label: 'Elimina',
            icon: <DeleteIcon />,
            danger: true,
            onClick: () => setDialog({ kind: 'delete', entry }),
            hidden: Boolean(entry.payment),
          },
        ]}
      />
      <Suspense fallback={<p role="status">Caricamento del modulo in corso...</p>}>
        {dialog?.kind === 'create' && <EntryFormModal onClose={close} />}
        {dialog?.kind === 'edit' && <EntryFormModal key={dialog.entry._id} entry={dialog.entry} onClose={close} />}
      </Suspense>
      <ConfirmAction
        target={dialog?.kind === 'delete' ? dialog.entry : null}
        title="Elimina voce contabile"
        message={(e) => `Sei sicuro di voler eliminare questa voce contabile (n. ${e.progressive}, ${e.fiscal_year})? L'operazione non è reversibile`}
        confirmLabel="Elimina"
        danger
        action={(e) => remove.run(e._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
