import { paymentTypeShortLabel, type MemberCharge, type MemberPayment } from 'shared-api';
import { DeleteIcon, EditIcon, Modal, formatDate } from 'shared-ui';
import { formatAmount } from '../../../components/money';
import { fullName } from '../../../components/options';
import { useCharge, usePayments } from '../api';

export interface PaymentsPanelProps {
  /** The charge as the table showed it; the panel reads it again after each payment. */
  charge: MemberCharge;
  onAdd: (charge: MemberCharge) => void;
  onEdit: (charge: MemberCharge, payment: MemberPayment) => void;
  onCancel: (charge: MemberCharge, payment: MemberPayment) => void;
  onClose: () => void;
}

/**
 * The payments of one member charge in a side panel (spec 002 §2): payment id, amount, date and type (Cassa,
 * Banca, else Sconosciuta), each editable or cancellable, with the accounting entry it posted.
 */
export function PaymentsPanel({ charge: shown, onAdd, onEdit, onCancel, onClose }: PaymentsPanelProps) {
  const charge = useCharge(shown).data ?? shown;
  const payments = usePayments(charge._id);
  const rows = payments.data ?? [];

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
        {payments.isPending && <p role="status">Caricamento in corso...</p>}
        {payments.isError && (
          <div className="ui-alert ui-alert--error" role="alert">
            <span>Errore durante il recupero dei dati.</span>{' '}
            <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" onClick={() => void payments.refetch()}>
              Ricarica
            </button>
          </div>
        )}
        {payments.isSuccess && rows.length === 0 && <p>Nessun pagamento registrato</p>}
        {rows.length > 0 && (
          <div className="ui-table-wrap">
            <table className="ui-table" aria-label="Pagamenti">
              <thead>
                <tr>
                  <th scope="col">ID pagamento</th>
                  <th scope="col" className="is-end">
                    Importo
                  </th>
                  <th scope="col">Data</th>
                  <th scope="col">Tipo di pagamento</th>
                  <th scope="col">Voce contabile</th>
                  <th scope="col" className="is-end ui-table__actions">
                    Azioni
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => (
                  <tr key={p._id}>
                    <td data-label="ID pagamento">
                      <span title={p._id}>{p._id.slice(0, 8)}</span>
                    </td>
                    <td data-label="Importo" className="is-end">
                      {formatAmount(p.amount)}
                    </td>
                    <td data-label="Data">{formatDate(p.date)}</td>
                    <td data-label="Tipo di pagamento">{paymentTypeShortLabel(p.payment_type)}</td>
                    <td data-label="Voce contabile">
                      {p.accounting_entry ? `n. ${p.accounting_entry.progressive} (${p.accounting_entry.fiscal_year})` : ''}
                    </td>
                    <td className="is-end ui-table__actions" data-label="Azioni">
                      <button
                        type="button"
                        className="ui-btn ui-btn--ghost ui-btn--sm ui-table__icon-action"
                        title="Modifica"
                        onClick={() => onEdit(charge, p)}
                      >
                        <EditIcon />
                        <span className="ui-table__action-label">Modifica</span>
                      </button>
                      <button
                        type="button"
                        className="ui-btn ui-btn--ghost ui-btn--sm ui-table__icon-action ui-btn--danger-text"
                        title="Annulla pagamento"
                        onClick={() => onCancel(charge, p)}
                      >
                        <DeleteIcon />
                        <span className="ui-table__action-label">Annulla pagamento</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Modal>
  );
}
