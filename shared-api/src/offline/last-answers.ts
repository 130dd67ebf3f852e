/**
 * Last answers kept for use offline (issue 28, installable portal): a page keeps its last answer in the browser's own
 * storage, keyed by the signed-in user's id, and reads it back only for that same user. Signing out (or a session that
 * is gone) forgets every kept answer, so nothing of one member is ever shown to the next one using the browser.
 * The service worker never caches API answers: this store is the only copy, and it is per user.
 */
const PREFIX = 'portal-offline:';

/** The storage used (tests may pass their own); null where the browser gives none (private modes, quota). */
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const keyOf = (userId: string, name: string) => `${PREFIX}${userId}:${name}`;

/** A kept answer with the moment it was kept (ISO). */
export interface KeptAnswer<T> {
  savedAt: string;
  value: T;
}

/** Keeps `value` as the last answer `name` for `userId`, replacing answers kept for any other user. */
export function keepLastAnswer<T>(userId: string, name: string, value: T, now: Date = new Date()): void {
  const store = storage();
  if (!store || !userId) return;
  forgetLastAnswers(userId);
  try {
    store.setItem(keyOf(userId, name), JSON.stringify({ savedAt: now.toISOString(), value } satisfies KeptAnswer<T>));
  } catch {
    // Storage full or refused: the page simply has nothing to show offline.
  }
}

/** The answer `name` last kept for `userId`, or null. */
export function lastAnswer<T>(userId: string | undefined, name: string): KeptAnswer<T> | null {
  const store = storage();
  if (!store || !userId) return null;
  try {
    const raw = store.getItem(keyOf(userId, name));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as KeptAnswer<T>;
    return parsed && typeof parsed.savedAt === 'string' && 'value' in parsed ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The user whose answers are kept (only one at a time: keeping an answer forgets the others'), with their answer
 * `name`: how the shell finds, offline, the session it last had.
 */
export function keptAnswerOfLastUser<T>(name: string): (KeptAnswer<T> & { userId: string }) | null {
  const store = storage();
  if (!store) return null;
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (!key?.startsWith(PREFIX) || !key.endsWith(`:${name}`)) continue;
    const userId = key.slice(PREFIX.length, key.length - name.length - 1);
    const kept = lastAnswer<T>(userId, name);
    if (kept) return { ...kept, userId };
  }
  return null;
}

/** Forgets every kept answer (sign-out), or those of every user but `exceptUserId`. */
export function forgetLastAnswers(exceptUserId?: string): void {
  const store = storage();
  if (!store) return;
  const keep = exceptUserId ? `${PREFIX}${exceptUserId}:` : null;
  const doomed: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX) && !(keep && key.startsWith(keep))) doomed.push(key);
  }
  for (const key of doomed) store.removeItem(key);
}

/** Whether the browser says it has no network (the offline fallbacks apply only then). */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;
