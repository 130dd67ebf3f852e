/** The session queries of the shell; the auth calls themselves are shared-api's (the standalone hosts use them too). */
import { fetchMe } from 'shared-api';
import { queryOptions } from '@tanstack/react-query';

const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /user/me: the profile and the permissions, refetched every 5 minutes (spec 000 §7). */
export const meQuery = () => queryOptions({ queryKey: ['user', 'me'], queryFn: fetchMe, refetchInterval: FIVE_MINUTES });
