import { api, type Certificate } from 'shared-api';
import { createMutation } from 'shared-ui';
import { CERTIFICATES_QUERY_KEY, certificatePath } from './get-certificates';

export interface Approval {
  certificate: Certificate;
  recordId: string;
  end_date: string | null;
  notes: string;
}

/** PATCH /certificate/{id}/user/{userId}/record/{recordId}/approve with the expiry date (a medical certificate's is required) and the notes. */
export const useApproveCertificate = createMutation({
  mutationFn: ({ certificate, recordId, end_date, notes }: Approval) =>
    api.patch<Certificate>(`${certificatePath(certificate._id, certificate.user._id)}/record/${recordId}/approve`, { end_date, notes }),
  invalidates: CERTIFICATES_QUERY_KEY,
  toasts: {
    pending: 'Approvazione certificato in corso...',
    success: 'Certificato approvato con successo!',
    error: "Errore durante l'approvazione del certificato.",
  },
  // Issue 25: nobody approves their own certificate; a medical one needs an expiry within its type's validity (the server's message names the last day).
  errorCodes: { own: ['CERTIFICATE_OWN_RECORD', 'CERTIFICATE_END_DATE_REQUIRED'], server: ['CERTIFICATE_END_DATE_TOO_FAR'] },
});
