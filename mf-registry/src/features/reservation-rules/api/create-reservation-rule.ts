import { api, type ReservationRule, type ReservationRulePayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { RESERVATION_RULES_PATH, RESERVATION_RULES_QUERY_KEY, RESERVATION_RULE_ERRORS } from './get-reservation-rules';

export const useCreateReservationRule = createMutation({
  mutationFn: (body: ReservationRulePayload) => api.post<ReservationRule>(RESERVATION_RULES_PATH, body),
  invalidates: RESERVATION_RULES_QUERY_KEY,
  toasts: {
    pending: 'Creazione regola di prenotazione in corso...',
    success: 'Regola di prenotazione creata con successo!',
    error: 'Si è verificato un errore durante la creazione della regola di prenotazione',
  },
  errorCodes: RESERVATION_RULE_ERRORS,
});
