import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Category, type CategoryPayloadInput } from 'shared-api';
import { CATEGORIES_PATH, CATEGORIES_QUERY_KEY } from './get-categories';

export const createCategory = (body: CategoryPayloadInput) => api.post<Category>(CATEGORIES_PATH, body);

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CATEGORIES_QUERY_KEY] }),
  });
}
