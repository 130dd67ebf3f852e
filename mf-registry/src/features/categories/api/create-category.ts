import { api, type Category, type CategoryPayloadInput } from 'shared-api';
import { createMutation } from 'shared-ui';
import { CATEGORIES_PATH, CATEGORIES_QUERY_KEY, CATEGORY_CONFLICTS } from './get-categories';

export const useCreateCategory = createMutation({
  mutationFn: (body: CategoryPayloadInput) => api.post<Category>(CATEGORIES_PATH, body),
  invalidates: CATEGORIES_QUERY_KEY,
  toasts: {
    pending: 'Creazione categoria in corso...',
    success: 'Categoria creata con successo!',
    error: 'Si è verificato un errore durante la creazione della categoria',
  },
  errorCodes: CATEGORY_CONFLICTS,
});
