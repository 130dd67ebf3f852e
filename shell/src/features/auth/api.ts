/** The auth calls of spec 000 §7, one function per operation. */
import { api, type Profile, type SessionUser } from 'shared-api';
import { queryOptions } from '@tanstack/react-query';
import { setClubTimeZone } from 'shared-ui';

/** GET /auth/me: the session's user, and the club's time zone every date of the portal is shown in. */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const body = await api.get<{ user?: SessionUser | null; club_time_zone?: string }>('/auth/me');
  setClubTimeZone(body.club_time_zone);
  return body.user ?? null;
}

export async function login(email: string, password: string): Promise<SessionUser> {
  const body = await api.post<{ user: SessionUser }>('/auth/login', { email, password });
  return body.user;
}

export const logout = () => api.post('/auth/logout');

export const requestPasswordReset = (email: string) => api.post('/auth/forgotpassword', { email });

export interface TokenPassword {
  userId: string;
  token: string;
  password: string;
}

/** Both answer the user's e-mail, used to sign in right after (spec 002 §7). */
export const resetPassword = (body: TokenPassword) => api.post<{ email: string }>('/auth/password-reset', body);
export const completeRegistration = (body: TokenPassword) =>
  api.post<{ email: string }>('/auth/complete-registration', body);

export const PERMISSIONS_ERROR = 'Failed to fetch user permissions';
const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /user/me: the profile and the permissions, refetched every 5 minutes (spec 000 §7). */
export async function fetchMe(): Promise<Profile> {
  const body = await api.get<Profile>('/user/me');
  if (!body || !Array.isArray(body.permissions)) throw new Error(PERMISSIONS_ERROR);
  return body;
}

export const meQuery = () =>
  queryOptions({ queryKey: ['user', 'me'], queryFn: fetchMe, refetchInterval: FIVE_MINUTES });
