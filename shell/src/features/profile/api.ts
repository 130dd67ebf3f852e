/** The profile's own calls (spec 000 §7). */
import { api, type UpdateMeBody } from 'shared-api';

export const updateMe = (changes: UpdateMeBody) => api.patch('/user/me', changes);

export async function verifyPassword(password: string): Promise<boolean> {
  const body = await api.post<{ correct?: boolean }>('/auth/verifypassword', { password });
  return body.correct === true;
}

/** True only when the server says 'success' (spec 000 §7). */
export async function updatePassword(newPassword: string): Promise<boolean> {
  const body = await api.patch<{ status?: string }>('/auth/updatepassword/me', { newPassword });
  return body.status === 'success';
}
