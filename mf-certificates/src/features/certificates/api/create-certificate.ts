import { api, type Certificate, type CertificatePayload } from 'shared-api';
import { createMutation } from 'shared-ui';
import { CERTIFICATES_PATH, CERTIFICATES_QUERY_KEY } from './get-certificates';

/** POST /certificate: a certificate of a type for a user, before any upload. */
export const useCreateCertificate = createMutation({
  mutationFn: (body: CertificatePayload) => api.post<Certificate>(CERTIFICATES_PATH, body),
  invalidates: CERTIFICATES_QUERY_KEY,
  toasts: {
    pending: 'Creazione certificato in corso...',
    success: 'Certificato creato con successo!',
    error: 'Si è verificato un errore durante la creazione del certificato',
  },
  errorCodes: { own: ['CERTIFICATE_EXISTS'] },
});
