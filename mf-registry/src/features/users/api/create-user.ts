import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type User, type UserPayloadInput } from 'shared-api';
import { USERS_PATH, USERS_QUERY_KEY } from './get-users';

/** POST /user: JSON, or multipart when a photo or contract is attached. */
export const createUser = (body: UserPayloadInput | FormData) => api.post<User>(USERS_PATH, body);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USERS_QUERY_KEY] }),
  });
}
