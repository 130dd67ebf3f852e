import { api } from 'shared-api';
import { createMutation } from 'shared-ui';
import { ITEMS_PATH, ITEMS_QUERY_KEY, ITEM_CONFLICTS } from './get-items';

export const useDeleteItem = createMutation({
  mutationFn: (id: string) => api.delete(`${ITEMS_PATH}/${id}`),
  invalidates: ITEMS_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione articolo in corso...',
    success: 'Articolo eliminato con successo!',
    error: "Si è verificato un errore durante l'eliminazione dell'articolo",
  },
  errorCodes: ITEM_CONFLICTS,
});
