import { api, type Category, type CategoryPayloadInput } from 'shared-api';
import { createMutation } from 'shared-ui';
import { CATEGORIES_PATH, CATEGORIES_QUERY_KEY, CATEGORY_CONFLICTS } from './get-categories';

export const useUpdateCategory = createMutation({
  mutationFn: ({ id, body }: { id: string; body: CategoryPayloadInput }) => api.patch<Category>(`${CATEGORIES_PATH}/${id}`, body),
  invalidates: CATEGORIES_QUERY_KEY,
  toasts: {
    pending: 'Modifica categoria in corso...',
    success: 'Categoria modificata con successo!',
    error: 'Si è verificato un errore durante la modifica della categoria',
  },
  errorCodes: CATEGORY_CONFLICTS,
});
