import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type User } from 'shared-api';
import { USERS_PATH, USERS_QUERY_KEY } from './get-users';

/** PATCH /user/{id}/deactivate with an optional end date (null: until reactivated). */
export const deactivateUser = ({ id, endDate }: { id: string; endDate: string | null }) =>
  api.patch<User>(`${USERS_PATH}/${id}/deactivate`, { end_date: endDate });

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USERS_QUERY_KEY] }),
  });
}
