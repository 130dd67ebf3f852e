import { api, type Certificate } from 'shared-api';
import { createMutation } from 'shared-ui';
import { CERTIFICATES_QUERY_KEY, certificatePath } from './get-certificates';

/**
 * PATCH /certificate/{id}/user/{userId}: the expiry date of the latest upload. Before any upload the server
 * answers 'No records found to update' (code NO_RECORDS_TO_UPDATE), shown with its Italian text (spec 001 §8).
 */
export const useEditCertificate = createMutation({
  mutationFn: ({ certificate, end_date }: { certificate: Certificate; end_date: string | null }) =>
    api.patch<Certificate>(certificatePath(certificate._id, certificate.user._id), { end_date }),
  invalidates: CERTIFICATES_QUERY_KEY,
  toasts: {
    pending: 'Modifica certificato in corso...',
    success: 'Certificato modificato con successo!',
    error: 'Errore durante la modifica del certificato',
  },
  errorCodes: { own: ['NO_RECORDS_TO_UPDATE', 'CERTIFICATE_OWN_RECORD', 'CERTIFICATE_END_DATE_REQUIRED'], server: ['CERTIFICATE_END_DATE_TOO_FAR'] },
});
