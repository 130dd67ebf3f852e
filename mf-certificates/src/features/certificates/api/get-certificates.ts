import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListResponse, type UserReduced } from 'shared-api';

/** The certificates table reads GET /certificate through the DataTable under this key. */
export const CERTIFICATES_PATH = '/certificate';
export const CERTIFICATES_QUERY_KEY = 'certificates';

/** The paths of one member's certificate (spec 001 §7 Certificates). */
export const certificatePath = (id: string, userId: string) => `${CERTIFICATES_PATH}/${id}/user/${userId}`;

const FIVE_MINUTES = 5 * 60 * 1000;

/**
 * GET /user?limit=500 for the user selector of the certificate form (spec 001 §7, §9), as a picker
 * (reducedDetails): id, name, surname and e-mail, which certificates staff may read without registry access.
 */
export const userOptionsQuery = () =>
  queryOptions({
    queryKey: [CERTIFICATES_QUERY_KEY, 'users'],
    queryFn: ({ signal }) => api.get<ListResponse<UserReduced>>('/user', { limit: 500, reducedDetails: true }, signal).then((res) => res.data),
    staleTime: FIVE_MINUTES,
    refetchInterval: FIVE_MINUTES,
  });

export const useUserOptions = () => useQuery(userOptionsQuery());
