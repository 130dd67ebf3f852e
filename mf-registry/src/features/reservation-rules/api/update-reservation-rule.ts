import { api, type ReservationRule, type ReservationRulePayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { RESERVATION_RULES_PATH, RESERVATION_RULES_QUERY_KEY, RESERVATION_RULE_ERRORS } from './get-reservation-rules';

export const useUpdateReservationRule = createMutation({
  mutationFn: ({ id, body }: { id: string; body: ReservationRulePayload }) => api.patch<ReservationRule>(`${RESERVATION_RULES_PATH}/${id}`, body),
  invalidates: RESERVATION_RULES_QUERY_KEY,
  toasts: {
    pending: 'Modifica regola di prenotazione in corso...',
    success: 'Regola di prenotazione modificata con successo!',
    error: 'Si è verificato un errore durante la modifica della regola di prenotazione',
  },
  errorCodes: RESERVATION_RULE_ERRORS,
});
