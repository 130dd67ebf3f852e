import { api, type Certificate } from 'shared-api';
import { createMutation } from 'shared-ui';
import { CERTIFICATES_QUERY_KEY, certificatePath } from './get-certificates';

export const useDeleteCertificate = createMutation({
  mutationFn: (certificate: Certificate) => api.delete(certificatePath(certificate._id, certificate.user._id)),
  invalidates: CERTIFICATES_QUERY_KEY,
  toasts: {
    pending: 'Eliminazione certificato in corso...',
    success: 'Certificato eliminato con successo!',
    error: "Si è verificato un errore durante l'eliminazione del certificato",
  },
});
