import { api, type StorageItem, type StorageItemPayloadInput } from 'shared-api';
import { createMutation } from 'shared-ui';
import { ITEMS_PATH, ITEMS_QUERY_KEY, ITEM_CONFLICTS } from './get-items';

export const useUpdateItem = createMutation({
  mutationFn: ({ id, body }: { id: string; body: StorageItemPayloadInput }) => api.patch<StorageItem>(`${ITEMS_PATH}/${id}`, body),
  invalidates: ITEMS_QUERY_KEY,
  toasts: {
    pending: 'Modifica articolo in corso...',
    success: 'Articolo modificato con successo!',
    error: "Si è verificato un errore durante la modifica dell'articolo",
  },
  errorCodes: ITEM_CONFLICTS,
});
