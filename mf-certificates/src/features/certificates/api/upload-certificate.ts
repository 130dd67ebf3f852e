import { api, type Certificate } from 'shared-api';
import { createMutation } from 'shared-ui';
import { CERTIFICATES_QUERY_KEY, certificatePath } from './get-certificates';

/** POST /certificate/{id}/user/{userId}, multipart field `file`: a new upload (record) of the certificate. */
export const useUploadCertificate = createMutation({
  mutationFn: ({ certificate, file }: { certificate: Certificate; file: File }) => {
    const body = new FormData();
    body.append('file', file);
    return api.post<Certificate>(certificatePath(certificate._id, certificate.user._id), body);
  },
  invalidates: CERTIFICATES_QUERY_KEY,
  toasts: {
    pending: 'Caricamento certificato in corso...',
    success: 'Certificato caricato con successo!',
    error: 'Errore durante il caricamento del certificato.',
  },
  // A refused file: the server says which rule (type read from the content, 5 MB).
  errorCodes: { detailed: ['FILE_TYPE_NOT_ALLOWED', 'FILE_TOO_LARGE'] },
});
