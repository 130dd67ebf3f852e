import { api, type StorageCategory, type StorageCategoryPayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { CATEGORIES_PATH, CATEGORIES_QUERY_KEY, CATEGORY_CONFLICTS } from './get-categories';

export const useCreateCategory = createMutation({
  mutationFn: (body: StorageCategoryPayload) => api.post<StorageCategory>(CATEGORIES_PATH, body),
  invalidates: CATEGORIES_QUERY_KEY,
  toasts: {
    pending: 'Creazione categoria articoli in corso...',
    success: 'Categoria articoli creata con successo!',
    error: 'Si è verificato un errore durante la creazione della categoria articoli',
  },
  errorCodes: CATEGORY_CONFLICTS,
});
