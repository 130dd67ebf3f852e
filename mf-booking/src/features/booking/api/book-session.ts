import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ListResponse, type UserReduced } from 'shared-api';
import type { MenuOption } from 'shared-ui';
import { TRAINING_SESSIONS_QUERY_KEY } from '../../sessions/get-sessions';
import { MY_BOOKINGS_QUERY_KEY } from '../../my-bookings/api/booked-sessions';

export const PARTNERS_QUERY_KEY = 'booking-partners';
const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /user?limit=500&onlyAvailablePartners=true, refreshed every 5 minutes (spec 000 §7). */
export const partnersQuery = () =>
  queryOptions({
    queryKey: [PARTNERS_QUERY_KEY],
    queryFn: async ({ signal }) => (await api.get<ListResponse<UserReduced>>('/user', { limit: 500, onlyAvailablePartners: true }, signal)).data,
    staleTime: FIVE_MINUTES,
    refetchInterval: FIVE_MINUTES,
  });

export const usePartners = () => useQuery(partnersQuery());

/** A partner of the picker: GET /user?onlyAvailablePartners=true answers the reduced users, with can_play. */
export type Partner = UserReduced;

export const partnerName = (p: Partner) => `${p.name} ${p.surname}`.trim();

/** What marks a partner the booking would refuse whatever the shift (issue 26). */
export const CANNOT_PLAY = 'Certificato medico non valido';

/**
 * The picker's options: who can play first, then — marked, and not offered — those the booking would refuse whatever
 * the shift (no valid medical certificate: the server's can_play).
 */
export function partnerOptions(partners: Partner[]): MenuOption[] {
  const option = (p: Partner): MenuOption =>
    p.can_play === false
      ? { id: p._id, name: partnerName(p), description: p.email, disabled: true, note: CANNOT_PLAY }
      : { id: p._id, name: partnerName(p), description: p.email };
  return [...partners.filter((p) => p.can_play !== false), ...partners.filter((p) => p.can_play === false)].map(option);
}

export interface BookVariables {
  sessionId: string;
  /** The occurrence's date, YYYY-MM-DD. */
  date: string;
  partnersId: string[];
  /** An administrator books the chosen users and does not take part. */
  admin: boolean;
}

/** POST /training-session/{id}/book; a success refreshes the sessions, the search and the member's bookings. */
export function useBookSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, date, partnersId, admin }: BookVariables) =>
      api.post(`/training-session/${sessionId}/book`, admin ? { partnersId, date, admin } : { partnersId, date }),
    onSuccess: () =>
      Promise.all([TRAINING_SESSIONS_QUERY_KEY, MY_BOOKINGS_QUERY_KEY].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}
