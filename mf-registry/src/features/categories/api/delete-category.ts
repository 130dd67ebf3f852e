import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from 'shared-api';
import { CATEGORIES_PATH, CATEGORIES_QUERY_KEY } from './get-categories';

export const deleteCategory = (id: string) => api.delete(`${CATEGORIES_PATH}/${id}`);

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CATEGORIES_QUERY_KEY] }),
  });
}
