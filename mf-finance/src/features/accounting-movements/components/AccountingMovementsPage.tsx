import { lazy, useState } from 'react';
import { FINANCE_EXPORT_FILES, PAYMENT_TYPE_LABELS, type AccountingEntry } from 'shared-api';
import { ConfirmAction, DataTable, DeleteIcon, EditIcon, PageLayout, downloadWithToasts, formatDate, type Column, ModalSuspense } from 'shared-ui';
import { formatAmount } from '../../../components/money';
import { FINANCE_PAGE } from '../../../components/page';
import { ENTRIES_PATH, ENTRIES_QUERY_KEY, downloadAttachment, useDeleteEntry } from '../api';

const EntryFormModal = lazy(() => import('./EntryFormModal').then((m) => ({ default: m.EntryFormModal })));

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; entry: AccountingEntry } | null;

function AttachmentCell({ entry }: { entry: AccountingEntry }) {
  const [busy, setBusy] = useState(false);
  if (!entry.attachment) return null;
  const name = entry.attachment.name;
  const run = async () => {
    setBusy(true);
    await downloadWithToasts(() => downloadAttachment(entry));
    setBusy(false);
  };
  return (
    <button
      type="button"
      className="ui-btn ui-btn--ghost ui-btn--sm"
      onClick={() => void run()}
      disabled={busy}
      aria-label={`Scarica l'allegato ${name}`}
      title={name}
    >
      {name}
    </button>
  );
}

const otherLines = (e: AccountingEntry) =>
  e.items.length > 1 ? ` (+${e.items.length - 1} ${e.items.length === 2 ? 'altra riga' : 'altre righe'})` : '';

/** Spec 002 §2, accounting movements: every column, the sortable ones sorted by the server. */
const COLUMNS: Column<AccountingEntry>[] = [
  { key: 'progressive', header: 'Progressivo', sortable: true, align: 'end' },
  { key: 'fiscal_year', header: 'Anno fiscale', sortable: true },
  { key: 'ledger_type', header: 'Tipo registro', detail: true },
  { key: 'account_name', header: 'Nome conto', detail: true },
  { key: 'subaccount.subaccount_id', header: 'Codice sottoconto', detail: true },
  { key: 'subaccount.name', header: 'Nome sottoconto', render: (e) => `${e.subaccount.name}${otherLines(e)}` },
  {
    key: 'description',
    header: 'Descrizione',
    // One element, so a phone card (label and value side by side) keeps the text and its tag together.
    render: (e) => (
      <span>
        {e.description}
        {e.payment && (
          <>
            {' '}
            <span className="ui-badge ui-badge--accent" title="Si modifica o elimina dal pagamento in Incasso soci">
              Da Incasso soci
            </span>
          </>
        )}
      </span>
    ),
  },
  { key: 'document_number', header: 'Numero documento', detail: true },
  { key: 'business_entity.name', header: 'Fornitore o cliente', sortable: true, sortKey: 'business_entity' },
  { key: 'registration_date', header: 'Data di registrazione', sortable: true, render: (e) => formatDate(e.registration_date) },
  { key: 'taxable_amount', header: 'Imponibile', sortable: true, align: 'end', render: (e) => formatAmount(e.taxable_amount) },
  { key: 'vat', header: 'IVA', align: 'end', detail: true, render: (e) => formatAmount(e.vat) },
  { key: 'total', header: 'Totale', sortable: true, align: 'end', render: (e) => formatAmount(e.total) },
  { key: 'payment_type', header: 'Tipo di pagamento', sortable: true, render: (e) => (e.payment_type ? PAYMENT_TYPE_LABELS[e.payment_type] : '') },
  { key: 'notes', header: 'Note', detail: true },
  { key: 'attachment', header: 'Allegato', render: (e) => <AttachmentCell entry={e} /> },
];

/**
 * Movimenti contabili (spec 002 §2): the books' entries, newest fiscal year first (the server's default order,
 * shown on the header). Entries a member payment posted are changed from Incasso soci, so they have no edit or
 * delete here.
 */
export function AccountingMovementsPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const deleteEntry = useDeleteEntry();

  return (
    <PageLayout {...FINANCE_PAGE} title="Movimenti contabili">
      <DataTable<AccountingEntry>
        queryKey={ENTRIES_QUERY_KEY}
        path={ENTRIES_PATH}
        columns={COLUMNS}
        defaultSort={{ key: 'fiscal_year', order: 'desc' }}
        exportName={FINANCE_EXPORT_FILES.accountingEntry}
        caption="Movimenti contabili"
        rowKey={(e) => e._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={() => setDialog({ kind: 'create' })}>
            Aggiungi voce contabile
          </button>
        }
        rowActions={(entry) => [
          { label: 'Modifica', icon: <EditIcon />, hidden: Boolean(entry.payment), onClick: () => setDialog({ kind: 'edit', entry }) },
          {
            label: 'Elimina',
            icon: <DeleteIcon />,
            danger: true,
            hidden: Boolean(entry.payment),
            onClick: () => setDialog({ kind: 'delete', entry }),
          },
        ]}
      />
      <ModalSuspense>
        {dialog?.kind === 'create' && <EntryFormModal onClose={close} />}
        {dialog?.kind === 'edit' && <EntryFormModal key={dialog.entry._id} entry={dialog.entry} onClose={close} />}
      </ModalSuspense>
      <ConfirmAction
        target={dialog?.kind === 'delete' ? dialog.entry : null}
        title="Elimina voce contabile"
        message={(e) =>
          `Sei sicuro di voler eliminare questa voce contabile (n. ${e.progressive} del ${e.fiscal_year})? L'operazione non è reversibile`
        }
        confirmLabel="Elimina"
        danger
        action={(e) => deleteEntry.run(e._id)}
        onClose={close}
      />
    </PageLayout>
  );
}
