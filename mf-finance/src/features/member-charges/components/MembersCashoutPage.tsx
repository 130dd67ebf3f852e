import { lazy, useState } from 'react';
import { FINANCE_EXPORT_FILES, type MemberCharge, type MemberPayment } from 'shared-api';
import { ConfirmAction, DataTable, DeleteIcon, EditIcon, PageLayout, formatDate, type Column, ModalSuspense } from 'shared-ui';
import { AddPaymentIcon, PaymentsIcon } from '../../../components/icons';
import { formatAmount } from '../../../components/money';
import { fullName } from '../../../components/options';
import { FINANCE_PAGE } from '../../../components/page';
import { CHARGES_PATH, CHARGES_QUERY_KEY, useDeleteCharge, useDeletePayment } from '../api';
import { PaymentsPanel } from './PaymentsPanel';

const ChargeFormModal = lazy(() => import('./ChargeFormModal').then((m) => ({ default: m.ChargeFormModal })));
const PaymentFormModal = lazy(() => import('./PaymentFormModal').then((m) => ({ default: m.PaymentFormModal })));

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'delete' | 'add-payment'; charge: MemberCharge }
  | { kind: 'edit-payment' | 'cancel-payment'; charge: MemberCharge; payment: MemberPayment }
  | null;

const euroColumn = (key: 'amount_remaining' | 'amount_paid' | 'amount_due', header: string): Column<MemberCharge> => ({
  key,
  header,
  sortable: true,
  align: 'end',
  render: (c) => formatAmount(c[key]),
});

const COLUMNS: Column<MemberCharge>[] = [
  { key: 'code', header: 'Codice', sortable: true },
  { key: 'user', header: 'Cognome e nome', sortable: true, render: (c) => fullName(c.user) },
  { key: 'description', header: 'Descrizione', sortable: true },
  { key: 'income_category.name', header: 'Categoria di entrata', sortable: true, sortKey: 'income_category' },
  { key: 'start_date', header: 'Inizio periodo', sortable: true, render: (c) => formatDate(c.reference_period.start_date) },
  { key: 'end_date', header: 'Fine periodo', sortable: true, render: (c) => formatDate(c.reference_period.end_date) },
  euroColumn('amount_remaining', 'Importo rimanente'),
  euroColumn('amount_paid', 'Importo pagato'),
  euroColumn('amount_due', 'Importo totale'),
  { key: 'last_payment_date', header: 'Ultimo pagamento', sortable: true, render: (c) => formatDate(c.last_payment_date) },
  { key: 'created_at', header: 'Data inserimento', sortable: true, render: (c) => formatDate(c.created_at), detail: true },
  { key: 'notes', header: 'Note', detail: true },
];

/** Incasso soci (spec 002 §2 Member charges): what members owe, their payments in a side panel. */
export function MembersCashoutPage() {
  const [dialog, setDialog] = useState<Dialog>(null);
  // The charge whose payments panel is open; it stays open under the payment forms.
  const [panel, setPanel] = useState<MemberCharge | null>(null);
  const close = () => setDialog(null);
  const deleteCharge = useDeleteCharge();
  const deletePayment = useDeletePayment();

  return (
    <PageLayout {...FINANCE_PAGE} title="Incasso soci">
      <DataTable<MemberCharge>
        queryKey={CHARGES_QUERY_KEY}
        path={CHARGES_PATH}
        columns={COLUMNS}
        compact
        exportName={FINANCE_EXPORT_FILES.memberCharge}
        caption="Incassi soci"
        rowKey={(c) => c._id}
        toolbar={
          <button type="button" className="ui-btn ui-btn--primary" onClick={() => setDialog({ kind: 'create' })}>
            Aggiungi incasso socio
          </button>
        }
        rowActions={(charge) => [
          {
            label: 'Pagamenti',
            icon: <PaymentsIcon />,
            onClick: () => setPanel(charge),
          },
          {
            label: 'Aggiungi pagamento',
            icon: <AddPaymentIcon />,
            onClick: () => setDialog({ kind: 'add-payment', charge }),
            hidden: charge.amount_remaining <= 0,
          },
          { label: 'Modifica', icon: <EditIcon />, onClick: () => setDialog({ kind: 'edit', charge }) },
          { label: 'Elimina', icon: <DeleteIcon />, danger: true, onClick: () => setDialog({ kind: 'delete', charge }) },
        ]}
      />
      {panel && (
        <PaymentsPanel
          key={panel._id}
          charge={panel}
          onAdd={(charge) => setDialog({ kind: 'add-payment', charge })}
          onEdit={(charge, payment) => setDialog({ kind: 'edit-payment', charge, payment })}
          onCancel={(charge, payment) => setDialog({ kind: 'cancel-payment', charge, payment })}
          onClose={() => setPanel(null)}
        />
      )}
      <ModalSuspense>
        {dialog?.kind === 'create' && <ChargeFormModal onClose={close} />}
        {dialog?.kind === 'edit' && <ChargeFormModal key={dialog.charge._id} charge={dialog.charge} onClose={close} />}
        {dialog?.kind === 'add-payment' && <PaymentFormModal charge={dialog.charge} onClose={close} />}
        {dialog?.kind === 'edit-payment' && (
          <PaymentFormModal key={dialog.payment._id} charge={dialog.charge} payment={dialog.payment} onClose={close} />
        )}
      </ModalSuspense>
      <ConfirmAction
        target={dialog?.kind === 'delete' ? dialog.charge : null}
        title="Elimina incasso socio"
        message={(c) => `Sei sicuro di voler eliminare questo incasso socio (n. ${c.code}, ${fullName(c.user)})? L'operazione non è reversibile`}
        confirmLabel="Elimina"
        danger
        action={(c) => deleteCharge.run(c._id)}
        onClose={close}
      />
      <ConfirmAction
        target={dialog?.kind === 'cancel-payment' ? dialog : null}
        title="Annulla pagamento"
        message={(d) =>
          `Sei sicuro di voler annullare il pagamento di ${formatAmount(d.payment.amount)} del ${formatDate(d.payment.date)}? Anche la sua voce contabile verrà eliminata. L'operazione non è reversibile`
        }
        confirmLabel="Annulla pagamento"
        danger
        action={(d) => deletePayment.run({ chargeId: d.charge._id, paymentId: d.payment._id })}
        onClose={close}
      />
    </PageLayout>
  );
}
