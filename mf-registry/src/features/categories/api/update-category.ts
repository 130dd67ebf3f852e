import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Category, type CategoryPayloadInput } from 'shared-api';
import { CATEGORIES_PATH, CATEGORIES_QUERY_KEY } from './get-categories';

export const updateCategory = ({ id, body }: { id: string; body: CategoryPayloadInput }) =>
  api.patch<Category>(`${CATEGORIES_PATH}/${id}`, body);

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CATEGORIES_QUERY_KEY] }),
  });
}
