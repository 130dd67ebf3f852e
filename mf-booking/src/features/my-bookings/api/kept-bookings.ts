import { useEffect } from 'react';
import { isOffline, keepLastAnswer, lastAnswer, useAuthStore } from 'shared-api';
import { formatDateTime } from 'shared-ui';
import type { BookedSession } from '../../../api/types';
import type { BookingsFilter } from './booked-sessions';

/** The name the last answer of each tab is kept under (shared-api offline/last-answers: per user, gone at sign-out). */
export const keptBookingsName = (filter: BookingsFilter) => `my-bookings:${filter}`;

/** What the page shows offline: the list last loaded for this user, and when. */
export interface OfflineBookings {
  rows: BookedSession[];
  savedAt: string;
}

/**
 * Le mie prenotazioni offline (issue 28): every loaded list is kept for the signed-in user; with no network and no
 * answer, the page shows the kept one read-only. The service worker never caches API answers: this is the only copy.
 */
export function useKeptBookings(
  filter: BookingsFilter,
  rows: BookedSession[] | undefined,
  failedOrPaused: boolean,
  /** The list's call got no answer (the network failing while the browser says it is online: issue 44 item 2). */
  unanswered = false,
): OfflineBookings | null {
  const userId = useAuthStore((s) => s.user?._id);
  const offlineSession = useAuthStore((s) => s.offline);
  useEffect(() => {
    if (userId && rows && !offlineSession) keepLastAnswer(userId, keptBookingsName(filter), rows);
  }, [userId, rows, filter, offlineSession]);
  if (rows || !failedOrPaused || !(offlineSession || isOffline() || unanswered)) return null;
  const kept = lastAnswer<BookedSession[]>(userId, keptBookingsName(filter));
  return kept ? { rows: kept.value, savedAt: kept.savedAt } : null;
}

/** The banner above the kept list. */
export function offlineBannerText(savedAt: string): string {
  return `Nessuna connessione: queste sono le prenotazioni caricate il ${formatDateTime(savedAt)}, in sola lettura.`;
}
