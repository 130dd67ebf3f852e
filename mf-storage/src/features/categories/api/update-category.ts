import { api, type StorageCategory, type StorageCategoryPayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { CATEGORIES_PATH, CATEGORIES_QUERY_KEY, CATEGORY_CONFLICTS } from './get-categories';

export const useUpdateCategory = createMutation({
  mutationFn: ({ id, body }: { id: string; body: StorageCategoryPayload }) => api.patch<StorageCategory>(`${CATEGORIES_PATH}/${id}`, body),
  invalidates: CATEGORIES_QUERY_KEY,
  toasts: {
    pending: 'Modifica categoria articoli in corso...',
    success: 'Categoria articoli modificata con successo!',
    error: 'Si è verificato un errore durante la modifica della categoria articoli',
  },
  errorCodes: CATEGORY_CONFLICTS,
});
