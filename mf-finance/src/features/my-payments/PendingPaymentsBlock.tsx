import { Link } from 'react-router-dom';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type MyPaymentsResponse } from 'shared-api';
import { formatEuro, HomeBlock } from 'shared-ui';

/** GET /user/me/payments?type=pending: the member's charges with something still to pay. */
const pendingPaymentsQuery = () =>
  queryOptions({
    queryKey: ['user', 'me', 'payments', 'pending'],
    queryFn: () => api.get<MyPaymentsResponse>('/user/me/payments', { type: 'pending' }),
  });

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
