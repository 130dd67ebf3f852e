import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from 'shared-api';
import { USERS_PATH, USERS_QUERY_KEY } from './get-users';

export const deleteUser = (id: string) => api.delete(`${USERS_PATH}/${id}`);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USERS_QUERY_KEY] }),
  });
}
