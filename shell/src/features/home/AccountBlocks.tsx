import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { MedicalStatus } from 'shared-api';
import { formatDate, formatEuro } from 'shared-ui';
import { meQuery } from '../auth/api';
import { pendingPaymentsQuery } from './api';
import { HomeBlock } from './HomeBlock';

const MEDICAL_STATE: Record<MedicalStatus, string> = {
  approved: 'Valido',
  not_approved: 'In attesa di approvazione',
  expired: 'Scaduto',
  not_uploaded: 'Non caricato',
};

/** 'Certificato medico': its state and expiry, from the profile the session already reads. */
export function CertificateBlock() {
  const query = useQuery(meQuery());
  return (
    <HomeBlock
      title="Certificato medico"
      query={query}
      failure="Impossibile caricare lo stato del certificato."
      footer={<Link to="/user/profile">I miei dati</Link>}
    >
      {(me) => (
        <>
          <p>
            Stato: <strong>{MEDICAL_STATE[me.medical_certificate_status]}</strong>
          </p>
          {me.medical_certificate_expiration_date && <p>Scadenza: {formatDate(me.medical_certificate_expiration_date)}</p>}
        </>
      )}
    </HomeBlock>
  );
}

/** 'Pagamenti in sospeso': each charge with what is left to pay, and the total. */
export function PaymentsBlock() {
  const query = useQuery(pendingPaymentsQuery());
  return (
    <HomeBlock
      title="Pagamenti in sospeso"
      query={query}
      failure="Impossibile caricare i pagamenti."
      footer={<Link to="/user/payments">I miei pagamenti</Link>}
    >
      {({ data }) => {
        if (data.length === 0) return <p>Nessun pagamento in sospeso.</p>;
        // The API answers euros (finance's centsToEuro): back to integer cents before any sum.
        const cents = (euros: number | undefined) => Math.round((euros ?? 0) * 100);
        const due = (p: (typeof data)[number]) => cents(p.amount) - cents(p.amount_paid);
        return (
          <>
            <ul className="shell-home__list">
              {data.map((p) => (
                <li key={p._id}>
                  {p.title}: <strong>{formatEuro(due(p))}</strong>
                </li>
              ))}
            </ul>
            <p>Totale da pagare: {formatEuro(data.reduce((sum, p) => sum + due(p), 0))}</p>
          </>
        );
      }}
    </HomeBlock>
  );
}
