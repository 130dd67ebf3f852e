import { api, download, errorText } from 'shared-api';
import { toastPromise } from 'shared-ui';

/** Spec 000 §8. */
export const CARD_MESSAGES = {
  fileMissing: 'Impossibile caricare il certificato: file mancante.',
  uploadPending: 'Caricamento certificato in corso...',
  uploaded: 'Certificato caricato con successo!',
  uploadError: 'Errore durante il caricamento del certificato.',
  downloadPending: 'Download in corso...',
  downloaded: 'File scaricato con successo!',
  downloadError: 'Errore durante il download del file. Assicurati che il file sia disponibile e riprova.',
  noUser: 'Utente non trovato. Impossibile scaricare il certificato.',
} as const;

/** The certificate upload's toast stays 10 s (spec 000 §9). */
export const UPLOAD_TOAST_MS = 10_000;

/** POST /certificate/medical/user/me, multipart field `file`. */
export function uploadMyCertificate(file: File): Promise<unknown> {
  const body = new FormData();
  body.append('file', file);
  return toastPromise(
    () => api.post('/certificate/medical/user/me', body),
    {
      pending: CARD_MESSAGES.uploadPending,
      success: CARD_MESSAGES.uploaded,
      // A refused file says which rule; an upload still awaiting approval says so (spec 000 §4).
      error: (e) =>
        errorText(e, CARD_MESSAGES.uploadError, { own: ['MEDICAL_CERTIFICATE_PENDING'], detailed: ['FILE_TYPE_NOT_ALLOWED', 'FILE_TOO_LARGE'] }),
    },
    { autoClose: UPLOAD_TOAST_MS },
  );
}

/**
 * GET /certificate/user/{id}/medical/file, saved as certificato_{id}: without an upload the server answers
 * 'Medical certificate not found' (code MEDICAL_CERTIFICATE_NOT_FOUND), shown with its Italian text (spec 000 §8).
 */
export function downloadMyCertificate(userId: string): Promise<unknown> {
  return toastPromise(() => download(`/certificate/user/${userId}/medical/file`, `certificato_${userId}`), {
    pending: CARD_MESSAGES.downloadPending,
    success: CARD_MESSAGES.downloaded,
    error: (e) => errorText(e, CARD_MESSAGES.downloadError, { own: ['MEDICAL_CERTIFICATE_NOT_FOUND'] }),
  });
}

export type RequestFormKind = 'agonistic' | 'non-agonistic';

/** GET /pdf/medical-request/{kind}: the request form with the club's name and the member's data (spec 000 §7). */
export const REQUEST_FORMS: Record<RequestFormKind, { label: string; fileName: string }> = {
  agonistic: { label: 'Modulo certificato agonistico', fileName: 'modulo_certificato_agonistico' },
  'non-agonistic': { label: 'Modulo certificato non agonistico', fileName: 'modulo_certificato_non_agonistico' },
};

export function downloadRequestForm(kind: RequestFormKind): Promise<unknown> {
  return toastPromise(() => download(`/pdf/medical-request/${kind}`, REQUEST_FORMS[kind].fileName), {
    pending: CARD_MESSAGES.downloadPending,
    success: CARD_MESSAGES.downloaded,
    error: CARD_MESSAGES.downloadError,
  });
}
