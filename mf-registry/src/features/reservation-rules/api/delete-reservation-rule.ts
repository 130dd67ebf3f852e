import { api } from 'shared-api';
import { createMutation } from 'shared-ui';
import { RESERVATION_RULES_PATH, RESERVATION_RULES_QUERY_KEY, RESERVATION_RULE_ERRORS } from './get-reservation-rules';

export const useDeleteReservationRule = createMutation({
  mutationFn: (id: string) => api.delete(`${RESERVATION_RULES_PATH}/${id}`),
  invalidates: RESERVATION_RULES_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione regola di prenotazione in corso...',
    success: 'Regola di prenotazione eliminata con successo!',
    error: "Si è verificato un errore durante l'eliminazione della regola di prenotazione",
  },
  errorCodes: RESERVATION_RULE_ERRORS,
});
