import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type User } from 'shared-api';
import { USERS_PATH, USERS_QUERY_KEY } from './get-users';

/** PATCH /user/{id}/activate, no body (spec 001 §7). */
export const activateUser = (id: string) => api.patch<User>(`${USERS_PATH}/${id}/activate`);

export function useActivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USERS_QUERY_KEY] }),
  });
}
