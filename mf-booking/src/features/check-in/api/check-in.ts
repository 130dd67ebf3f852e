import { ApiError, api, download, type CheckInResult } from 'shared-api';
import { createMutation } from 'shared-ui';
import { MY_BOOKINGS_QUERY_KEY } from '../../my-bookings/api/booked-sessions';

/** The codes a check-in may be refused with, each with its own Italian text saying what to do (issue 42). */
export const CHECK_IN_REFUSALS = ['CHECK_IN_LINK_INVALID', 'CHECK_IN_NO_BOOKING', 'CHECK_IN_TOO_EARLY', 'CHECK_IN_CLOSED'] as const;

/** POST /check-in/{token}: the member at the table of the code they scanned, and their partner when with them. */
export const useCheckIn = createMutation({
  mutationFn: ({ token, withPartners }: { token: string; withPartners: boolean }) =>
    api.post<CheckInResult>(`/check-in/${encodeURIComponent(token)}`, { withPartners }),
  invalidates: MY_BOOKINGS_QUERY_KEY,
  toasts: { pending: 'Registrazione della presenza...', success: 'Presenza registrata', error: 'Impossibile registrare la presenza' },
  errorCodes: { own: [...CHECK_IN_REFUSALS] },
});

/** POST /training-session/game-tables/{id}/check-in-link: a new code for the table; a sheet already printed stops working. */
export const useNewCheckInLink = createMutation({
  mutationFn: (tableId: string) => api.post<{ url: string }>(`/training-session/game-tables/${tableId}/check-in-link`),
  invalidates: 'game-tables',
  toasts: {
    pending: 'Generazione del nuovo codice...',
    success: 'Nuovo codice generato: stampa il foglio e sostituisci quello al tavolo',
    error: 'Impossibile generare il nuovo codice',
  },
});

/**
 * The table's check-in sheet (PDF): a table without a code gets one first (check-in starts on it from then), so the
 * first download of the sheet is all it takes.
 */
export async function downloadCheckInSheet(tableId: string, tableNumber: number): Promise<void> {
  const path = `/training-session/game-tables/${tableId}/check-in-sheet`;
  const fileName = `presenze-tavolo-${tableNumber}.pdf`;
  try {
    await download(path, fileName);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'CHECK_IN_NOT_ENABLED') throw error;
    await api.post(`/training-session/game-tables/${tableId}/check-in-link`);
    await download(path, fileName);
  }
}
