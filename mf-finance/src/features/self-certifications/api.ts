import { api, download, type SelfCertification, type SelfCertificationPayload } from 'shared-api';
import { createMutation } from 'shared-ui';

/** Autocertificazioni reads GET /finance/self-certification through the DataTable under this key. */
export const CERTIFICATIONS_PATH = '/finance/self-certification';
export const CERTIFICATIONS_QUERY_KEY = 'finance-self-certifications';

export const useCreateSelfCertification = createMutation({
  mutationFn: (body: SelfCertificationPayload & { period: { month: number; year: number } }) =>
    api.post<SelfCertification>(CERTIFICATIONS_PATH, body),
  invalidates: CERTIFICATIONS_QUERY_KEY,
  toasts: {
    pending: 'Creazione in corso...',
    success: 'Autocertificazione creata con successo!',
    error: "Si è verificato un errore durante la creazione dell'autocertificazione",
  },
  errorCodes: { detailed: ['VALIDATION_FAILED'] },
});

export const useDeleteSelfCertification = createMutation({
  mutationFn: (id: string) => api.delete(`${CERTIFICATIONS_PATH}/${id}`),
  invalidates: CERTIFICATIONS_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione in corso...',
    success: 'Autocertificazione eliminata con successo!',
    error: "Si è verificato un errore durante l'eliminazione dell'autocertificazione",
  },
});

/**
 * GET /finance/self-certification/{id}/pdf?showTotals=… (docs/decisions.md, "Business entities, self-certifications,
 * my payments"): the server renders the document; the browser saves it under the name the server gives.
 */
export const downloadSelfCertification = (certification: SelfCertification, showTotals: boolean) =>
  download(
    `${CERTIFICATIONS_PATH}/${certification._id}/pdf`,
    `autocertificazione-${certification.user.surname}-${certification.year}-${String(certification.month).padStart(2, '0')}`,
    { showTotals },
  );
