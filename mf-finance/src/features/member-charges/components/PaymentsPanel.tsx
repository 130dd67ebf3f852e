import { paymentTypeShortLabel, type MemberCharge, type MemberPayment } from 'shared-api';
import { DataTable, DeleteIcon, EditIcon, Modal, formatDate, type Column } from 'shared-ui';
import { formatAmount } from '../../../components/money';
import { fullName } from '../../../components/options';
import { CHARGES_QUERY_KEY, PAYMENTS_QUERY, paymentsPath, useCharge } from '../api';

export interface PaymentsPanelProps {
  /** The charge as the table showed it; the panel reads it again after each payment. */
  charge: MemberCharge;
  onAdd: (charge: MemberCharge) => void;
  onEdit: (charge: MemberCharge, payment: MemberPayment) => void;
  onCancel: (charge: MemberCharge, payment: MemberPayment) => void;
  onClose: () => void;
}

const COLUMNS: Column<MemberPayment>[] = [
  { key: '_id', header: 'ID pagamento', render: (p) => <span title={p._id}>{p._id.slice(0, 8)}</span> },
  { key: 'amount', header: 'Importo', align: 'end', render: (p) => formatAmount(p.amount) },
  { key: 'date', header: 'Data', render: (p) => formatDate(p.date) },
  { key: 'payment_type', header: 'Tipo di pagamento', render: (p) => paymentTypeShortLabel(p.payment_type) },
  {
    key: 'accounting_entry',
    header: 'Voce contabile',
    render: (p) => (p.accounting_entry ? `n. ${p.accounting_entry.progressive} (${p.accounting_entry.fiscal_year})` : ''),
  },
];

/**
 * The payments of one member charge in a side panel (spec 002 §2): payment id, amount, date and type (Cassa,
 * Banca, else Sconosciuta), each editable or cancellable, with the accounting entry it posted.
 */
export function PaymentsPanel({ charge: shown, onAdd, onEdit, onCancel, onClose }: PaymentsPanelProps) {
  const charge = useCharge(shown).data ?? shown;

  return (
    <Modal open placement="side" size="lg" title={`Pagamenti effettuati da ${fullName(charge.user)}`} onClose={onClose}>
      <div className="ui-stack">
        <p>
          Incasso n. {charge.code}
          {charge.description ? ` · ${charge.description}` : ''} · totale {formatAmount(charge.amount_due)} · pagato{' '}
          {formatAmount(charge.amount_paid)} · rimanente {formatAmount(charge.amount_remaining)}
        </p>
        <div>
          <button type="button" className="ui-btn ui-btn--primary" onClick={() => onAdd(charge)} disabled={charge.amount_remaining <= 0}>
            Aggiungi pagamento
          </button>
        </div>
        <DataTable<MemberPayment>
          queryKey={CHARGES_QUERY_KEY}
          path={paymentsPath(charge._id)}
          filters={PAYMENTS_QUERY}
          paged={false}
          exportable={false}
          caption="Pagamenti"
          columns={COLUMNS}
          emptyText="Nessun pagamento registrato"
          rowActions={(p) => [
            { label: 'Modifica', icon: <EditIcon />, onClick: () => onEdit(charge, p) },
            { label: 'Annulla pagamento', icon: <DeleteIcon />, danger: true, onClick: () => onCancel(charge, p) },
          ]}
        />
      </div>
    </Modal>
  );
}
