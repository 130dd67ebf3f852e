import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type MyPaymentsResponse } from 'shared-api';
import { formatEuro, HomeBlock, HomeList, HomeMoreLink, homeListHidden } from 'shared-ui';

/** GET /user/me/payments?type=pending: the member's charges with something still to pay. */
const pendingPaymentsQuery = () =>
  queryOptions({
    queryKey: ['user', 'me', 'payments', 'pending'],
    queryFn: () => api.get<MyPaymentsResponse>('/user/me/payments', { type: 'pending' }),
  });

/**
 * 'Pagamenti in sospeso': the first HOME_LIST_LIMIT charges with what is left to pay, the total of them all, and the
 * link to the member's payments with the count of the others (issue 44 item 10: the block keeps its height).
 */
export function PaymentsBlock() {
  const query = useQuery(pendingPaymentsQuery());
  return (
    <HomeBlock
      title="Pagamenti in sospeso"
      query={query}
      failure="Impossibile caricare i pagamenti."
      footer={(payments) => (
        <HomeMoreLink
          to="/user/payments"
          label="I miei pagamenti"
          hidden={homeListHidden(payments?.data)}
          others={(n) => (n === 1 ? '+ 1 altro pagamento in sospeso' : `+ altri ${n} pagamenti in sospeso`)}
        />
      )}
    >
      {({ data }) => {
        if (data.length === 0) return <p>Nessun pagamento in sospeso.</p>;
        // The API answers euros (finance's centsToEuro): back to integer cents before any sum.
        const cents = (euros: number | undefined) => Math.round((euros ?? 0) * 100);
        const due = (p: (typeof data)[number]) => cents(p.amount) - cents(p.amount_paid);
        return (
          <>
            <HomeList items={data} itemKey={(p) => p._id} tail={(p) => <strong>{formatEuro(due(p))}</strong>}>
              {(p) => `${p.title}:`}
            </HomeList>
            <p>Totale da pagare: {formatEuro(data.reduce((sum, p) => sum + due(p), 0))}</p>
          </>
        );
      }}
    </HomeBlock>
  );
}
