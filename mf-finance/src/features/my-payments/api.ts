import { useQuery } from '@tanstack/react-query';
import { api, type MyPayment, type MyPaymentsResponse } from 'shared-api';

export type MyPaymentsTab = MyPayment['type'];

const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /user/me/payments?type=incoming|made|pending (spec 000 §7, refetched every 5 minutes): the member's own. */
export const useMyPayments = (type: MyPaymentsTab) =>
  useQuery({
    queryKey: ['finance-my-payments', type],
    queryFn: ({ signal }) => api.get<MyPaymentsResponse>('/user/me/payments', { type }, signal),
    refetchInterval: FIVE_MINUTES,
  });
