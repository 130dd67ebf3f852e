/**
 * The auth calls of spec 000 §7, one function per operation, used by the shell's pages and by the
 * standalone host every domain app runs in on its own dev server.
 */
import { api } from '../client/http';
import type { Profile, SessionUser, TokenPasswordBody } from '../contract';

/** GET /auth/me: the signed-in user, or null without a session. */
/** GET /auth/me: the session's user (null when signed out) and the club's time zone (the server's CLUB_TIMEZONE). */
export async function fetchSession(): Promise<{ user: SessionUser | null; clubTimeZone: string | null }> {
  const body = await api.get<{ user?: SessionUser | null; club_time_zone?: string }>('/auth/me');
  return { user: body.user ?? null, clubTimeZone: body.club_time_zone ?? null };
}

export async function fetchSessionUser(): Promise<SessionUser | null> {
  return (await fetchSession()).user;
}

export async function login(email: string, password: string): Promise<SessionUser> {
  const body = await api.post<{ user: SessionUser }>('/auth/login', { email, password });
  return body.user;
}

export const logout = () => api.post('/auth/logout');

export const requestPasswordReset = (email: string) => api.post('/auth/forgotpassword', { email });

/** Both answer the user's e-mail, used to sign in right after (spec 002 §7). */
export const resetPassword = (body: TokenPasswordBody) => api.post<{ email: string }>('/auth/password-reset', body);
export const completeRegistration = (body: TokenPasswordBody) => api.post<{ email: string }>('/auth/complete-registration', body);

/** What GET /user/me fails with when its answer carries no permission list (spec 000 §7). */
export const PERMISSIONS_ERROR = 'Failed to fetch user permissions';

/** GET /user/me: the profile and the permissions. */
export async function fetchMe(): Promise<Profile> {
  const body = await api.get<Profile>('/user/me');
  if (!body || !Array.isArray(body.permissions)) throw new Error(PERMISSIONS_ERROR);
  return body;
}
