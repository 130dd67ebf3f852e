import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type User, type UserPayloadInput } from 'shared-api';
import { USERS_PATH, USERS_QUERY_KEY } from './get-users';

/** PATCH /user/{id} with the same payload as create; a file field is sent only when a new file was chosen. */
export const updateUser = ({ id, body }: { id: string; body: UserPayloadInput | FormData }) =>
  api.patch<User>(`${USERS_PATH}/${id}`, body);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USERS_QUERY_KEY] }),
  });
}
