import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type CertificateType, type ErrorTextOptions, type ListResponse } from 'shared-api';

/** The types table reads GET /certificate/types through the DataTable under this key. */
export const TYPES_PATH = '/certificate/types';
export const TYPES_QUERY_KEY = 'certificate-types';

const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /certificate/types?limit=500 for the type selector of the certificate form; refreshed with the table. */
export const typeOptionsQuery = () =>
  queryOptions({
    queryKey: [TYPES_QUERY_KEY, 'options'],
    queryFn: ({ signal }) => api.get<ListResponse<CertificateType>>(TYPES_PATH, { limit: 500 }, signal).then((res) => res.data),
    staleTime: FIVE_MINUTES,
    refetchInterval: FIVE_MINUTES,
  });

export const useTypeOptions = () => useQuery(typeOptionsQuery());

/** A name already taken, a type still used by certificates: the server's reason tells staff what to change. */
export const TYPE_CONFLICTS: ErrorTextOptions = { own: ['CERTIFICATE_TYPE_NAME_TAKEN', 'CERTIFICATE_TYPE_IN_USE'] };
