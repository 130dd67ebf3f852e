import { api, type StorageItem, type StorageItemPayloadInput } from 'shared-api';
import { createMutation } from 'shared-ui';
import { ITEMS_PATH, ITEMS_QUERY_KEY, ITEM_CONFLICTS } from './get-items';

export const useCreateItem = createMutation({
  mutationFn: (body: StorageItemPayloadInput) => api.post<StorageItem>(ITEMS_PATH, body),
  invalidates: ITEMS_QUERY_KEY,
  toasts: {
    pending: 'Creazione articolo in corso...',
    success: 'Articolo creato con successo!',
    error: "Si è verificato un errore durante la creazione dell'articolo",
  },
  errorCodes: ITEM_CONFLICTS,
});
