import { api } from 'shared-api';
import { createMutation } from 'shared-ui';
import { CATEGORIES_PATH, CATEGORIES_QUERY_KEY, CATEGORY_CONFLICTS } from './get-categories';

export const useDeleteCategory = createMutation({
  mutationFn: (id: string) => api.delete(`${CATEGORIES_PATH}/${id}`),
  invalidates: CATEGORIES_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione categoria in corso...',
    success: 'Categoria eliminata con successo!',
    error: "Si è verificato un errore durante l'eliminazione della categoria",
  },
  errorCodes: CATEGORY_CONFLICTS,
});
