import { useState } from 'react';
import { PAYMENT_TYPE_LABELS, type BankDetails, type MyPayment } from 'shared-api';
import { PageLayout, formatDate } from 'shared-ui';
import { formatAmount } from '../../../components/money';
import { useMyPayments, type MyPaymentsTab } from '../api';

const TABS: { type: MyPaymentsTab; label: string }[] = [
  { type: 'incoming', label: 'Ricevuti' },
  { type: 'made', label: 'Effettuati' },
  { type: 'pending', label: 'In sospeso' },
];

/**
 * I miei pagamenti (spec 000 §2.9): what the club paid the member (Ricevuti), what they paid (Effettuati) and what
 * they still owe (In sospeso, with the club's bank details from the server's configuration). Without incoming
 * payments the Ricevuti tab is not shown and Effettuati is selected.
 */
export function MyPaymentsPage() {
  const incoming = useMyPayments('incoming');
  const hasIncoming = (incoming.data?.data.length ?? 0) > 0;
  const [chosen, setChosen] = useState<MyPaymentsTab | null>(null);
  const tab: MyPaymentsTab = chosen ?? (hasIncoming ? 'incoming' : 'made');
  const shownTabs = TABS.filter((t) => t.type !== 'incoming' || hasIncoming);
  const payments = useMyPayments(tab);
  const rows = payments.data?.data ?? [];

  return (
    <PageLayout section="Profilo" buildLabel={process.env.BUILD_LABEL} title="Il tuo profilo, i tuoi pagamenti">
      <div className="ui-tabs" role="tablist" aria-label="Pagamenti">
        {shownTabs.map((t) => (
          <button
            key={t.type}
            type="button"
            role="tab"
            id={`payments-tab-${t.type}`}
            aria-selected={tab === t.type}
            aria-controls="payments-panel"
            className={`ui-tabs__tab${tab === t.type ? ' is-active' : ''}`}
            onClick={() => setChosen(t.type)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="payments-panel" role="tabpanel" aria-labelledby={`payments-tab-${tab}`} className="fin-payments">
        {tab === 'pending' && payments.data && <BankTag details={payments.data.bank_details} />}
        {payments.isPending && (
          <p role="status" className="ui-loading">
            Caricamento in corso...
          </p>
        )}
        {payments.isError && (
          <div role="alert" className="ui-alert ui-alert--error">
            <span>Errore durante il recupero dei dati.</span>{' '}
            <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" onClick={() => void payments.refetch()}>
              Ricarica
            </button>
          </div>
        )}
        {payments.isSuccess && rows.length === 0 && <p className="ui-empty">Nessun pagamento da mostrare</p>}
        {rows.length > 0 && (
          <ul className="fin-payment-list" aria-label={TABS.find((t) => t.type === tab)?.label}>
            {rows.map((p) => (
              <li key={p._id} className="ui-card fin-payment">
                <PaymentCard payment={p} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </PageLayout>
  );
}

function PaymentCard({ payment: p }: { payment: MyPayment }) {
  return (
    <>
      <div className="fin-payment__main">
        <h2 className="fin-payment__title">{p.title}</h2>
        <p className="ui-muted">
          {p.type === 'pending' ? 'Dal ' : ''}
          {formatDate(p.date)}
          {p.payment_type ? ` · ${PAYMENT_TYPE_LABELS[p.payment_type]}` : ''}
        </p>
      </div>
      {p.type === 'pending' ? (
        <dl className="fin-payment__amounts">
          <div>
            <dt>Da pagare</dt>
            <dd className="fin-payment__amount">{formatAmount(p.amount - (p.amount_paid ?? 0))}</dd>
          </div>
          <div>
            <dt>Pagato</dt>
            <dd>{formatAmount(p.amount_paid ?? 0)}</dd>
          </div>
          <div>
            <dt>Totale</dt>
            <dd>{formatAmount(p.amount)}</dd>
          </div>
        </dl>
      ) : (
        <p className="fin-payment__amount">{formatAmount(p.amount)}</p>
      )}
    </>
  );
}

/** The club's bank details for paying what is pending (CLUB_NAME and CLUB_IBAN of the server). */
function BankTag({ details }: { details: BankDetails }) {
  return (
    <p className="fin-bank-tag" aria-label="Coordinate bancarie">
      <span>
        Intestatario: <strong>{details.club_name}</strong>
      </span>
      {details.iban ? (
        <span>
          IBAN: <strong className="fin-bank-tag__iban">{details.iban}</strong>
        </span>
      ) : (
        <span>IBAN non disponibile: chiedi le coordinate bancarie alla segreteria del circolo</span>
      )}
    </p>
  );
}
