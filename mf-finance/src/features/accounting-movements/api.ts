import { api, download, type AccountingEntry, type ErrorTextOptions } from 'shared-api';
import { createMutation } from 'shared-ui';

/** Movimenti contabili reads GET /finance/accounting-entry through the DataTable under this key. */
export const ENTRIES_PATH = '/finance/accounting-entry';
export const ENTRIES_QUERY_KEY = 'finance-accounting-entries';

/** A JSON body, or multipart (the file in `attachment`, objects JSON-encoded) when a file is attached (spec 002 §7). */
export type EntryBody = Record<string, unknown> | FormData;

/**
 * Refusals that tell the user what to change: a taken progressive number, a movement without a cash or bank
 * subaccount for its payment type, an entry a member payment posted, a registration date too far ahead, and the file
 * and field checks.
 */
const ENTRY_REFUSALS: ErrorTextOptions = {
  own: ['PROGRESSIVE_TAKEN', 'NO_PAYMENT_SUBACCOUNT', 'ENTRY_POSTED_BY_PAYMENT', 'ENTRY_DATE_TOO_FAR'],
  detailed: ['VALIDATION_FAILED', 'FILE_TOO_LARGE', 'FILE_TYPE_NOT_ALLOWED', 'ACCOUNTING_ENTRY_NOT_FOUND'],
};

const CREATE_ERROR = 'Si è verificato un errore durante la creazione della voce contabile';

/** POST /finance/accounting-entry: one transaction line. */
export const useCreateEntry = createMutation({
  mutationFn: (body: EntryBody) => api.post<AccountingEntry>(ENTRIES_PATH, body),
  invalidates: ENTRIES_QUERY_KEY,
  toasts: { pending: 'Creazione in corso...', success: 'Voce contabile creata con successo!', error: CREATE_ERROR },
  errorCodes: ENTRY_REFUSALS,
});

/** POST /finance/accounting-entry/complex: more than one transaction line (spec 002 §8: its own success text). */
export const useCreateComplexEntry = createMutation({
  mutationFn: (body: EntryBody) => api.post<AccountingEntry>(`${ENTRIES_PATH}/complex`, body),
  invalidates: ENTRIES_QUERY_KEY,
  toasts: { pending: 'Creazione in corso...', success: 'Voci contabili create con successo!', error: CREATE_ERROR },
  errorCodes: ENTRY_REFUSALS,
});

export const useUpdateEntry = createMutation({
  mutationFn: ({ id, body }: { id: string; body: EntryBody }) => api.patch<AccountingEntry>(`${ENTRIES_PATH}/${id}`, body),
  invalidates: ENTRIES_QUERY_KEY,
  toasts: {
    pending: 'Modifica in corso...',
    success: 'Voce contabile modificata con successo!',
    error: 'Si è verificato un errore durante la modifica della voce contabile',
  },
  errorCodes: ENTRY_REFUSALS,
});

export const useDeleteEntry = createMutation({
  mutationFn: (id: string) => api.delete(`${ENTRIES_PATH}/${id}`),
  invalidates: ENTRIES_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione in corso...',
    success: 'Voce contabile eliminata con successo!',
    error: "Si è verificato un errore durante l'eliminazione della voce contabile",
  },
  errorCodes: ENTRY_REFUSALS,
});

/** GET /finance/accounting-entry/{id}/attachment, saved under the stored file's name. */
export const downloadAttachment = (entry: Pick<AccountingEntry, '_id' | 'attachment'>) =>
  download(`${ENTRIES_PATH}/${entry._id}/attachment`, entry.attachment?.name ?? 'allegato');
